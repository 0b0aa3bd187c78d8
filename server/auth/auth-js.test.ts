// The official @supabase/auth-js client, unchanged, against our /auth/v1 on a loopback port: every call a
// Catamaran page makes, and the codes, statuses and error classes the client raises from our answers, as it
// would raise them from GoTrue's. Where we differ from GoTrue on purpose, the reason is given beside the test.
import { AuthApiError, AuthSessionMissingError } from '@supabase/auth-js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authJsClient, jwtClaims, mailbox, STORAGE_KEY } from '#server/testing/auth-js-harness.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const mail = mailbox();
const t = setupTestApp({ app: { mailer: mail.mailer } });
let authUrl = '';
beforeAll(async () => {
  authUrl = `${await t.listen()}/auth/v1`;
});

const client = (flowType?: 'implicit' | 'pkce') => authJsClient(authUrl, flowType);
const VERIFIER_KEY = `${STORAGE_KEY}-code-verifier`;

let sequence = 0;
const newAddress = () => `auth-js${++sequence}-${Date.now()}@example.com`;

/** A new learner signed in as the sign-in screen does it: signInWithOtp, then the mail's 6-digit code. */
async function signedIn() {
  const email = newAddress();
  const device = client();
  expect((await device.auth.signInWithOtp({ email })).error).toBeNull();
  const { code } = await mail.signInMail(email);
  const { data, error } = await device.auth.verifyOtp({ email, token: code, type: 'email' });
  expect(error).toBeNull();
  if (!data.session || !data.user) throw new Error('verifyOtp answered no session');
  return { ...device, email, session: data.session, user: data.user };
}

/** Another device of the same learner: a session of its own (opened in the database, as a sign-in would), its own client. */
async function otherDevice(userId: string) {
  const tokens = await signIn(t.db, { id: userId });
  const device = client();
  const { error } = await device.auth.setSession({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  expect(error).toBeNull();
  return { ...device, tokens };
}

/** GET /user as it goes over the wire, for the requests the client would not send (no token at all). */
async function userEndpoint(token?: string) {
  const response = await fetch(`${authUrl}/user`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    apiVersion: response.headers.get('x-supabase-api-version'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('signing in with @supabase/auth-js', () => {
  it('signInWithOtp mails a code; a wrong code is 403 otp_expired, the right one signs in and is kept', async () => {
    const { auth, storage, requests } = client();
    const email = newAddress();

    const asked = await auth.signInWithOtp({ email });
    expect(asked.error).toBeNull();
    expect(asked.data).toEqual({ user: null, session: null });
    const { code } = await mail.signInMail(email);
    expect(code).toMatch(/^\d{6}$/);

    // GoTrue: verify.go verifyUserAndToken, forbiddenError(ErrorCodeOTPExpired, "Token has expired or is invalid").
    const wrong = await auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'email',
    });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'otp_expired' });
    expect(wrong.data).toEqual({ user: null, session: null });

    // A wrong guess does not spend the code (GoTrue keeps the token too).
    const { data, error } = await auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect(jwtClaims(data.session?.access_token ?? '')).toMatchObject({ sub: data.user?.id, email });

    const kept = await auth.getSession();
    expect(kept.error).toBeNull();
    expect(kept.data.session?.access_token).toBe(data.session?.access_token);
    expect(JSON.parse(storage.get(STORAGE_KEY) ?? '{}')).toMatchObject({
      access_token: data.session?.access_token,
      refresh_token: data.session?.refresh_token,
    });

    const me = await auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user).toMatchObject({
      id: data.user?.id,
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [expect.objectContaining({ provider: 'email' })],
    });
    // getSession read the storage; only getUser asked the server.
    expect(requests).toEqual([
      'POST /auth/v1/otp',
      'POST /auth/v1/verify',
      'POST /auth/v1/verify',
      'GET /auth/v1/user',
    ]);
  });

  it('verifyOtp with the link’s token_hash signs in once; then the link and its code are spent', async () => {
    const email = newAddress();
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull();
    const { link, tokenHash, code } = await mail.signInMail(email);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.siteUrl}/signin/verify`);
    expect(link.searchParams.get('type')).toBe('email');

    const { auth } = client();
    const { data, error } = await auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await auth.getUser()).data.user?.email).toBe(email);

    // GoTrue: verify.go verifyTokenHash, forbiddenError(ErrorCodeOTPExpired, "Email link is invalid or has expired").
    const again = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const byCode = await client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(byCode.error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'otp_expired' });
  });

  it('shouldCreateUser false: an unknown address is answered as a known one and told by mail (decision 062)', async () => {
    // GoTrue answers the unknown address 422 otp_disabled (otp.go shouldCreateUser); decision 062 keeps the
    // answer the same as for a known address, so it does not tell who has an account.
    const known = await createUser(t.db);
    const unknown = newAddress();
    const ask = (email: string) =>
      client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });

    const forKnown = await ask(known.email);
    const forUnknown = await ask(unknown);

    expect(forKnown).toEqual({ data: { user: null, session: null }, error: null });
    expect(forUnknown).toEqual(forKnown);
    expect((await mail.signInMail(known.email)).code).toMatch(/^\d{6}$/);
    const notice = await mail.nth(unknown, 1);
    expect(notice.subject).toBe('Sign-in attempt on Catamaran');
    expect(notice.text).toContain(`${t.config.siteUrl}/signup`);
    expect(await t.db.select().from(users).where(eq(users.email, unknown))).toEqual([]);
  });

  // GoTrue signs a new address up with the request's `data` as its user_metadata, whatever the keys
  // (magic_link.go MagicLink: SignupParams{Data: params.Data}); so do we, up to 16 KB.
  it('signInWithOtp data becomes the new account’s user_metadata as sent, any keys (GoTrue)', async () => {
    const email = newAddress();
    const data = { full_name: 'Ana Lima', username: 'ana_reads', theme: 'sepia' };
    expect((await client().auth.signInWithOtp({ email, options: { data } })).error).toBeNull();
    const { code } = await mail.signInMail(email);

    const verified = await client().auth.verifyOtp({ email, token: code, type: 'email' });

    expect(verified.error).toBeNull();
    expect(verified.data.user?.user_metadata).toMatchObject(data);
  });
});

describe('the signed-in learner', () => {
  it('updateUser merges data (keys added, a null removes one); the refreshed access token carries it', async () => {
    const device = await signedIn();

    const first = await device.auth.updateUser({ data: { full_name: 'Ana Lima', theme: 'sepia' } });
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toMatchObject({ full_name: 'Ana Lima', theme: 'sepia' });

    const second = await device.auth.updateUser({ data: { goals: { daily: 20 }, theme: null } });
    expect(second.error).toBeNull();
    const merged = second.data.user?.user_metadata;
    expect(merged).toMatchObject({ full_name: 'Ana Lima', goals: { daily: 20 } });
    expect(merged).not.toHaveProperty('theme');
    // The client keeps the updated user in its session; the server's copy agrees.
    expect((await device.auth.getSession()).data.session?.user.user_metadata).toEqual(merged);
    expect((await device.auth.getUser()).data.user?.user_metadata).toEqual(merged);

    // The access token in hand was signed before the change (GoTrue issues none on update); a refresh carries it.
    expect(jwtClaims(device.session.access_token).user_metadata).not.toHaveProperty('goals');
    const refreshed = await device.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(jwtClaims(refreshed.data.session?.access_token ?? '').user_metadata).toEqual(merged);
  });

  it('updateUser({ email }) waits for the new address to confirm: new_email meanwhile, then a session for it', async () => {
    const device = await signedIn();
    const wanted = newAddress();
    const events: string[] = [];
    device.auth.onAuthStateChange((event) => void events.push(event));

    const asked = await device.auth.updateUser({ email: wanted });

    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: device.email, new_email: wanted });
    expect((await device.auth.getSession()).data.session?.user.new_email).toBe(wanted);
    const { tokenHash } = await mail.latest(wanted, 'Confirm your new Catamaran e-mail address');
    const confirmed = await device.auth.verifyOtp({ token_hash: tokenHash, type: 'email_change' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.session?.user.email).toBe(wanted);
    expect(jwtClaims(confirmed.data.session?.access_token ?? '').email).toBe(wanted);
    expect((await device.auth.getUser()).data.user?.email).toBe(wanted);
    expect(events).toEqual(expect.arrayContaining(['USER_UPDATED', 'SIGNED_IN']));

    // Another account's address: GoTrue's 422 email_exists, raised as an AuthApiError.
    const other = await signedIn();
    const taken = await device.auth.updateUser({ email: other.email });
    expect(taken.error).toBeInstanceOf(AuthApiError);
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('updateUser refuses metadata over 16 KB with 400 and a password with 422, and the learner stays signed in', async () => {
    // Both on purpose: GoTrue stores any size (user.go UserUpdate) and sets a password; the metadata rides in
    // every token here, and Catamaran has no passwords.
    const device = await signedIn();

    const huge = await device.auth.updateUser({ data: { notes: 'x'.repeat(16 * 1024) } });
    expect(huge.error).toBeInstanceOf(AuthApiError);
    expect(huge.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'validation_failed' });
    expect(huge.data.user).toBeNull();

    const password = await device.auth.updateUser({ password: 'correct-horse-battery-staple' });
    expect(password.error).toBeInstanceOf(AuthApiError);
    expect(password.error).toMatchObject({ status: 422, code: 'validation_failed' });

    const me = await device.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.user_metadata).not.toHaveProperty('notes');
    expect((await device.auth.getSession()).data.session?.refresh_token).toBe(device.session.refresh_token);
  });
});

describe('refreshing the session', () => {
  it('refreshSession answers a fresh access token and a rotated refresh token, and keeps them', async () => {
    const device = await signedIn();
    const before = jwtClaims(device.session.access_token);

    const { data, error } = await device.auth.refreshSession();

    expect(error).toBeNull();
    const session = data.session;
    expect(session?.refresh_token).toEqual(expect.any(String));
    expect(session?.refresh_token).not.toBe(device.session.refresh_token);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email: device.email } });
    // Two tokens signed within one second may be identical, so the new one is told by its claims.
    const after = jwtClaims(session?.access_token ?? '');
    expect(after.session_id).toBe(before.session_id);
    expect(after.iat).toBeGreaterThanOrEqual(before.iat as number);
    expect(session?.expires_at).toBeGreaterThanOrEqual(device.session.expires_at ?? 0);
    expect((await device.auth.getSession()).data.session?.refresh_token).toBe(session?.refresh_token);
    expect((await device.auth.getUser(session?.access_token)).data.user?.email).toBe(device.email);
    // The server has no clock a test can move, so the 10 s reuse window is covered in sessions.test.ts by
    // backdating the token's row; here, a token it never issued.
    const unknown = await client().auth.refreshSession({ refresh_token: 'a-refresh-token-never-issued' });
    expect(unknown.error).toBeInstanceOf(AuthApiError);
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect(unknown.data).toEqual({ user: null, session: null });
  });

  // GoTrue, token_refresh.go RefreshTokenGrant: a revoked token used again within the reuse interval that is
  // the parent of the session's active token is answered with that active token ("the client was not able to
  // store the result"). We keep refresh tokens only as hashes, so the one issued cannot be given again: a replay
  // within 10 s gets a successor of its own (sessions.ts refreshSession), which serves the client as well.
  it('an old refresh token replayed at once gets a working successor of its own, in the same session', async () => {
    const device = await signedIn();
    const rotated = await device.auth.refreshSession();
    expect(rotated.error).toBeNull();

    const replay = await client().auth.refreshSession({ refresh_token: device.session.refresh_token });

    expect(replay.error).toBeNull();
    expect(replay.data.session?.refresh_token).not.toBe(rotated.data.session?.refresh_token);
    expect(jwtClaims(replay.data.session?.access_token ?? '').session_id).toBe(
      jwtClaims(device.session.access_token).session_id,
    );
    const next = await client().auth.refreshSession({
      refresh_token: replay.data.session?.refresh_token ?? '',
    });
    expect(next.error).toBeNull();
  });
});

describe('signing out', () => {
  it("scope 'local' ends only this session: another device stays signed in", async () => {
    const device = await signedIn();
    const other = await otherDevice(device.user.id);

    expect(await device.auth.signOut({ scope: 'local' })).toEqual({ error: null });

    expect(device.requests.at(-1)).toBe('POST /auth/v1/logout');
    expect((await device.auth.getSession()).data.session).toBeNull();
    expect(device.storage.has(STORAGE_KEY)).toBe(false);
    // GoTrue: auth.go maybeLoadUserOrSession, 403 session_not_found, which auth-js raises as
    // AuthSessionMissingError (lib/fetch.ts handleError).
    expect(await userEndpoint(device.session.access_token)).toMatchObject({
      status: 403,
      body: { code: 'session_not_found' },
    });
    const old = await device.auth.getUser(device.session.access_token);
    expect(old.error).toBeInstanceOf(AuthSessionMissingError);
    expect(old.data.user).toBeNull();

    expect((await other.auth.getUser()).data.user?.id).toBe(device.user.id);
    expect((await other.auth.refreshSession()).error).toBeNull();
  });

  it("scope 'others' ends every other session and keeps this one", async () => {
    const device = await signedIn();
    const others = [await otherDevice(device.user.id), await otherDevice(device.user.id)];

    expect(await device.auth.signOut({ scope: 'others' })).toEqual({ error: null });

    expect((await device.auth.getSession()).data.session?.access_token).toBe(device.session.access_token);
    expect((await device.auth.getUser()).data.user?.id).toBe(device.user.id);
    for (const other of others) {
      const { data, error } = await other.auth.getUser();
      expect(error).toBeInstanceOf(AuthSessionMissingError);
      expect(data.user).toBeNull();
      // The client drops a session the server no longer has.
      expect((await other.auth.getSession()).data.session).toBeNull();
      const refresh = await client().auth.refreshSession({ refresh_token: other.tokens.refreshToken });
      expect(refresh.error).toMatchObject({
        name: 'AuthApiError',
        status: 400,
        code: 'refresh_token_not_found',
      });
    }
  });

  it("scope 'global' (the client's default) ends every session of the learner", async () => {
    const device = await signedIn();
    const other = await otherDevice(device.user.id);

    expect(await device.auth.signOut()).toEqual({ error: null });

    expect((await device.auth.getSession()).data.session).toBeNull();
    for (const token of [device.session.access_token, other.tokens.accessToken]) {
      expect(await userEndpoint(token)).toMatchObject({ status: 403, body: { code: 'session_not_found' } });
    }
    expect((await other.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    const refresh = await device.auth.refreshSession({ refresh_token: device.session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('refusals, as the client raises them', () => {
  it('a client with no session: getUser and updateUser raise AuthSessionMissingError without asking', async () => {
    const { auth, requests } = client();

    const me = await auth.getUser();
    expect(me.error).toBeInstanceOf(AuthSessionMissingError);
    expect(me.error).toMatchObject({
      name: 'AuthSessionMissingError',
      status: 400,
      message: 'Auth session missing!',
    });
    expect(me.data.user).toBeNull();
    const update = await auth.updateUser({ data: { theme: 'sepia' } });
    expect(update.error).toBeInstanceOf(AuthSessionMissingError);
    expect(await auth.signOut()).toEqual({ error: null });

    expect(requests).toEqual([]);
  });

  it('a token that is not a JWT of ours: 403 bad_jwt', async () => {
    // GoTrue: auth.go parseJWTClaims, NewForbiddenError(ErrorCodeBadJWT, "invalid JWT: ...").
    for (const token of ['garbage', 'e30.e30.c2lnbmF0dXJl']) {
      const { data, error } = await client().auth.getUser(token);
      expect(error, token).toBeInstanceOf(AuthApiError);
      expect(error, token).toMatchObject({ name: 'AuthApiError', status: 403, code: 'bad_jwt' });
      expect(data.user, token).toBeNull();
    }
  });

  it('no token at all (the client never sends one so; fetch does): 401 no_authorization', async () => {
    // GoTrue: auth.go extractBearerToken, NewHTTPError(401, ErrorCodeNoAuthorization, ...).
    expect(await userEndpoint()).toMatchObject({
      status: 401,
      apiVersion: '2024-01-01',
      body: { code: 'no_authorization', error_code: 'no_authorization', msg: expect.any(String) },
    });
    const logout = await fetch(`${authUrl}/logout`, { method: 'POST' });
    expect(logout.status).toBe(401);
    expect(await logout.json()).toMatchObject({ code: 'no_authorization' });
  });
});

describe('the PKCE flow', () => {
  it('GoTrue’s link answers a ?code= that exchangeCodeForSession trades, with the verifier, for a session', async () => {
    // GoTrue mails a known address `/verify?token=pkce_…&type=magiclink&redirect_to=…`; a PKCE token with
    // type=email is refused there (models.ParseAuthenticationMethod knows no "email"), so the link is opened
    // as GoTrue writes it, with the token our mail carries as token_hash.
    const learner = await createUser(t.db);
    const device = client('pkce');
    const redirectTo = `${t.config.siteUrl}/dashboard`;
    const asked = await device.auth.signInWithOtp({
      email: learner.email,
      options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
    });
    expect(asked.error).toBeNull();
    const verifier = device.storage.get(VERIFIER_KEY) ?? '';
    expect(JSON.parse(verifier)).toMatch(/^[\w.~-]{43,128}$/);
    const { tokenHash } = await mail.signInMail(learner.email);

    const query = new URLSearchParams({ token: tokenHash, type: 'magiclink', redirect_to: redirectTo });
    const opened = await fetch(`${authUrl}/verify?${query}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const location = new URL(opened.headers.get('location') ?? 'about:blank');
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const { data, error } = await device.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(learner.email);
    expect(device.storage.has(VERIFIER_KEY)).toBe(false);
    expect((await device.auth.getSession()).data.session?.access_token).toBe(data.session?.access_token);
    expect((await device.auth.getUser()).data.user?.id).toBe(learner.id);

    // Spent: GoTrue destroys the flow state (token.go PKCE), so the code is then unknown, 404.
    device.storage.set(VERIFIER_KEY, verifier);
    const again = await device.auth.exchangeCodeForSession(code);
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({ status: 404, code: 'flow_state_not_found' });
  });

  it('a wrong verifier is 400 bad_code_verifier, and the code still works with the right one', async () => {
    const email = newAddress();
    const device = client('pkce');
    expect((await device.auth.signInWithOtp({ email })).error).toBeNull();
    const verifier = device.storage.get(VERIFIER_KEY) ?? '';
    const { tokenHash } = await mail.signInMail(email);
    // A new address's GoTrue link is type=signup.
    const query = new URLSearchParams({
      token: tokenHash,
      type: 'signup',
      redirect_to: `${t.config.siteUrl}/`,
    });
    const opened = await fetch(`${authUrl}/verify?${query}`, { redirect: 'manual' });
    const code = new URL(opened.headers.get('location') ?? 'about:blank').searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    // Another tab's verifier, say: GoTrue's token.go PKCE, badRequestError(ErrorBadCodeVerifier, ...).
    device.storage.set(VERIFIER_KEY, JSON.stringify('w'.repeat(64)));
    const wrong = await device.auth.exchangeCodeForSession(code);
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'bad_code_verifier' });
    expect(wrong.data).toEqual({ user: null, session: null, redirectType: null });
    expect((await device.auth.getSession()).data.session).toBeNull();

    // GoTrue returns before destroying the flow state, so the tab that asked can still use the code.
    device.storage.set(VERIFIER_KEY, verifier);
    const right = await device.auth.exchangeCodeForSession(code);
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });
});
