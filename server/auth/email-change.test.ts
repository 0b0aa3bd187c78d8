import { AuthApiError } from '@supabase/auth-js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authEmailThrottle, users } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { mailbox } from '#server/testing/auth-js-harness.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const SITE = 'http://localhost:3000';
const mail = mailbox();
const inbox = mail.sent;
const t = setupTestApp({ app: { mailer: mail.mailer } });
let authUrl = '';

beforeAll(async () => {
  authUrl = await listenForAuth(t.app);
});

let sequence = 0;
const newAddress = (name = 'reader') => `${name}${++sequence}-${Date.now()}@example.com`;

/** Waits for the latest mail to an address with this subject (mail goes out from a job): its link and code. */
const mailTo = (address: string, subject: string) => mail.latest(address, subject);

async function signedInClient(email = newAddress()) {
  const user = await createUser(t.db, { email });
  const tokens = await signIn(t.db, user);
  const auth = authClient(authUrl);
  const { error } = await auth.setSession({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  expect(error).toBeNull();
  return { auth, user, tokens };
}

const storedUser = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

const CONFIRM_SUBJECT = 'Confirm your new Catamaran e-mail address';
const NOTICE_SUBJECT = 'Your Catamaran e-mail address is being changed';

describe('changing the e-mail address, as GoTrue does it', () => {
  it('mails the new address a link and the old one a notice, and keeps the old address until confirmed', async () => {
    const { auth, user } = await signedInClient();
    const wanted = newAddress('new');

    const { data, error } = await auth.updateUser({ email: wanted }, { emailRedirectTo: `${SITE}/account` });

    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.new_email).toBe(wanted);
    expect(Date.parse(data.user?.email_change_sent_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const { mail, link, code } = await mailTo(wanted, CONFIRM_SUBJECT);
    expect(mail.html).toContain('10 minutes');
    expect(code).toMatch(/^\d{6}$/);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/signin/verify`);
    expect(link.searchParams.get('type')).toBe('email_change');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/account`);
    const notice = await mailTo(user.email, NOTICE_SUBJECT);
    expect(notice.mail.text).toContain(wanted);
    expect(notice.mail.text).toContain(`${SITE}/account`);

    // Until the link is opened, the account keeps its address: it still signs in with it.
    expect((await storedUser(user.id))?.email).toBe(user.email);
    const { data: fetched } = await auth.getUser();
    expect(fetched.user?.new_email).toBe(wanted);
  });

  it('applies the change when the link is verified, and answers a session for the new address', async () => {
    const { auth, user } = await signedInClient();
    const wanted = newAddress('linked');
    expect((await auth.updateUser({ email: wanted })).error).toBeNull();
    const { link } = await mailTo(wanted, CONFIRM_SUBJECT);

    const { data, error } = await auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'email_change',
    });

    expect(error).toBeNull();
    expect(data.user?.email).toBe(wanted);
    expect(data.user?.new_email).toBeUndefined();
    expect(data.session?.user.email).toBe(wanted);
    const stored = await storedUser(user.id);
    expect(stored).toMatchObject({ email: wanted, newEmail: null, emailChangeSentAt: null });
    // The access token now names the new address.
    const claims = JSON.parse(
      Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims.email).toBe(wanted);

    // The link works once.
    const again = await auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'email_change',
    });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('applies the change with the 6-digit code sent to the new address', async () => {
    const { auth, user } = await signedInClient();
    const wanted = newAddress('coded');
    expect((await auth.updateUser({ email: wanted })).error).toBeNull();
    const { code } = await mailTo(wanted, CONFIRM_SUBJECT);

    const wrong = await auth.verifyOtp({
      email: wanted,
      token: code === '000000' ? '111111' : '000000',
      type: 'email_change',
    });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The code is the new address's: given with the old one it is refused.
    const withOld = await auth.verifyOtp({ email: user.email, token: code, type: 'email_change' });
    expect(withOld.error).toMatchObject({ status: 403 });

    const { data, error } = await auth.verifyOtp({ email: wanted, token: code, type: 'email_change' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(wanted);
  });

  it('does not let a sign-in link confirm a change, nor a change link sign in', async () => {
    const { auth } = await signedInClient();
    const wanted = newAddress('mixed');
    expect((await auth.updateUser({ email: wanted })).error).toBeNull();
    const { link } = await mailTo(wanted, CONFIRM_SUBJECT);

    const asSignIn = await authClient(authUrl).verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'email',
    });

    expect(asSignIn.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('answers 422 email_exists for an address another account has, and changes nothing', async () => {
    const { auth, user } = await signedInClient();
    const other = await createUser(t.db, { email: newAddress('taken') });

    const { error } = await auth.updateUser({ email: other.email.toUpperCase() });

    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
    expect(await storedUser(user.id)).toMatchObject({ email: user.email, newEmail: null });
  });

  it('answers 422 email_exists when the address was taken between the request and the link', async () => {
    const { auth, user } = await signedInClient();
    const wanted = newAddress('raced');
    expect((await auth.updateUser({ email: wanted })).error).toBeNull();
    const { link } = await mailTo(wanted, CONFIRM_SUBJECT);
    await createUser(t.db, { email: wanted });

    const { error } = await auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'email_change',
    });

    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await storedUser(user.id))?.email).toBe(user.email);
  });

  it('changes nothing and sends nothing for the address the account already has', async () => {
    const { auth, user } = await signedInClient();
    const before = inbox.length;

    const { data, error } = await auth.updateUser({ email: user.email.toUpperCase() });

    expect(error).toBeNull();
    expect(data.user?.new_email).toBeUndefined();
    expect(inbox.slice(before).filter((mail) => mail.to === user.email)).toHaveLength(0);
  });

  it('refuses a malformed address with GoTrue sentence', async () => {
    const { tokens } = await signedInClient();

    const response = await t.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: tokens.accessToken,
      payload: { email: 'not an address' },
    });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
    });
  });

  it('holds a second change within a minute to a 429 with Retry-After, as sign-in mail is held', async () => {
    const { auth, tokens } = await signedInClient();
    expect((await auth.updateUser({ email: newAddress('first') })).error).toBeNull();

    const response = await t.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: tokens.accessToken,
      payload: { email: newAddress('second') },
    });

    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ code: 'over_email_send_rate_limit' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds mail to one new address to one a minute, whichever account asks', async () => {
    const wanted = newAddress('popular');
    const first = await signedInClient();
    const second = await signedInClient();
    expect((await first.auth.updateUser({ email: wanted })).error).toBeNull();

    const { error } = await second.auth.updateUser({ email: wanted });

    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await t.db.delete(authEmailThrottle).where(eq(authEmailThrottle.email, wanted));
  });

  it('replaces a pending change with the newer one: the older link stops working', async () => {
    const { auth, user } = await signedInClient();
    const firstAddress = newAddress('older');
    expect((await auth.updateUser({ email: firstAddress })).error).toBeNull();
    const older = await mailTo(firstAddress, CONFIRM_SUBJECT);
    await t.db
      .update(users)
      .set({ emailChangeSentAt: new Date(Date.now() - 120_000) })
      .where(eq(users.id, user.id));
    const secondAddress = newAddress('newer');
    expect((await auth.updateUser({ email: secondAddress })).error).toBeNull();

    const stale = await auth.verifyOtp({
      token_hash: older.link.searchParams.get('token_hash') ?? '',
      type: 'email_change',
    });

    expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(await storedUser(user.id)).toMatchObject({ email: user.email, newEmail: secondAddress });
  });

  it('takes metadata and an address in one update', async () => {
    const { auth } = await signedInClient();
    const wanted = newAddress('both');

    const { data, error } = await auth.updateUser({ email: wanted, data: { level: 'B1' } });

    expect(error).toBeNull();
    expect(data.user).toMatchObject({ new_email: wanted, user_metadata: { level: 'B1' } });
  });

  it('verifies a change link opened through GoTrue GET /verify, then redirects with the session', async () => {
    const { auth } = await signedInClient();
    const wanted = newAddress('get');
    expect((await auth.updateUser({ email: wanted })).error).toBeNull();
    const { link } = await mailTo(wanted, CONFIRM_SUBJECT);
    const token = link.searchParams.get('token_hash') ?? '';

    const response = await t.request({
      method: 'GET',
      url: `/auth/v1/verify?token=${token}&type=email_change&redirect_to=${encodeURIComponent(`${SITE}/account`)}`,
    });

    expect(response.status).toBe(303);
    const target = new URL(String(response.headers.location));
    expect(target.pathname).toBe('/account');
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('type')).toBe('email_change');
    expect(fragment.get('access_token')).toBeTruthy();
  });
});
