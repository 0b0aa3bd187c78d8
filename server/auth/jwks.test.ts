// Tokens for other services (issue 20): the signing key's public half at GoTrue's /.well-known/jwks.json, so a
// service verifies a learner's access token without a shared secret; HS256 with JWT_SECRET stays the default,
// whose secret is never published.
import { generateKeyPairSync } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSigningKey } from '#server/signing-keys.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const signingKey = readSigningKey(
  String(
    generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    }),
  ),
);

describe('the key set with the default HS256 secret', () => {
  const t = setupTestApp();

  it('is empty, and may be cached', async () => {
    const response = await t.get('/auth/v1/.well-known/jwks.json');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ keys: [] });
    expect(response.headers['cache-control']).toBe('public, max-age=600');
  });

  it('leaves every other auth answer uncached', async () => {
    const { accessToken } = await signIn(t.db, await createUser(t.db));

    const response = await t.get('/auth/v1/user', { token: accessToken });

    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('with an ES256 JWT_SIGNING_KEY', () => {
  const t = setupTestApp({ config: { jwtSigningKey: signingKey } });
  let authUrl = '';

  beforeAll(async () => {
    authUrl = await listenForAuth(t.app);
  });

  it('publishes the public key alone', async () => {
    const response = await t.get<{ keys: Record<string, unknown>[] }>('/auth/v1/.well-known/jwks.json');

    expect(response.body.keys).toEqual([
      expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: signingKey.kid }),
    ]);
    expect(response.body.keys[0]).not.toHaveProperty('d');
  });

  it('signs sessions with it: another service verifies them through the key set, and the API takes them', async () => {
    const user = await createUser(t.db);
    const { refreshToken } = await signIn(t.db, user);
    const auth = authClient(authUrl);

    // A refresh through the auth server: the session it answers is signed as the server signs them now.
    const { data, error } = await auth.refreshSession({ refresh_token: refreshToken });
    expect(error).toBeNull();
    const token = data.session?.access_token ?? '';

    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: signingKey.kid });
    const keys = createRemoteJWKSet(new URL(`${authUrl}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(token, keys, {
      audience: 'authenticated',
      issuer: 'http://localhost:3000/auth/v1',
    });
    expect(payload).toMatchObject({ sub: user.id, email: user.email, role: 'authenticated' });
    expect((await t.get('/api/me/subscription/', { token })).status).toBe(200);
    expect((await auth.getUser()).data.user?.id).toBe(user.id);
  });

  it('still takes an HS256 token signed with the secret before the key was set', async () => {
    const { accessToken } = await signIn(t.db, await createUser(t.db));

    expect((await t.get('/api/me/subscription/', { token: accessToken })).status).toBe(200);
    expect((await t.get('/auth/v1/user', { token: accessToken })).status).toBe(200);
  });
});
