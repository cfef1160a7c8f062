// Password encryption for login (CONTRACT.md): RSA-OAEP with SHA-256 through WebCrypto.
// PKCS#1 v1.5 (jsencrypt) is deliberately not used: the server refuses it as a decryption oracle.

function pemBody(pem: string): string {
  return pem
    .replace(/-----BEGIN [^-]+-----/g, '')
    .replace(/-----END [^-]+-----/g, '')
    .replace(/\s+/g, '');
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}

/** Encrypts `plain` for the server's SPKI public key (PEM) and returns base64 ciphertext. */
export async function encryptPassword(publicKeyPem: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // crypto.subtle exists only in secure contexts (https or localhost): say so instead of a TypeError.
  if (!subtle) throw new Error('WebCrypto is unavailable: open the application over https or localhost');
  const key = await subtle.importKey('spki', base64ToBytes(pemBody(publicKeyPem)), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return bytesToBase64(new Uint8Array(cipher));
}
