// The login key pair: generated on first start, kept in DATA_DIR so that every process and restart
// decrypts what a browser encrypted with the public key it was given.
import { generateKeyPairSync, privateDecrypt, constants, type KeyObject, createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RsaKeys {
  publicKeyPem: string;
  privateKey: KeyObject;
}

export function loadOrCreateKeys(dataDir: string): RsaKeys {
  const dir = join(dataDir, 'keys');
  const privPath = join(dir, 'login-rsa.pem');
  const pubPath = join(dir, 'login-rsa.pub.pem');
  if (!existsSync(privPath) || !existsSync(pubPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(privPath, privateKey, { mode: 0o600 });
    writeFileSync(pubPath, publicKey);
  }
  return { publicKeyPem: readFileSync(pubPath, 'utf8'), privateKey: createPrivateKey(readFileSync(privPath, 'utf8')) };
}

/** RSA-OAEP with SHA-256 only (PKCS#1 v1.5 is a decryption oracle). Null when it does not decrypt. */
export function decryptOaep(keys: RsaKeys, base64: string): string | null {
  try {
    return privateDecrypt({ key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64')).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
