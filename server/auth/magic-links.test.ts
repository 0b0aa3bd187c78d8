import type { GoTrueClient } from '@supabase/auth-js';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authEmailThrottle, oneTimeTokens, users } from '#server/db/schema.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { requestMagicLink } from './magic-links.ts';

const SITE = 'http://localhost:3000';
const inbox: MailMessage[] = [];
const t = setupTestApp({ app: { mailer: { send: async (message) => void inbox.push(message) } } });
let authUrl = '';

beforeAll(async () => {
  authUrl = await listenForAuth(t.app);
});

const client = () => authClient(authUrl);

let addressSequence = 0;
const newAddress = () => `reader${++addressSequence}-${Date.now()}@example.com`;

/** Waits for the next mail to an address (it goes out from a job), and reads its link and code. */
async function mailTo(address: string) {
  await expect
    .poll(() => inbox.some((mail) => mail.to === address), { timeout: SERVER_WORK_TIMEOUT })
    .toBe(true);
  const mail = inbox.filter((message) => message.to === address).at(-1) as MailMessage;
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  return { mail, link: new URL(link), code };
}

async function signUp(auth: GoTrueClient, email: string, name = 'María José') {
  return auth.signInWithOtp({
    email,
    options: {
      shouldCreateUser: true,
      data: { full_name: name, username: name.toLowerCase().replace(/\s+/g, '') },
    },
  });
}

describe('signing up with a magic link', () => {
  it('creates the user with its name, mails a link, and the link signs the client in once', async () => {
    const auth = client();
    const email = newAddress();

    const { error } = await signUp(auth, email);
    expect(error).toBeNull();

    const { mail, link, code } = await mailTo(email);
    expect(mail.subject).toBe('Confirm your Catamaran account');
    expect(mail.html).toContain('10 minutes');
    expect(code).toMatch(/^\d{6}$/);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/signin/verify`);
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/`);

    const tokenHash = link.searchParams.get('token_hash') ?? '';
    const verified = await auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'María José', username: 'maríajosé' },
    });
    expect((await auth.getSession()).data.session?.access_token).toBeTruthy();

    const again = await client().verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('stores the link only as a hash and the code only as an HMAC', async () => {
    const email = newAddress();
    await signUp(client(), email);
    const { link, code } = await mailTo(email);

    const rows = await t.db
      .select()
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(eq(users.email, email));

    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(link.searchParams.get('token_hash'));
    expect(stored).not.toContain(`"${code}"`);
  });

  it('signs in with the 6-digit code instead of the link', async () => {
    const email = newAddress();
    await signUp(client(), email);
    const { code } = await mailTo(email);

    const auth = client();
    const { data, error } = await auth.verifyOtp({ email, token: code, type: 'email' });

    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it.each(['magiclink', 'signup'] as const)(
    'takes the 6-digit code with verifyOtp type %s too, as GoTrue does',
    async (type) => {
      const email = newAddress();
      await signUp(client(), email);
      const { code } = await mailTo(email);

      const { data, error } = await client().verifyOtp({ email, token: code, type });

      expect(error).toBeNull();
      expect(data.session?.user.email).toBe(email);
    },
  );

  it('stops taking codes after five wrong ones', async () => {
    const email = newAddress();
    await signUp(client(), email);
    const { code } = await mailTo(email);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let i = 0; i < 5; i++) {
      const { error } = await client().verifyOtp({ email, token: wrong, type: 'email' });
      expect(error).toMatchObject({ code: 'otp_expired' });
    }
    const { error } = await client().verifyOtp({ email, token: code, type: 'email' });

    expect(error).toMatchObject({ code: 'otp_expired' });
  });

  it('refuses a link after its 10 minutes', async () => {
    const email = newAddress();
    await signUp(client(), email);
    const { link } = await mailTo(email);
    await t.db.execute(
      sql`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
    );

    const { error } = await client().verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'email',
    });

    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('replaces an earlier link when a new one is sent', async () => {
    const email = newAddress();
    await signUp(client(), email);
    const first = await mailTo(email);
    await t.db.delete(authEmailThrottle).where(eq(authEmailThrottle.email, email));
    await client().signInWithOtp({ email, options: { shouldCreateUser: false } });
    await expect
      .poll(() => inbox.filter((mail) => mail.to === email).length, { timeout: SERVER_WORK_TIMEOUT })
      .toBe(2);

    const { error } = await client().verifyOtp({
      token_hash: first.link.searchParams.get('token_hash') ?? '',
      type: 'email',
    });

    expect(error).toMatchObject({ code: 'otp_expired' });
  });
});

describe('signing in', () => {
  it('answers an unknown address exactly as a known one, and mails it that there is no account', async () => {
    const known = newAddress();
    await signUp(client(), known);
    await mailTo(known);
    await t.db.delete(authEmailThrottle).where(eq(authEmailThrottle.email, known));
    const unknown = newAddress();

    const request = (email: string) =>
      t.request({ method: 'POST', url: '/auth/v1/otp', payload: { email, create_user: false } });
    const [forKnown, forUnknown] = [await request(known), await request(unknown)];

    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text).toBe(forKnown.text);
    const { mail } = await mailTo(unknown);
    expect(mail.subject).toBe('Sign-in attempt on Catamaran');
    expect(mail.text).toContain(`${SITE}/signup`);
    expect(await t.db.select().from(users).where(eq(users.email, unknown))).toEqual([]);
  });

  it('sends one e-mail per address per minute, known or not', async () => {
    for (const create of [true, false]) {
      const email = newAddress();
      const first = await t.request({
        method: 'POST',
        url: '/auth/v1/otp',
        payload: { email, create_user: create },
      });
      const second = await t.request({
        method: 'POST',
        url: '/auth/v1/otp',
        payload: { email, create_user: create },
      });

      expect(first.status).toBe(200);
      expect(second.status).toBe(429);
      expect(second.body).toMatchObject({ code: 'over_email_send_rate_limit' });
      const wait = /^For security purposes, you can only request this after (\d+) seconds?\.$/.exec(
        (second.body as { msg: string }).msg,
      );
      expect(Number(wait?.[1])).toBeGreaterThan(0);
      expect(Number(wait?.[1])).toBeLessThanOrEqual(60);
      expect(second.headers['retry-after']).toBe(wait?.[1]);
    }
  });

  it('says how many seconds are left of the minute, and sends again once it has passed', async () => {
    const email = newAddress();
    const request = { email, createUser: false, redirectTo: `${SITE}/` };
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

    expect(await requestMagicLink(t.db, t.app.jobs, request, at(0))).toEqual({ ok: true });
    expect(await requestMagicLink(t.db, t.app.jobs, request, at(15))).toEqual({
      ok: false,
      retryAfterSeconds: 45,
    });
    expect(await requestMagicLink(t.db, t.app.jobs, request, at(59))).toEqual({
      ok: false,
      retryAfterSeconds: 1,
    });
    expect(await requestMagicLink(t.db, t.app.jobs, request, at(60))).toEqual({ ok: true });
  });

  it('keeps a redirect on the site, and sends any other to the site root', async () => {
    const email = newAddress();
    await client().signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/dashboard` } });
    expect((await mailTo(email)).link.searchParams.get('redirect_to')).toBe(`${SITE}/dashboard`);

    const other = newAddress();
    await client().signInWithOtp({
      email: other,
      options: { emailRedirectTo: 'https://evil.example.com/steal' },
    });
    expect((await mailTo(other)).link.searchParams.get('redirect_to')).toBe(`${SITE}/`);
  });
});

describe('bad bodies on every auth endpoint', () => {
  it('answers a huge body with 413 and a malformed one with 400, in GoTrue shape', async () => {
    for (const url of [
      '/auth/v1/otp',
      '/auth/v1/verify',
      '/auth/v1/token?grant_type=refresh_token',
      '/auth/v1/logout',
    ]) {
      const huge = await t.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `${'a'.repeat(1_100_000)}@example.com` }),
      });
      expect(huge.status, url).toBe(413);
      expect(huge.body, url).toMatchObject({
        code: 'validation_failed',
        msg: 'The request body is too large.',
      });

      const malformed = await t.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(malformed.status, url).toBe(400);
      expect(malformed.body, url).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('bad input to /otp and /verify', () => {
  it('answers 4xx with a sentence, never a 500', async () => {
    const cases = [
      { url: '/auth/v1/otp', payload: {} },
      { url: '/auth/v1/otp', payload: { email: 'not-an-address' } },
      { url: '/auth/v1/otp', payload: { email: 42 } },
      { url: '/auth/v1/otp', payload: { email: `${'a'.repeat(300)}@example.com` } },
      { url: '/auth/v1/otp', payload: { email: 'a@example.com', create_user: 'yes' } },
      { url: '/auth/v1/verify', payload: {} },
      { url: '/auth/v1/verify', payload: { type: 'email', email: 'a@example.com', token: '12ab56' } },
      { url: '/auth/v1/verify', payload: { type: 'recovery', token_hash: 'x' } },
      { url: '/auth/v1/verify', payload: { type: 'email', token_hash: 'unknown' } },
    ];
    for (const request of cases) {
      const response = await t.request({ method: 'POST', ...request });
      expect(response.status, JSON.stringify(request.payload)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(request.payload)).toBeLessThan(500);
      expect((response.body as { msg?: string }).msg).toMatch(/\w/);
    }
  });

  it('refuses sign-up data over 16 KB, or a name that is not text, with its sentence, and sends nothing', async () => {
    const email = newAddress();
    const before = inbox.length;
    const cases = [
      { data: { notes: 'x'.repeat(17 * 1024) }, msg: 'data must stay under 16 KB' },
      { data: { full_name: 42 }, msg: /data.full_name and data.username must be text/ },
    ];
    for (const { data, msg } of cases) {
      const response = await t.request({ method: 'POST', url: '/auth/v1/otp', payload: { email, data } });
      expect(response.status).toBe(400);
      expect((response.body as { msg?: string }).msg).toMatch(msg);
    }
    expect(inbox.length).toBe(before);
  });
});
