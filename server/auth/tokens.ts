import { createHmac, hash, randomBytes, randomInt, timingSafeEqual, verify } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TokenKeys } from '#server/signing-keys.ts';

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
  return hash('sha256', token, 'hex');
}

/** What is stored for a short code: an HMAC keyed with the server's secret, bound to its link's token. */
export function hashCode(secret: string, code: string, tokenHash: string): string {
  return createHmac('sha256', secret).update(`${tokenHash}:${code}`).digest('hex');
}

// The HMAC key, imported once per secret as the CryptoKey jose works with: given raw bytes or a KeyObject,
// jose imports the key again on every call (about 0.1 ms through WebCrypto), which every authenticated
// request paid (bench/dictionary, docs/decisions/028).
const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
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

interface VerifiedToken {
  claims: AccessClaims;
  /** The token's `exp`, in milliseconds. */
  expiresAtMs: number;
}

/** The keys tokens are signed and verified with; a string is the HS256 secret alone. */
const keysOf = (keys: string | TokenKeys): TokenKeys => (typeof keys === 'string' ? { secret: keys } : keys);

/**
 * Signs a 1-hour access token with the claims GoTrue puts in one: with the asymmetric signing key when there is
 * one (its `kid` in the header, as GoTrue's), else HS256 with the secret.
 */
export async function signAccessToken(
  keys: string | TokenKeys,
  claims: AccessClaims & {
    userMetadata: Record<string, unknown>;
    /** The auth server's address, GoTrue's `iss` (the site's /auth/v1). */
    issuer?: string;
    /** When the address was proved for this session, GoTrue's `amr` timestamp; `now` when not given. */
    signedInAt?: Date;
  },
  now = new Date(),
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
  const jwt = new SignJWT({
    email: claims.email,
    role: 'authenticated',
    session_id: claims.sessionId,
    user_metadata: claims.userMetadata,
    app_metadata: { provider: 'email', providers: ['email'] },
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: Math.floor((claims.signedInAt ?? now).getTime() / 1000) }],
    is_anonymous: false,
    ...(claims.issuer ? { iss: claims.issuer } : {}),
  });
  const { secret, signing } = keysOf(keys);
  const token = await jwt
    .setProtectedHeader(
      signing ? { alg: signing.alg, typ: 'JWT', kid: signing.kid } : { alg: ALGORITHM, typ: 'JWT' },
    )
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signing ? signing.privateKey : await signingKey(secret));
  return { token, expiresAt };
}

// The header fields a token of ours carries; any other (crit, jku, x5u...) may ask for processing we do not do.
const HEADER_FIELDS = new Set(['alg', 'typ', 'kid']);

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies an access token (HS256 with the secret, or the asymmetric signing key's algorithm with its kid;
 * audience, expiry, not-before); answers its claims, or undefined when not valid. Written on node:crypto rather
 * than jose's WebCrypto path: every authenticated request passes here, and an HMAC with a constant-time compare
 * costs about a fifth of it (bench/dictionary, docs/decisions/028). The rules are RFC 7519's and RFC 8725's:
 * the algorithm is fixed by us, never read from the token ("none" and every other alg are refused, and a token
 * claiming the signing key's algorithm is checked with that key alone), the signature is checked before the
 * payload is trusted, and the claims are checked with their types.
 */
export function verifyAccessToken(
  keys: string | TokenKeys,
  token: string,
  now = Date.now(),
): AccessClaims | undefined {
  return verifyToken(keysOf(keys), token, now)?.claims;
}

/** Whether the signature part is the one the keys make for `signed` under the header's algorithm. */
function isSignedBy(
  keys: TokenKeys,
  header: Record<string, unknown>,
  signed: string,
  signature: string,
): boolean {
  if (header.alg === ALGORITHM) {
    if (header.kid !== undefined || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
    const expected = createHmac('sha256', keys.secret).update(signed).digest();
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const { signing } = keys;
  if (!signing || header.alg !== signing.alg || header.kid !== signing.kid) return false;
  if (!/^[A-Za-z0-9_-]+$/.test(signature)) return false;
  // ES256 signatures are r and s side by side (RFC 7518 §3.4), not DER.
  const key =
    signing.alg === 'ES256'
      ? { key: signing.publicKey, dsaEncoding: 'ieee-p1363' as const }
      : signing.publicKey;
  return verify('sha256', Buffer.from(signed), key, Buffer.from(signature, 'base64url'));
}

function verifyToken(keys: TokenKeys, token: string, now: number): VerifiedToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeSegment(headerPart);
  if (!header) return undefined;
  if (header.typ !== undefined && header.typ !== 'JWT') return undefined;
  for (const field of Object.keys(header)) if (!HEADER_FIELDS.has(field)) return undefined;
  if (!isSignedBy(keys, header, `${headerPart}.${payloadPart}`, signaturePart)) return undefined;

  const payload = decodeSegment(payloadPart);
  if (!payload) return undefined;
  const seconds = now / 1000;
  const { exp, nbf, aud, sub, email, session_id: sessionId } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || seconds >= exp) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || seconds < nbf)) return undefined;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(AUDIENCE)) return undefined;
  if (typeof sub !== 'string' || typeof email !== 'string' || typeof sessionId !== 'string') return undefined;
  return { claims: { userId: sub, email, sessionId }, expiresAtMs: exp * 1000 };
}

/**
 * Verifies access tokens like verifyAccessToken, remembering the tokens it has verified: a learner's browser
 * sends the same token with every call for up to an hour, and checking its HMAC and decoding its claims again
 * was a fifth of a cached lookup's time. A remembered token is still refused once it expires. At most
 * `entries` tokens are kept (the oldest verified is forgotten first); refused tokens are never kept, so junk
 * cannot fill it.
 */
export class AccessTokenVerifier {
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly keys: TokenKeys;

  constructor(
    keys: string | TokenKeys,
    private readonly entries = 10_000,
  ) {
    this.keys = keysOf(keys);
  }

  verify(token: string, now = Date.now()): AccessClaims | undefined {
    const known = this.verified.get(token);
    if (known) {
      if (now < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    const checked = verifyToken(this.keys, token, now);
    if (!checked || this.entries <= 0) return checked?.claims;
    if (this.verified.size >= this.entries) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, checked);
    return checked.claims;
  }
}
