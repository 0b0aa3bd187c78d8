import { createPrivateKey, createPublicKey, hash, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';

/**
 * An asymmetric key that signs access tokens (JWT_SIGNING_KEY), so another service can verify a learner's
 * token with the public half published at /auth/v1/.well-known/jwks.json, without sharing a secret.
 */
export interface SigningKey {
  alg: 'ES256' | 'RS256';
  /** The key's id in every token's header and in the key set: its RFC 7638 thumbprint. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public half as a JWK, as the key set publishes it. */
  publicJwk: JWK;
}

/**
 * What signs and verifies access tokens: HS256 with the server's secret (the default, nothing to set up), or
 * an asymmetric key, beside which tokens signed with the secret before the switch still verify for their hour.
 */
export interface TokenKeys {
  secret: string;
  signing?: SigningKey | undefined;
}

export const SIGNING_KEY_PROBLEM =
  'must be a PEM private key (EC P-256 for ES256, or RSA of 2048 bits or more for RS256), or such a key as a JWK';

/**
 * Reads JWT_SIGNING_KEY: a PEM private key (PKCS #8, SEC 1 or PKCS #1; "\n" written as two characters is read as
 * a line break, as environment files often hold it) or a private JWK. Throws an Error with SIGNING_KEY_PROBLEM
 * for anything else, so the server refuses to start rather than sign with a key nobody meant.
 */
export function readSigningKey(text: string): SigningKey {
  let privateKey: KeyObject;
  try {
    const trimmed = text.trim();
    privateKey = trimmed.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(trimmed) as JWK & { kty: string }, format: 'jwk' })
      : createPrivateKey(trimmed.replaceAll('\\n', '\n'));
  } catch {
    throw new Error(SIGNING_KEY_PROBLEM);
  }
  const alg = algorithmOf(privateKey);
  if (!alg) throw new Error(SIGNING_KEY_PROBLEM);
  const publicKey = createPublicKey(privateKey);
  const exported = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = thumbprint(exported);
  return {
    alg,
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...exported, kid, alg, use: 'sig', key_ops: ['verify'] },
  };
}

/** RFC 7638: the SHA-256 of the key's required members, in order, as JSON without spaces. */
function thumbprint(jwk: JWK): string {
  const members =
    jwk.kty === 'EC'
      ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
      : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return hash('sha256', JSON.stringify(members), 'base64url');
}

function algorithmOf(key: KeyObject): SigningKey['alg'] | undefined {
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === 'ec' && details?.namedCurve === 'prime256v1') return 'ES256';
  if (key.asymmetricKeyType === 'rsa' && (details?.modulusLength ?? 0) >= 2048) return 'RS256';
  return undefined;
}

/**
 * The key set GoTrue publishes at /.well-known/jwks.json: the public half of the signing key, if there is one.
 * A secret (HS256) is never published, so with the default set-up the set is empty, as GoTrue's is.
 */
export function keySet(keys: TokenKeys): { keys: JWK[] } {
  return { keys: keys.signing ? [keys.signing.publicJwk] : [] };
}
