import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONFIRMATION_MISMATCH,
  DataExport,
  LAST_ADMIN,
  SESSION_NOT_FOUND,
  type SignedInDevice,
} from '#common/schemas/account.ts';
import { createSession } from '#server/auth/sessions.ts';
import { CANNOT_CANCEL, PROVIDER_DOWN } from '#server/billing/service.ts';
import {
  applicantVideos,
  authSessions,
  devOutbox,
  refreshTokens,
  subscriptions,
  users,
} from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import {
  addReadingDay,
  createStory,
  createUser,
  giveSubscription,
  signIn,
} from '#server/testing/factories.ts';
import { startStripeStandIn, stripeSubscription } from '#server/testing/stripe-stand-in.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { PERSONAL_TABLES } from './export.ts';

const standIn = await startStripeStandIn();
const stripeAddress = new URL(standIn.url);
const t = setupTestApp({
  config: {
    billing: {
      secretKey: 'sk_test_catamaran',
      webhookSecret: 'whsec_test_catamaran',
      prices: { monthly: 'price_monthly_test', yearly: 'price_yearly_test' },
      api: { host: stripeAddress.hostname, port: Number(stripeAddress.port), protocol: 'http' },
    },
  },
});
afterAll(() => standIn.close());
// No billing settings, and an administrator by ADMIN_EMAILS alone.
const BOSS = 'boss@example.com';
const DEPUTY = 'deputy@example.com';
const plain = setupTestApp({ config: { adminEmails: [BOSS, DEPUTY] } });

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function learner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  const session = await signIn(t.db, user);
  return { user, token: session.accessToken, sessionId: session.sessionId };
}

const devices = (token: string) =>
  t.get<SignedInDevice[] & { error?: string }>('/api/me/sessions/', { token });
const endSession = (token: string | undefined, id: string) =>
  t.request<{ error?: string }>({
    method: 'DELETE',
    url: `/api/me/sessions/${id}/`,
    ...(token ? { token } : {}),
  });

describe('without a token', () => {
  it('answers 401 to every account call', async () => {
    const calls = [
      { method: 'GET', url: '/api/me/sessions/' },
      { method: 'DELETE', url: '/api/me/sessions/00000000-0000-4000-8000-000000000000/' },
      { method: 'GET', url: '/api/me/export/' },
      { method: 'DELETE', url: '/api/me/', payload: { email: 'someone@example.com' } },
    ] as const;
    for (const call of calls) {
      const answer = await t.request<{ error?: string }>(call);
      expect(answer, `${call.method} ${call.url}`).toMatchObject({
        status: 401,
        body: { error: 'Not authenticated' },
      });
    }
  });
});

describe('GET /api/me/sessions/', () => {
  it('lists the learner’s live sessions, the most recently used first, naming browsers and this one', async () => {
    const { user, token, sessionId } = await learner();
    const day = 24 * 60 * 60 * 1000;
    const phone = await createSession(t.db, user.id, {
      userAgent: CHROME_ANDROID,
      now: new Date(Date.now() - 10 * day),
    });
    const iphone = await createSession(t.db, user.id, {
      userAgent: SAFARI_IPHONE,
      now: new Date(Date.now() - 5 * day),
    });
    // The phone signed in first but was used (refreshed) an hour ago: it comes before the iPhone.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await t.db.update(authSessions).set({ refreshedAt: hourAgo }).where(eq(authSessions.id, phone.sessionId));
    // Ended: past its 90 days, its row not yet swept. Not a device any more.
    await createSession(t.db, user.id, { userAgent: FIREFOX_WINDOWS, now: new Date(Date.now() - 91 * day) });
    const stranger = await createUser(t.db);
    await createSession(t.db, stranger.id, { userAgent: FIREFOX_WINDOWS });

    const answer = await devices(token);
    expect(answer.status).toBe(200);
    expect(answer.body.map(({ id, browser, current }) => ({ id, browser, current }))).toEqual([
      { id: sessionId, browser: 'Unknown browser', current: true },
      { id: phone.sessionId, browser: 'Chrome on Android', current: false },
      { id: iphone.sessionId, browser: 'Safari on iPhone', current: false },
    ]);
    const [, phoneDevice, iphoneDevice] = answer.body;
    expect(phoneDevice?.last_used_at).toBe(hourAgo.toISOString());
    expect(new Date(phoneDevice?.created_at ?? '').getTime()).toBeLessThan(hourAgo.getTime());
    // Never refreshed: last used when it signed in.
    expect(iphoneDevice?.last_used_at).toBe(iphoneDevice?.created_at);
  });
});

describe('DELETE /api/me/sessions/:id/', () => {
  it('ends one of the learner’s other sessions, its refresh tokens with it', async () => {
    const { user, token } = await learner();
    const other = await createSession(t.db, user.id, { userAgent: SAFARI_IPHONE });

    expect((await endSession(token, other.sessionId)).status).toBe(204);
    expect((await devices(token)).body.map((device) => device.id)).not.toContain(other.sessionId);
    const tokens = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, other.sessionId));
    expect(tokens).toEqual([]);
    const refreshed = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: other.refreshToken },
    });
    expect(refreshed.status).toBeGreaterThanOrEqual(400);
    expect(refreshed.status).toBeLessThan(500);
  });

  it('answers 404 with a sentence for another learner’s session, leaving it signed in', async () => {
    const { token } = await learner();
    const stranger = await createUser(t.db);
    const theirs = await createSession(t.db, stranger.id, { userAgent: CHROME_ANDROID });

    expect(await endSession(token, theirs.sessionId)).toMatchObject({
      status: 404,
      body: { error: SESSION_NOT_FOUND },
    });
    const [still] = await t.db.select().from(authSessions).where(eq(authSessions.id, theirs.sessionId));
    expect(still).toBeDefined();
  });

  it('answers 404 with a sentence for an unknown session and for ids that cannot be one, never 500', async () => {
    const { token } = await learner();
    for (const id of [
      '7d444840-9dc0-11d1-b245-5ffdce74fad2',
      'not-a-session',
      '12345',
      '7d444840-9dc0-11d1-b245-5ffdce74fad2x',
      '%27%20OR%201%3D1',
    ]) {
      expect(await endSession(token, id), id).toMatchObject({
        status: 404,
        body: { error: SESSION_NOT_FOUND },
      });
    }
  });
});

/** A video of the address's own in storage, and its row, as an upload from /submit-video leaves them. */
async function storeVideo(email: string, name: string): Promise<string> {
  const key = `applicant-videos/1790000000000-${randomBytes(4).toString('hex')}-${'a'.repeat(32)}.mp4`;
  await t.app.storage.put(key, Readable.from([Buffer.from('video bytes')]), { contentType: 'video/mp4' });
  await t.db.insert(applicantVideos).values({
    email,
    originalFilename: `${name}.mp4`,
    storagePath: key,
    fileSize: 11,
    contentType: 'video/mp4',
  });
  return key;
}

const APPLICATION = {
  form_language: 'es',
  full_name: 'Lucía Fernández',
  city_country: 'Sevilla, España',
  native_languages: 'Español',
  experience_text: 'Locutora de radio.',
  camera_comfortable: true,
  quiet_env: true,
  willing_submit_sample: true,
  weekly_hours_choice: '5-10',
  why_catamaran: 'Me encanta leer en voz alta.',
};

/** A learner with something in every table that keeps their data, through the API where it can be. */
async function busyLearner() {
  const made = await learner();
  const { user, token } = made;
  const { chapters } = await createStory(t.db, { chapters: 2, wordsPerChapter: 40 });
  const chapter = chapters[0]?.id ?? 0;
  const post = (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
    t.request({ method, url, payload, token });
  expect((await post(`/api/chapters/${chapter}/mark-read/`, {})).status).toBe(200);
  expect((await post('/api/words/save/', { word: 'casa', language: 'es', chapter })).status).toBe(201);
  expect((await post('/api/daily-goal/?language=es', { goal_minutes: 25 }, 'PUT')).status).toBe(200);
  expect(
    (await post('/api/me/reader-settings/', { playback_rate: 1.25, theme: 'sepia' }, 'PUT')).status,
  ).toBe(200);
  expect((await post('/api/reading-aids/', { language: 'ja', show_readings: false }, 'PUT')).status).toBe(
    200,
  );
  expect((await post('/api/feedback/', { feedback_text: 'Me gusta.' })).status).toBe(201);
  const applied = await t.request({
    method: 'POST',
    url: '/api/teacher-application/',
    payload: { ...APPLICATION, email: user.email.toUpperCase() },
  });
  expect(applied.status).toBe(201);
  await addReadingDay(t.db, { userId: user.id, day: '2026-03-02', seconds: 600, wordsRead: 40 });
  const video = await storeVideo(user.email.toUpperCase(), 'mine');
  await giveSubscription(t.db, user.id, { status: 'canceled' });
  await createSession(t.db, user.id, { userAgent: FIREFOX_WINDOWS });
  return { ...made, chapter, video };
}

describe('GET /api/me/export/', () => {
  it('answers one JSON file of everything kept about the learner, and nothing of anyone else', async () => {
    const { user, token, chapter, video } = await busyLearner();
    const stranger = await createUser(t.db);
    await storeVideo(stranger.email, 'theirs');

    const answer = await t.get<unknown>('/api/me/export/', { token });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="catamaran-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = DataExport.parse(answer.body);

    expect(data.profile).toMatchObject({ id: user.id, email: user.email, user_metadata: user.userMetadata });
    expect(data.profile.last_sign_in_at).not.toBeNull();
    expect(data.language_progress).toMatchObject([
      { language: 'es', total_words_read: 40, total_points: 40 },
    ]);
    expect(data.points).toEqual({ total: 40, by_language: { es: 40 } });
    expect(data.chapter_progress).toMatchObject([
      { chapter_id: chapter, chapter_number: 1, is_completed: true, points_earned: 40 },
    ]);
    expect(data.reading_days).toContainEqual({
      day: '2026-03-02',
      language: 'es',
      seconds: 600,
      words_read: 40,
    });
    expect(data.daily_goals).toMatchObject([{ language: 'es', goal_minutes: 25 }]);
    expect(data.reading_aids).toMatchObject([{ language: 'ja', show_readings: false }]);
    expect(data.reader_settings).toMatchObject({ playback_rate: 1.25, theme: 'sepia', text_size: 'medium' });
    expect(data.saved_words).toMatchObject([{ word: 'casa', language: 'es', occurrences: 1 }]);
    expect(data.feedback).toMatchObject([{ email: user.email, text: 'Me gusta.' }]);
    expect(data.narrator_applications).toMatchObject([{ full_name: 'Lucía Fernández' }]);
    expect(data.applicant_videos).toEqual([
      expect.objectContaining({ original_filename: 'mine.mp4', content_type: 'video/mp4', file_size: 11 }),
    ]);
    expect(data.subscription).toMatchObject({ is_pro: false, subscription_status: 'canceled' });
    expect(data.sessions.map((session) => session.browser).sort()).toEqual([
      'Firefox on Windows',
      'Unknown browser',
    ]);
    // No Stripe identifiers, no storage keys, no hashes: only what is the learner's.
    expect(answer.text).not.toMatch(/cus_|sub_|applicant-videos\//);
    expect(answer.text).not.toContain(video);
    expect(answer.text).not.toContain(stranger.email);
  });

  it('names every table that keeps rows about a person, exported or said why not', async () => {
    const { rows } = await t.db.execute<{ table_name: string }>(sql`
      SELECT conrelid::regclass::text AS table_name FROM pg_constraint
        WHERE contype = 'f' AND confrelid = 'users'::regclass
      UNION
      SELECT table_name::text FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('user_id', 'email', 'new_email')
      UNION SELECT 'users'`);
    expect(rows.map((row) => row.table_name).sort()).toEqual(Object.keys(PERSONAL_TABLES).sort());
  });
});

const deleteMe = (token: string | undefined, payload?: unknown) =>
  t.request<{ error?: string }>({
    method: 'DELETE',
    url: '/api/me/',
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(token ? { token } : {}),
  });

async function exists(userId: string): Promise<boolean> {
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length === 1;
}

/** How many rows of every table keeping data about a person still name this user, by id or by address. */
async function rowsAbout(user: { id: string; email: string }): Promise<Record<string, number>> {
  const { rows: columns } = await t.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name::text, column_name::text FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('user_id', 'email', 'new_email')`);
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const value = column === 'user_id' ? user.id : user.email.toLowerCase();
    const compared = column === 'user_id' ? sql.identifier(column) : sql`lower(${sql.identifier(column)})`;
    const { rows } = await t.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)} WHERE ${compared} = ${value}`,
    );
    counts[`${table}.${column}`] = rows[0]?.count ?? 0;
  }
  return counts;
}

const nothingLeft = (counts: Record<string, number>) =>
  Object.fromEntries(Object.keys(counts).map((key) => [key, 0]));

describe('DELETE /api/me/', () => {
  it('refuses a missing, empty, mistyped or wrong confirmation with a sentence, and deletes nothing', async () => {
    const { user, token } = await learner();
    const required = 'Type your account’s e-mail address to confirm.';
    for (const [payload, error] of [
      [undefined, required],
      [{}, required],
      [{ email: '' }, required],
      [{ email: '   ' }, required],
      [{ email: 42 }, required],
      [{ email: null }, required],
      [[user.email], required],
      [{ email: 'someone.else@example.com' }, CONFIRMATION_MISMATCH],
      [{ email: `${user.email}x` }, CONFIRMATION_MISMATCH],
      [{ email: 'x'.repeat(400) }, CONFIRMATION_MISMATCH],
    ] as const) {
      expect(await deleteMe(token, payload), JSON.stringify(payload)).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    expect(await exists(user.id)).toBe(true);
    expect((await devices(token)).body).toHaveLength(1);
  });

  it('deletes the learner and everything personal, whatever the case typed, and mails a confirmation', async () => {
    const { user, token, video } = await busyLearner();
    const other = await busyLearner();
    const before = await rowsAbout(user);
    expect(Object.values(before).filter((count) => count > 0).length).toBeGreaterThanOrEqual(10);
    const othersBefore = await rowsAbout(other.user);

    expect((await deleteMe(token, { email: `  ${user.email.toUpperCase()} ` })).status).toBe(204);

    expect(await exists(user.id)).toBe(false);
    expect(await rowsAbout(user)).toEqual(nothingLeft(before));
    expect(await t.isStored(video)).toBe(false);
    // Nobody else loses anything.
    expect(await rowsAbout(other.user)).toEqual(othersBefore);
    expect(await t.isStored(other.video)).toBe(true);
    await expect
      .poll(async () => (await t.db.select().from(devOutbox).where(eq(devOutbox.to, user.email))).length, {
        timeout: SERVER_WORK_TIMEOUT,
      })
      .toBe(1);
    const [mail] = await t.db.select().from(devOutbox).where(eq(devOutbox.to, user.email));
    expect(mail?.subject).toBe('Your Catamaran account has been deleted');
    expect(mail?.text).not.toContain('subscription was cancelled');
  });

  it('answers 401 to a second deletion and to the download, never 500', async () => {
    const { user, token } = await learner();
    expect((await deleteMe(token, { email: user.email })).status).toBe(204);

    const again = await deleteMe(token, { email: user.email });
    expect(again.status).toBe(401);
    expect(again.body.error).toEqual(expect.any(String));
    expect((await t.get<{ error?: string }>('/api/me/export/', { token })).status).toBe(401);
  });

  it('cancels an active Stripe subscription at once before deleting, and says so in the mail', async () => {
    const { user, token } = await learner();
    const row = await giveSubscription(t.db, user.id, { status: 'active' });
    const id = String(row.stripeSubscriptionId);
    standIn.subscriptions.set(
      id,
      stripeSubscription({ id, customer: String(row.stripeCustomerId), status: 'active' }),
    );
    const before = standIn.requests.length;

    expect((await deleteMe(token, { email: user.email })).status).toBe(204);

    expect(standIn.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      `DELETE /v1/subscriptions/${id}`,
    ]);
    expect(standIn.subscriptions.get(id)?.status).toBe('canceled');
    expect(await exists(user.id)).toBe(false);
    await expect
      .poll(async () => (await t.db.select().from(devOutbox).where(eq(devOutbox.to, user.email)))[0]?.text, {
        timeout: SERVER_WORK_TIMEOUT,
      })
      .toContain('Your Pro subscription was cancelled at once');
  });

  it('asks Stripe nothing for a subscription that has ended', async () => {
    const { user, token } = await learner();
    await giveSubscription(t.db, user.id, { status: 'canceled' });
    const before = standIn.requests.length;

    expect((await deleteMe(token, { email: user.email })).status).toBe(204);
    expect(standIn.requests.slice(before)).toEqual([]);
  });

  it('deletes nothing while Stripe cannot be reached: 502 with a sentence', async () => {
    const { user, token } = await learner();
    await giveSubscription(t.db, user.id, { status: 'past_due' });
    standIn.failing = true;
    try {
      expect(await deleteMe(token, { email: user.email })).toMatchObject({
        status: 502,
        body: { error: PROVIDER_DOWN },
      });
    } finally {
      standIn.failing = false;
    }
    expect(await exists(user.id)).toBe(true);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row?.status).toBe('past_due');
  });

  it('refuses the last administrator with 409, and lets one go while another remains', async () => {
    const first = await learner({ isAdmin: true });
    expect(await deleteMe(first.token, { email: first.user.email })).toMatchObject({
      status: 409,
      body: { error: LAST_ADMIN },
    });
    expect(await exists(first.user.id)).toBe(true);

    const second = await learner({ isAdmin: true });
    expect((await deleteMe(first.token, { email: first.user.email })).status).toBe(204);
    expect((await deleteMe(second.token, { email: second.user.email })).status).toBe(409);
    expect(await exists(second.user.id)).toBe(true);
    // Leaves no marked admin behind for the other tests to meet.
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, second.user.id));
  });
});

describe('DELETE /api/me/ on a server without billing, with ADMIN_EMAILS', () => {
  const on = async (overrides: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(plain.db, overrides);
    return { user, token: (await signIn(plain.db, user)).accessToken };
  };
  const remove = (token: string, email: string) =>
    plain.request<{ error?: string }>({ method: 'DELETE', url: '/api/me/', payload: { email }, token });

  it('refuses to leave a live subscription charging: 503 with a sentence, nothing deleted', async () => {
    const { user, token } = await on();
    await giveSubscription(plain.db, user.id, { status: 'active' });

    expect(await remove(token, user.email)).toMatchObject({ status: 503, body: { error: CANNOT_CANCEL } });
    const [still] = await plain.db.select().from(users).where(eq(users.id, user.id));
    expect(still).toBeDefined();
  });

  it('counts administrators by ADMIN_EMAILS too: the one listed account alone is kept, and may go beside another', async () => {
    const boss = await on({ email: BOSS });
    expect(await remove(boss.token, BOSS)).toMatchObject({ status: 409, body: { error: LAST_ADMIN } });

    // A second address of the list with an account: an administrator as much as a marked one.
    const deputy = await on({ email: DEPUTY });
    expect((await remove(boss.token, BOSS)).status).toBe(204);
    expect(await remove(deputy.token, DEPUTY)).toMatchObject({ status: 409, body: { error: LAST_ADMIN } });
  });
});
