import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

const inbox: MailMessage[] = [];
const t = setupTestApp({
  app: {
    mailer: { send: async (message) => void inbox.push(message) },
    // A new code may be asked for at once, as a guesser waiting a minute between codes would.
    authRateLimits: { otp: 1000, verify: 1000, token: 1000, emailIntervalSeconds: 0 },
  },
});
let authUrl = '';
beforeAll(async () => {
  authUrl = await listenForAuth(t.app);
});

let sequence = 0;
const newAddress = () => `guessed${++sequence}-${Date.now()}@example.com`;

/** Asks for a new code, and reads it from the mail. */
async function newCode(email: string): Promise<string> {
  const before = inbox.filter((mail) => mail.to === email).length;
  const asked = await t.request({
    method: 'POST',
    url: '/auth/v1/otp',
    payload: { email, create_user: true },
  });
  expect(asked.status).toBe(200);
  await expect
    .poll(() => inbox.filter((mail) => mail.to === email).length, { timeout: SERVER_WORK_TIMEOUT })
    .toBe(before + 1);
  const mail = inbox.filter((message) => message.to === email).at(-1) as MailMessage;
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const verify = (email: string, token: string) =>
  t.request<{ code?: string; msg?: string }>({
    method: 'POST',
    url: '/auth/v1/verify',
    payload: { type: 'email', email, token },
  });

/** Moves the address's hourly window of wrong codes into the past, as if the hour had gone by. */
async function endTheHour(email: string) {
  await t.db
    .update(rateLimits)
    .set({ resetAt: new Date(Date.now() - 1000) })
    .where(eq(rateLimits.key, `code-failures:${email}`));
}

/** Sends `count` wrong codes, five to a code at most, asking for a new code whenever one is spent. */
async function guess(email: string, count: number) {
  let code = '';
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) code = await newCode(email);
    expect((await verify(email, wrongCode(code))).status).toBe(403);
  }
}

describe('wrong codes, counted per address across codes', () => {
  it('refuses every code, the right one too, after ten wrong ones in an hour', async () => {
    const email = newAddress();
    await guess(email, 10);
    const right = await newCode(email);

    const refused = await verify(email, right);

    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
    });
    expect(refused.body.msg).toBe(
      'Too many wrong codes for this address. Use the link in the e-mail instead, or try a code again in 60 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('reaches @supabase/auth-js as an error with the sentence the sign-in screen shows', async () => {
    const email = newAddress();
    await guess(email, 10);
    const right = await newCode(email);

    const { error } = await authClient(authUrl).verifyOtp({ email, token: right, type: 'email' });

    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toMatch(/^Too many wrong codes for this address\./);
  });

  it('still takes the right code after nine wrong ones, and forgets them once it has', async () => {
    const email = newAddress();
    await guess(email, 9);
    const right = await newCode(email);
    expect((await verify(email, right)).status).toBe(200);

    await guess(email, 9);
    expect((await verify(email, await newCode(email))).status).toBe(200);
  });

  it('allows twenty wrong codes a day however the hours fall, then refuses for the rest of the day', async () => {
    const email = newAddress();
    await guess(email, 10);
    await endTheHour(email);
    await guess(email, 10);
    await endTheHour(email);
    const right = await newCode(email);

    const refused = await verify(email, right);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.body.msg).toBe(
      'Too many wrong codes for this address. Use the link in the e-mail instead, or try a code again in 24 hours.',
    );
  });

  it('counts each address on its own, and its link still signs in', async () => {
    const locked = newAddress();
    await guess(locked, 10);
    const other = newAddress();
    expect((await verify(other, await newCode(other))).status).toBe(200);

    await newCode(locked);
    const mail = inbox.filter((message) => message.to === locked).at(-1) as MailMessage;
    const tokenHash = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('token_hash');
    const link = await t.request({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'email', token_hash: tokenHash },
    });
    expect(link.status).toBe(200);
  });
});
