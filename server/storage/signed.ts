import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed addresses for private objects on the local driver: `/media/{key}?expires={unix seconds}&name=…&signature=…`,
 * where the signature is an HMAC-SHA256 over the key, the expiry and the download name, under a key derived from
 * the server's secret. Like an S3 presigned URL, it opens one object until it expires, and changing any part of it
 * (another key, a later expiry) breaks the signature.
 */

/** The signing key: derived, so a media address never reveals anything about the secret that signs sessions. */
function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('catamaran/media-url/v1').digest();
}

function signature(secret: string, key: string, expires: number, name: string): string {
  return createHmac('sha256', signingKey(secret)).update(`${key}\n${expires}\n${name}`).digest('base64url');
}

/** The query string that opens `key` until `expiresAt` (seconds since the epoch), downloaded as `downloadName`. */
export function signMediaQuery(secret: string, key: string, expiresAt: number, downloadName = ''): string {
  const query = new URLSearchParams({ expires: String(expiresAt) });
  if (downloadName) query.set('name', downloadName);
  query.set('signature', signature(secret, key, expiresAt, downloadName));
  return query.toString();
}

export type MediaSignatureCheck =
  | { ok: true; downloadName: string }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/** Checks a signed address's query for `key` at `now` (milliseconds): present, unexpired and unaltered. */
export function checkMediaSignature(
  secret: string,
  key: string,
  query: Record<string, unknown>,
  now = Date.now(),
): MediaSignatureCheck {
  const { expires, signature: given, name = '' } = query;
  if (typeof expires !== 'string' || typeof given !== 'string' || typeof name !== 'string') {
    return { ok: false, reason: 'missing' };
  }
  if (!/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(secret, key, Number(expires), name));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number(expires) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, downloadName: name };
}

/** A Content-Disposition that downloads under `name`, readable by every browser (RFC 6266 with RFC 8187). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
