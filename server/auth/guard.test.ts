import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { setupTestApp, TEST_JWT_SECRET } from '#server/testing/app.ts';
import { createUser, giveSubscription, signIn } from '#server/testing/factories.ts';

const t = setupTestApp({ config: { adminEmails: ['boss@example.com'] } });

async function forgedToken(options: {
  secret?: string;
  alg?: 'HS256' | 'HS512';
  expiresIn?: string;
  aud?: string;
}) {
  return new SignJWT({
    email: 'x@example.com',
    session_id: '00000000-0000-0000-0000-000000000000',
    role: 'authenticated',
  })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject('00000000-0000-0000-0000-000000000000')
    .setAudience(options.aud ?? 'authenticated')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

describe('the /api guard', () => {
  it('answers 401 Not authenticated without a token', async () => {
    const response = await t.get('/api/me/subscription/');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Not authenticated' });
  });

  it('refuses a token signed with another secret, another algorithm, another audience, or expired', async () => {
    const tokens = [
      await forgedToken({ secret: 'another-secret-that-is-long-enough-0123456789' }),
      await forgedToken({ alg: 'HS512' }),
      await forgedToken({ aud: 'anon' }),
      await forgedToken({ expiresIn: '-1m' }),
      'not.a.jwt',
      // alg "none": an unsigned token must never pass.
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","aud":"authenticated","email":"x@example.com","session_id":"s"}').toString('base64url')}.`,
    ];
    for (const token of tokens) {
      const response = await t.get('/api/me/subscription/', { token });
      expect(response.status, token).toBe(401);
    }
  });

  it('answers 401 session_not_found to a token whose user was deleted, on the calls that write', async () => {
    const user = await createUser(t.db);
    const { accessToken: token } = await signIn(t.db, user);
    await t.db.delete(users).where(eq(users.id, user.id));

    const writes = [
      { method: 'POST', url: '/api/feedback/', payload: { feedback_text: 'Hola' } },
      { method: 'POST', url: '/api/words/save/', payload: { word: 'hola', language: 'es' } },
      { method: 'POST', url: '/api/user/language-progress/', payload: { language_id: 1 } },
      { method: 'PUT', url: '/api/daily-goal/?language=es', payload: { goal_minutes: 10 } },
    ] as const;
    for (const write of writes) {
      expect(await t.request({ ...write, token }), write.url).toMatchObject({
        status: 401,
        body: {
          error: 'Your session has ended: sign in again.',
          code: 'session_not_found',
          error_code: 'session_not_found',
        },
      });
    }
  });

  it('lets the public calls through without a token', async () => {
    expect((await t.get('/api/languages/')).status).toBe(200);
    expect((await t.get('/api/health')).status).toBe(200);
  });
});

describe('GET /api/me/subscription/', () => {
  it('answers the free plan to a signed-in learner', async () => {
    const { accessToken } = await signIn(t.db, await createUser(t.db));

    const response = await t.get('/api/me/subscription/', { token: accessToken });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      is_pro: false,
      subscription_status: 'inactive',
      has_stripe_customer: false,
      subscription_end_date: null,
    });
  });

  it('answers the learner’s own plan: Stripe’s, or a gift', async () => {
    const subscriber = await createUser(t.db);
    await giveSubscription(t.db, subscriber.id, { stripeCustomerId: 'cus_guard_1' });
    const lapsed = await createUser(t.db);
    await giveSubscription(t.db, lapsed.id, { stripeCustomerId: 'cus_guard_2', status: 'past_due' });
    const gifted = await createUser(t.db);
    await giveSubscription(t.db, gifted.id, {
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      status: 'inactive',
      currentPeriodEnd: null,
      isGrantedPro: true,
    });
    const plan = async (user: { id: string }) =>
      (await t.get('/api/me/subscription/', { token: (await signIn(t.db, user)).accessToken })).body;

    expect(await plan(subscriber)).toEqual({
      is_pro: true,
      subscription_status: 'active',
      has_stripe_customer: true,
      subscription_end_date: '2027-01-15T12:00:00.000Z',
    });
    expect(await plan(lapsed)).toMatchObject({ is_pro: false, subscription_status: 'past_due' });
    expect(await plan(gifted)).toEqual({
      is_pro: true,
      subscription_status: 'active',
      has_stripe_customer: false,
      subscription_end_date: null,
    });
  });
});

describe('GET /api/admin/check-permission/', () => {
  it('answers 401 without a token', async () => {
    expect((await t.get('/api/admin/check-permission/')).status).toBe(401);
  });

  it('answers false to a learner', async () => {
    const { accessToken } = await signIn(t.db, await createUser(t.db));

    const response = await t.get('/api/admin/check-permission/', { token: accessToken });

    expect(response.body).toEqual({ is_admin: false });
  });

  it('answers true to a user marked admin, and to an address in ADMIN_EMAILS whatever its case', async () => {
    const marked = await signIn(t.db, await createUser(t.db, { isAdmin: true }));
    const listed = await signIn(t.db, await createUser(t.db, { email: 'Boss@Example.com' }));

    expect((await t.get('/api/admin/check-permission/', { token: marked.accessToken })).body).toEqual({
      is_admin: true,
    });
    expect((await t.get('/api/admin/check-permission/', { token: listed.accessToken })).body).toEqual({
      is_admin: true,
    });
  });
});
