import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Job payloads that carry secrets (a magic link) are sealed with AES-256-GCM, keyed from the server secret, so
 * the jobs table never holds a usable link.
 */
export function sealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'catamaran', 'job payloads', 32));
  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open<T>(sealed: string): T {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(
        Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
      ) as T;
    },
  };
}
