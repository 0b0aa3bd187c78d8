import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '#server/auth/tokens.ts';
import { loadConfig } from '#server/config.ts';
import { keySet, readSigningKey, SIGNING_KEY_PROBLEM } from '#server/signing-keys.ts';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-0123456789';
const pem = (pair: { privateKey: { export(options: object): string | Buffer } }, type = 'pkcs8') =>
  String(pair.privateKey.export({ format: 'pem', type }));
const ec = (namedCurve = 'prime256v1') => generateKeyPairSync('ec', { namedCurve });
const rsa = (modulusLength = 2048) => generateKeyPairSync('rsa', { modulusLength });
const CLAIMS = { userId: 'user-1', email: 'ana@example.com', sessionId: 'session-1', userMetadata: {} };

describe('readSigningKey', () => {
  it('reads an EC P-256 key as ES256 and an RSA key as RS256, named by their RFC 7638 thumbprint', async () => {
    const es = readSigningKey(pem(ec()));
    const rs = readSigningKey(pem(rsa()));

    expect(es.alg).toBe('ES256');
    expect(rs.alg).toBe('RS256');
    expect(es.kid).toBe(await calculateJwkThumbprint(es.publicJwk, 'sha256'));
    expect(rs.kid).toBe(await calculateJwkThumbprint(rs.publicJwk, 'sha256'));
    expect(es.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: es.kid });
    expect(es.publicJwk).not.toHaveProperty('d');
  });

  it('reads SEC 1 and PKCS #1 PEM, "\\n" written out as an environment file holds it, and a private JWK', () => {
    const pair = ec();
    const sec1 = readSigningKey(pem(pair, 'sec1').trim().replaceAll('\n', '\\n'));
    const jwk = readSigningKey(JSON.stringify(pair.privateKey.export({ format: 'jwk' })));
    const pkcs1 = readSigningKey(pem(rsa(), 'pkcs1'));

    expect(sec1.kid).toBe(jwk.kid);
    expect(pkcs1.alg).toBe('RS256');
  });

  it('refuses other curves, short RSA keys, Ed25519, a public key and text that is no key', () => {
    const refused = [
      pem(ec('secp384r1')),
      pem(rsa(1024)),
      String(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' })),
      String(ec().publicKey.export({ format: 'pem', type: 'spki' })),
      'not a key',
      '{"kty":"oct","k":"c2VjcmV0"}',
    ];
    for (const text of refused)
      expect(() => readSigningKey(text), text.slice(0, 40)).toThrow(SIGNING_KEY_PROBLEM);
  });

  it('is read from JWT_SIGNING_KEY, and a bad one stops the server with a sentence that shows no key', () => {
    expect(loadConfig({ JWT_SIGNING_KEY: pem(ec()) }).jwtSigningKey?.alg).toBe('ES256');
    expect(loadConfig({}).jwtSigningKey).toBeUndefined();
    const secretLooking = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg-not-really';
    expect(() => loadConfig({ JWT_SIGNING_KEY: secretLooking })).toThrow(
      /JWT_SIGNING_KEY must be a PEM private key/,
    );
    try {
      loadConfig({ JWT_SIGNING_KEY: secretLooking });
    } catch (error) {
      expect(String(error)).not.toContain(secretLooking);
    }
  });
});

describe('tokens signed with the signing key', () => {
  for (const [name, pair] of [
    ['ES256', ec()],
    ['RS256', rsa()],
  ] as const) {
    it(`${name}: another service verifies them with the published key set alone, and so does the server`, async () => {
      const signing = readSigningKey(pem(pair));
      const keys = { secret: SECRET, signing };

      const { token } = await signAccessToken(keys, CLAIMS);

      expect(decodeProtectedHeader(token)).toEqual({ alg: name, typ: 'JWT', kid: signing.kid });
      const { payload } = await jwtVerify(token, createLocalJWKSet(keySet(keys)), {
        audience: 'authenticated',
      });
      expect(payload).toMatchObject({ sub: 'user-1', session_id: 'session-1' });
      expect(verifyAccessToken(keys, token)).toEqual({
        userId: 'user-1',
        email: 'ana@example.com',
        sessionId: 'session-1',
      });
      // Without the key, the same token is not ours.
      expect(verifyAccessToken(SECRET, token)).toBeUndefined();
    });
  }

  it('still verifies HS256 tokens signed before the key was set, for the rest of their hour', async () => {
    const keys = { secret: SECRET, signing: readSigningKey(pem(ec())) };
    const { token } = await signAccessToken(SECRET, CLAIMS);

    expect(verifyAccessToken(keys, token)?.userId).toBe('user-1');
  });

  it('refuses a changed payload, another key of the same kind, an unknown kid, and the public key used as an HMAC secret', async () => {
    const signing = readSigningKey(pem(ec()));
    const keys = { secret: SECRET, signing };
    const { token } = await signAccessToken(keys, CLAIMS);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'admin' }),
    ).toString('base64url');
    const other = await signAccessToken({ secret: SECRET, signing: readSigningKey(pem(ec())) }, CLAIMS);
    const otherKid = { ...signing, kid: 'another-kid' };
    const withOtherKid = await signAccessToken({ secret: SECRET, signing: otherKid }, CLAIMS);
    // The old algorithm-confusion attack: HS256 keyed with the public key, which anyone can fetch.
    const publicPem = String(signing.publicKey.export({ format: 'pem', type: 'spki' }));
    const confused = await new SignJWT({ email: 'x@example.com', session_id: 's' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signing.kid })
      .setSubject('admin')
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(publicPem));

    for (const forged of [`${header}.${changed}.${signature}`, other.token, withOtherKid.token, confused]) {
      expect(verifyAccessToken(keys, forged)).toBeUndefined();
    }
  });
});
