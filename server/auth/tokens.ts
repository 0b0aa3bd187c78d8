import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** How long an access token lives (design.md: 1 hour). */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
const ALGORITHM = 'HS256';
const AUDIENCE = 'authenticated';

/** An unguessable token: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A 6-digit code, uniformly drawn. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What is stored for a token: its SHA-256, so a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What is stored for a short code: an HMAC keyed with the server's secret, bound to its link's token. */
export function hashCode(secret: string, code: string, tokenHash: string): string {
  return createHmac('sha256', secret).update(`${tokenHash}:${code}`).digest('hex');
}

// The HMAC key, imported once per secret as the CryptoKey jose works with: given raw bytes or a KeyObject,
// jose imports the key again on every call (about 0.1 ms through WebCrypto), which every authenticated
// request paid (bench/dictionary, docs/decisions/011).
const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // One secret in production; tests make a few. Never a cache that grows with requests.
    if (signingKeys.size < 16) signingKeys.set(secret, key);
  }
  return key;
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AccessClaims {
  userId: string;
  email: string;
  sessionId: string;
}

/** Signs a 1-hour access token with the claims GoTrue puts in one. */
export async function signAccessToken(
  secret: string,
  claims: AccessClaims & { userMetadata: Record<string, unknown> },
  now = new Date(),
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({
    email: claims.email,
    role: 'authenticated',
    session_id: claims.sessionId,
    user_metadata: claims.userMetadata,
    app_metadata: { provider: 'email', providers: ['email'] },
    aal: 'aal1',
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await signingKey(secret));
  return { token, expiresAt };
}

/** Verifies an access token (HS256 only, audience, expiry); answers its claims, or undefined when not valid. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(secret), {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
    });
    const { sub, email, session_id: sessionId } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sessionId !== 'string')
      return undefined;
    return { userId: sub, email, sessionId };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
