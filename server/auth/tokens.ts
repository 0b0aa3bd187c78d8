import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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

/** Signs a 1-hour access token with the claims GoTrue puts in one. */
export async function signAccessToken(
  secret: string,
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
  const token = await new SignJWT({
    email: claims.email,
    role: 'authenticated',
    session_id: claims.sessionId,
    user_metadata: claims.userMetadata,
    app_metadata: { provider: 'email', providers: ['email'] },
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: Math.floor((claims.signedInAt ?? now).getTime() / 1000) }],
    is_anonymous: false,
    ...(claims.issuer ? { iss: claims.issuer } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await signingKey(secret));
  return { token, expiresAt };
}

// The header fields a token of ours carries; any other (crit, jku, kid...) may ask for processing we do not do.
const HEADER_FIELDS = new Set(['alg', 'typ']);

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
 * Verifies an access token (HS256 only, audience, expiry, not-before); answers its claims, or undefined when
 * not valid. Written on node:crypto rather than jose's WebCrypto path: every authenticated request passes here,
 * and an HMAC with a constant-time compare costs about a fifth of it (bench/dictionary, docs/decisions/028).
 * The rules are RFC 7519's and RFC 8725's: the algorithm is fixed by us, never read from the token ("none"
 * and every other alg are refused), the signature is checked before the payload is trusted, and the claims
 * are checked with their types.
 */
export function verifyAccessToken(secret: string, token: string, now = Date.now()): AccessClaims | undefined {
  return verifyToken(secret, token, now)?.claims;
}

function verifyToken(secret: string, token: string, now: number): VerifiedToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeSegment(headerPart);
  if (!header || header.alg !== ALGORITHM) return undefined;
  if (header.typ !== undefined && header.typ !== 'JWT') return undefined;
  for (const field of Object.keys(header)) if (!HEADER_FIELDS.has(field)) return undefined;

  if (!/^[A-Za-z0-9_-]{43}$/.test(signaturePart)) return undefined;
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;

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

  constructor(
    private readonly secret: string,
    private readonly entries = 10_000,
  ) {}

  verify(token: string, now = Date.now()): AccessClaims | undefined {
    const known = this.verified.get(token);
    if (known) {
      if (now < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    const checked = verifyToken(this.secret, token, now);
    if (!checked || this.entries <= 0) return checked?.claims;
    if (this.verified.size >= this.entries) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, checked);
    return checked.claims;
  }
}
