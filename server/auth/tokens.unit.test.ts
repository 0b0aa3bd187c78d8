import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokenVerifier, signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'unit-secret-that-is-long-enough-for-hs256-0123456789';
const NOW = new Date('2026-11-22T12:00:00Z');
const claims = {
  userId: '11111111-1111-4111-8111-111111111111',
  email: 'reader@example.com',
  sessionId: '22222222-2222-4222-8222-222222222222',
  userMetadata: { full_name: 'Ana' },
};
const expected = { userId: claims.userId, email: claims.email, sessionId: claims.sessionId };

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token built by hand, signed with HS256 over whatever header and payload it is given. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const signingInput = `${segment(header)}.${segment(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

const seconds = NOW.getTime() / 1000;
const goodPayload = {
  sub: claims.userId,
  email: claims.email,
  session_id: claims.sessionId,
  aud: 'authenticated',
  iat: seconds,
  exp: seconds + 3600,
};

describe('verifyAccessToken', () => {
  it('accepts the tokens signAccessToken makes, until they expire', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, claims, NOW);

    expect(verifyAccessToken(SECRET, token, NOW.getTime())).toEqual(expected);
    expect(verifyAccessToken(SECRET, token, expiresAt * 1000 - 1)).toEqual(expected);
    expect(verifyAccessToken(SECRET, token, expiresAt * 1000)).toBeUndefined();
  });

  it('accepts an HS256 token another JWT library signed, and an audience list that names ours', async () => {
    const token = await new SignJWT({ email: claims.email, session_id: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setAudience(['other', 'authenticated'])
      .setExpirationTime(seconds + 60)
      .sign(new TextEncoder().encode(SECRET));

    expect(verifyAccessToken(SECRET, token, NOW.getTime())).toEqual(expected);
  });

  it('refuses another secret, a changed payload and a cut signature', async () => {
    const { token } = await signAccessToken(SECRET, claims, NOW);
    const [header, , signature] = token.split('.');
    const raised = segment({ ...goodPayload, email: 'boss@example.com' });

    expect(verifyAccessToken(`${SECRET}x`, token, NOW.getTime())).toBeUndefined();
    expect(verifyAccessToken(SECRET, `${header}.${raised}.${signature}`, NOW.getTime())).toBeUndefined();
    expect(verifyAccessToken(SECRET, token.slice(0, -2), NOW.getTime())).toBeUndefined();
    expect(verifyAccessToken(SECRET, `${token}AA`, NOW.getTime())).toBeUndefined();
  });

  it('never lets the token choose its algorithm', async () => {
    const unsigned = `${segment({ alg: 'none', typ: 'JWT' })}.${segment(goodPayload)}.`;
    const hs512 = await new SignJWT(goodPayload)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(SECRET));
    // HS256 computed by hand but labelled otherwise: the label alone must be enough to refuse it.
    const mislabelled = handMade({ alg: 'RS256', typ: 'JWT' }, goodPayload);

    for (const token of [unsigned, hs512, mislabelled]) {
      expect(verifyAccessToken(SECRET, token, NOW.getTime()), token).toBeUndefined();
    }
  });

  it('refuses header fields it does not process, and a typ other than JWT', () => {
    expect(
      verifyAccessToken(SECRET, handMade({ alg: 'HS256', crit: ['exp'] }, goodPayload), NOW.getTime()),
    ).toBeUndefined();
    expect(
      verifyAccessToken(SECRET, handMade({ alg: 'HS256', kid: 'a' }, goodPayload), NOW.getTime()),
    ).toBeUndefined();
    expect(
      verifyAccessToken(SECRET, handMade({ alg: 'HS256', typ: 'at+jwt' }, goodPayload), NOW.getTime()),
    ).toBeUndefined();
    expect(verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, goodPayload), NOW.getTime())).toEqual(
      expected,
    );
  });

  it('checks each claim and its type', () => {
    const refused = [
      { ...goodPayload, aud: 'anon' },
      { ...goodPayload, aud: undefined },
      { ...goodPayload, exp: undefined },
      { ...goodPayload, exp: String(goodPayload.exp) },
      { ...goodPayload, exp: seconds - 1 },
      { ...goodPayload, nbf: seconds + 60 },
      { ...goodPayload, nbf: 'soon' },
      { ...goodPayload, sub: 42 },
      { ...goodPayload, email: undefined },
      { ...goodPayload, session_id: null },
    ];
    for (const payload of refused) {
      expect(
        verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, payload), NOW.getTime()),
        JSON.stringify(payload),
      ).toBeUndefined();
    }
    expect(
      verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, { ...goodPayload, nbf: seconds }), NOW.getTime()),
    ).toEqual(expected);
  });

  it('answers undefined, never throws, for anything that is not a token', () => {
    const junk = [
      '',
      'not.a.jwt',
      'a.b',
      'a.b.c.d',
      `${segment([1, 2])}.${segment(goodPayload)}.x`,
      `${Buffer.from('{"alg":').toString('base64url')}.e30.x`,
      `${segment({ alg: 'HS256' })}.${Buffer.from('null').toString('base64url')}.${'A'.repeat(43)}`,
      `${segment({ alg: 'HS256' })}.${segment(goodPayload)}.${'+'.repeat(43)}`,
      `${segment({ alg: 'HS256' })}.@@@.${'A'.repeat(43)}`,
    ];
    for (const token of junk) {
      expect(() => verifyAccessToken(SECRET, token, NOW.getTime()), token).not.toThrow();
      expect(verifyAccessToken(SECRET, token, NOW.getTime()), token).toBeUndefined();
    }
    // A payload that is valid JSON but not an object, correctly signed.
    expect(verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, 'text'), NOW.getTime())).toBeUndefined();
  });
});

describe('AccessTokenVerifier', () => {
  it('answers a token it verified before from memory, and refuses it once it expires', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, claims, NOW);
    const verifier = new AccessTokenVerifier(SECRET);

    expect(verifier.verify(token, NOW.getTime())).toEqual(expected);
    expect(verifier.verify(token, expiresAt * 1000 - 1)).toEqual(expected);
    expect(verifier.verify(token, expiresAt * 1000)).toBeUndefined();
    expect(verifier.verify(token, NOW.getTime())).toEqual(expected);
  });

  it('refuses what verifyAccessToken refuses, every time', async () => {
    const { token } = await signAccessToken(`${SECRET}x`, claims, NOW);
    const verifier = new AccessTokenVerifier(SECRET);
    const tampered = `${token.slice(0, -3)}AAA`;

    for (let attempt = 0; attempt < 2; attempt++) {
      expect(verifier.verify(token, NOW.getTime())).toBeUndefined();
      expect(verifier.verify(tampered, NOW.getTime())).toBeUndefined();
    }
  });

  it('keeps at most its number of tokens, forgetting the oldest, and still verifies a forgotten one', async () => {
    const verifier = new AccessTokenVerifier(SECRET, 2);
    const tokens = await Promise.all(
      ['a', 'b', 'c'].map(
        async (session) => (await signAccessToken(SECRET, { ...claims, sessionId: session }, NOW)).token,
      ),
    );
    for (const token of tokens) verifier.verify(token, NOW.getTime());

    const remembered = (verifier as unknown as { verified: Map<string, unknown> }).verified;
    expect([...remembered.keys()]).toEqual([tokens[1], tokens[2]]);
    expect(verifier.verify(tokens[0] ?? '', NOW.getTime())?.sessionId).toBe('a');
  });
});
