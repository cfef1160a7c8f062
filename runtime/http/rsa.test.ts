import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './rsa';

describe('encryptPassword', () => {
  it('produces RSA-OAEP SHA-256 ciphertext the private key decrypts', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const cipher = await encryptPassword(pem, 'Srm#Demo2026 密码');
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipher, 'base64'));
    expect(plain.toString('utf8')).toBe('Srm#Demo2026 密码');
  });
});
