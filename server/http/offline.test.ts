// The outbox's contract on the seven changes a learner may make offline (decision 084): an Idempotency-Key makes
// a retry count once and answer as before, whoever else uses the same key; Occurred-At counts a change on the
// learner's day when it was made, up to 7 days back. Through the real routes and a real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addDays, localDate } from '#common/activity.ts';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_NOT_UUID,
  IDEMPOTENCY_KEY_REUSED,
  OCCURRED_AT_IN_FUTURE,
  OCCURRED_AT_NOT_INSTANT,
  OCCURRED_AT_TOO_OLD,
} from '#common/offline.ts';
import { dailyGoals, idempotencyKeys, savedWords, termStatuses } from '#server/db/schema.ts';
import { setupTestApp, type TestResponse } from '#server/testing/app.ts';
import { createStory, createUser, signIn } from '#server/testing/factories.ts';
import * as idempotency from './idempotency.ts';

// A write that fails once the change is done and before the key is kept stands for a process killed there.
vi.mock('./idempotency.ts', async (original) => {
  const actual = await original<typeof import('./idempotency.ts')>();
  return { ...actual, rememberAnswer: vi.fn(actual.rememberAnswer) };
});

const t = setupTestApp();

interface Learner {
  id: string;
  token: string;
}

async function learner(): Promise<Learner> {
  const user = await createUser(t.db);
  return { id: user.id, token: (await signIn(t.db, user)).accessToken };
}

async function chapter(options: { free?: boolean } = {}): Promise<number> {
  const { chapters } = await createStory(t.db, {
    wordsPerChapter: 40,
    story: { isFree: options.free ?? true },
  });
  return (chapters[0] as { id: number }).id;
}

type Headers = Record<string, string>;

const call = <T = unknown>(
  who: Learner,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  headers: Headers = {},
): Promise<TestResponse<T>> => t.request<T>({ method, url, token: who.token, headers, payload });

const keyed = (key: string, more: Headers = {}): Headers => ({ 'idempotency-key': key, ...more });

const TOKYO = 'Asia/Tokyo';
const LOS_ANGELES = 'America/Los_Angeles';

/** Today's date in a zone, by the real clock (the server's and the database's). */
const todayIn = (timeZone: string) => localDate(Date.now(), timeZone);

/** 00:30 in Tokyo two days ago: the day before in UTC. */
function tokyoAfterMidnight(daysBack = 2): { day: string; at: string } {
  const day = addDays(todayIn(TOKYO), -daysBack);
  return { day, at: `${day}T00:30:00+09:00` };
}

/** 20:00 in Los Angeles two days ago (21:00 under daylight saving): the day after in UTC. */
function losAngelesEvening(daysBack = 2): { day: string; at: string } {
  const day = addDays(todayIn(LOS_ANGELES), -daysBack);
  return { day, at: `${day}T20:00:00-08:00` };
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function activityDays(who: Learner, timeZone: string) {
  const today = todayIn(timeZone);
  const response = await t.get<{
    streak: number;
    days: { date: string; time_spent: number; words_read: number }[];
  }>(`/api/activity/?from=${addDays(today, -9)}&to=${today}`, {
    token: who.token,
    headers: { 'x-timezone': timeZone },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function totalPoints(who: Learner): Promise<number> {
  const response = await t.get<{ total_points: number }[]>('/api/user/language-progress/', {
    token: who.token,
  });
  return response.body.reduce((sum, entry) => sum + entry.total_points, 0);
}

async function goalMinutes(who: Learner): Promise<number> {
  return (await t.get<{ goal_minutes: number }>('/api/daily-goal/?language=es', { token: who.token })).body
    .goal_minutes;
}

async function occurrences(who: Learner, word = 'gato'): Promise<number> {
  const [row] = await t.db
    .select({ occurrences: savedWords.occurrences })
    .from(savedWords)
    .where(and(eq(savedWords.userId, who.id), eq(savedWords.word, word)));
  return row?.occurrences ?? 0;
}

async function statusOf(who: Learner, term = 'casa'): Promise<number | undefined> {
  const [row] = await t.db
    .select({ status: termStatuses.status })
    .from(termStatuses)
    .where(and(eq(termStatuses.userId, who.id), eq(termStatuses.term, term)));
  return row?.status;
}

async function secondsToday(who: Learner): Promise<number> {
  const today = await activityDays(who, 'UTC');
  return today.days.find((day) => day.date === todayIn('UTC'))?.time_spent ?? 0;
}

/**
 * Each of the six changes: how to send it, what it changed (`measure`), and for a change that is not additive,
 * the change that takes it back (sent without a key), so a replay that did anything would show.
 */
interface Change {
  name: string;
  /** Run once per learner before the change (a chapter read before it is marked unread). */
  prepare?: (who: Learner, chapterId: number) => Promise<unknown>;
  send: (who: Learner, headers: Headers, chapterId: number) => Promise<TestResponse>;
  measure: (who: Learner) => Promise<number | undefined>;
  undo?: (who: Learner, chapterId: number) => Promise<unknown>;
}

const markRead = (who: Learner, id: number, headers: Headers = {}) =>
  call(who, 'POST', `/api/chapters/${id}/mark-read/`, {}, headers);
const markUnread = (who: Learner, id: number, headers: Headers = {}) =>
  call(who, 'POST', `/api/chapters/${id}/mark-unread/`, {}, headers);
const track = (who: Learner, id: number, headers: Headers = {}, seconds = 60) =>
  call(who, 'POST', '/api/track-reading-time/', { chapter_id: id, seconds }, headers);
const saveWord = (who: Learner, headers: Headers = {}, word = 'gato') =>
  call(who, 'POST', '/api/words/save/', { word, language: 'es' }, headers);
const setStatus = (who: Learner, status: string, headers: Headers = {}, term = 'casa') =>
  call(who, 'PUT', '/api/terms/status/', { language: 'es', term, status }, headers);
const markKnown = (who: Learner, id: number, headers: Headers = {}) =>
  call(who, 'POST', `/api/chapters/${id}/mark-known/`, {}, headers);

/** How many terms the learner has a status of: what a mark-known adds to. */
async function statusCount(who: Learner): Promise<number> {
  return (await t.db.select().from(termStatuses).where(eq(termStatuses.userId, who.id))).length;
}

const setGoal = (who: Learner, minutes: number, headers: Headers = {}) =>
  call(who, 'PUT', '/api/daily-goal/?language=es', { goal_minutes: minutes }, headers);

const CHANGES: Change[] = [
  {
    name: 'POST /api/track-reading-time/',
    send: (who, headers, id) => track(who, id, headers),
    measure: secondsToday,
  },
  {
    name: 'PUT /api/daily-goal/',
    send: (who, headers) => setGoal(who, 30, headers),
    measure: goalMinutes,
    undo: (who) => setGoal(who, 45),
  },
  {
    name: 'POST /api/chapters/:id/mark-read/',
    send: (who, headers, id) => markRead(who, id, headers),
    measure: totalPoints,
    undo: (who, id) => markUnread(who, id),
  },
  {
    name: 'POST /api/chapters/:id/mark-unread/',
    prepare: (who, id) => markRead(who, id),
    send: (who, headers, id) => markUnread(who, id, headers),
    measure: totalPoints,
    undo: (who, id) => markRead(who, id),
  },
  {
    name: 'POST /api/words/save/',
    send: (who, headers) => saveWord(who, headers),
    measure: (who) => occurrences(who),
  },
  {
    name: 'POST /api/chapters/:id/mark-known/',
    send: (who, headers, id) => markKnown(who, id, headers),
    measure: statusCount,
    undo: (who) => t.db.delete(termStatuses).where(eq(termStatuses.userId, who.id)),
  },
  {
    name: 'PUT /api/terms/status/',
    send: (who, headers) => setStatus(who, 'known', headers),
    measure: (who) => statusOf(who),
    undo: (who) => setStatus(who, 'learning-2'),
  },
];

describe.each(CHANGES)('$name with an Idempotency-Key', (change) => {
  async function ready() {
    const who = await learner();
    const id = await chapter();
    await change.prepare?.(who, id);
    return { who, id, before: await change.measure(who) };
  }

  it('counts a repeat of the key once and answers it with the same status and body', async () => {
    const { who, id, before } = await ready();
    const key = randomUUID();

    const first = await change.send(who, keyed(key), id);
    expect(first.status, first.text).toBeLessThan(300);
    const after = await change.measure(who);
    expect(after).not.toEqual(before);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await change.send(who, keyed(key.toUpperCase()), id);

    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await change.measure(who)).toEqual(after);
  });

  it('answers a repeat as before and changes nothing, even after another change since', async () => {
    const { who, id } = await ready();
    const key = randomUUID();
    const first = await change.send(who, keyed(key), id);
    const done = await change.measure(who);
    // Taken back, or (reading time, a word) counted again without a key.
    await (change.undo ? change.undo(who, id) : change.send(who, {}, id));
    const taken = await change.measure(who);
    expect(taken).not.toEqual(done);

    const again = await change.send(who, keyed(key), id);

    expect(again.text).toBe(first.text);
    expect(await change.measure(who)).toEqual(taken);
  });

  it('does the change again under a new key', async () => {
    const { who, id } = await ready();
    await change.send(who, keyed(randomUUID()), id);
    const once = await change.measure(who);
    if (change.undo) await change.undo(who, id);
    const undone = await change.measure(who);

    const second = await change.send(who, keyed(randomUUID()), id);

    expect(second.headers['idempotent-replayed']).toBeUndefined();
    const measured = await change.measure(who);
    // Additive changes count twice; the others are done again after their undo.
    expect(measured).not.toEqual(change.undo ? undone : once);
  });

  it("keeps each learner's keys apart: another learner's same key is a change of their own", async () => {
    const first = await ready();
    const second = await ready();
    const key = randomUUID();
    await change.send(first.who, keyed(key), first.id);

    const theirs = await change.send(second.who, keyed(key), second.id);

    expect(theirs.status, theirs.text).toBeLessThan(300);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await change.measure(second.who)).toEqual(await change.measure(first.who));
    expect(await change.measure(second.who)).not.toEqual(second.before);
  });

  it('refuses a key that is not a UUID with 400 and a sentence, and changes nothing', async () => {
    const { who, id, before } = await ready();

    for (const key of ['not-a-key', '', '123', `${randomUUID()}x`]) {
      const response = await change.send(who, keyed(key), id);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: IDEMPOTENCY_KEY_NOT_UUID });
    }
    expect(await change.measure(who)).toEqual(before);
  });

  it('refuses 8 days back, 10 minutes ahead and a moment that is not one with 400, and changes nothing', async () => {
    const { who, id, before } = await ready();
    const refused: [string, string][] = [
      [hoursFromNow(-8 * 24), OCCURRED_AT_TOO_OLD],
      [hoursFromNow(-7 * 24 - 0.01), OCCURRED_AT_TOO_OLD],
      [hoursFromNow(10 / 60), OCCURRED_AT_IN_FUTURE],
      ['yesterday', OCCURRED_AT_NOT_INSTANT],
      ['2026-11-27', OCCURRED_AT_NOT_INSTANT],
      ['2026-11-27T08:30:00', OCCURRED_AT_NOT_INSTANT],
    ];

    for (const [at, sentence] of refused) {
      for (const headers of [{ 'occurred-at': at }, keyed(randomUUID(), { 'occurred-at': at })]) {
        const response = await change.send(who, headers, id);
        expect(response.status, at).toBe(400);
        expect(response.body).toEqual({ error: sentence });
      }
    }
    expect(await change.measure(who)).toEqual(before);
    const kept = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, who.id));
    expect(kept).toEqual([]);
  });

  it('applies two requests with the same key sent at once only once', async () => {
    const { who, id, before } = await ready();
    const key = randomUUID();

    const answers = await Promise.all([change.send(who, keyed(key), id), change.send(who, keyed(key), id)]);

    const done = answers.filter((answer) => answer.status < 300);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status >= 300) {
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({ error: IDEMPOTENCY_KEY_IN_FLIGHT });
        expect(answer.headers['retry-after']).toBe('1');
      } else expect(answer.text).toBe(done[0]?.text);
    }
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true').length).toBe(
      done.length - 1,
    );
    const once = await change.measure(who);
    expect(once).not.toEqual(before);
    await change.send(who, keyed(key), id);
    expect(await change.measure(who)).toEqual(once);
  });
});

describe('a key reused for another request', () => {
  it('is refused with 422 on another endpoint, or with another chapter, never answered as the first', async () => {
    const who = await learner();
    const [first, second] = [await chapter(), await chapter()];
    const key = randomUUID();
    expect((await saveWord(who, keyed(key))).status).toBe(201);

    for (const response of [
      await track(who, first, keyed(key)),
      await saveWord(who, keyed(key), 'perro'),
      await markRead(who, first, keyed(key)),
    ]) {
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ error: IDEMPOTENCY_KEY_REUSED });
    }
    const other = randomUUID();
    expect((await markRead(who, first, keyed(other))).status).toBe(200);
    const elsewhere = await markRead(who, second, keyed(other));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toEqual({ error: IDEMPOTENCY_KEY_REUSED });
    expect(await occurrences(who, 'perro')).toBe(0);
    expect(await occurrences(who)).toBe(1);
  });

  it('is not kept when the change is refused (a Pro chapter), so the same key may be sent again', async () => {
    const who = await learner();
    const pro = await chapter({ free: false });
    const key = randomUUID();

    const refused = await markRead(who, pro, keyed(key));

    expect(refused.status).toBe(403);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, who.id))).toEqual([]);
  });
});

describe('a key held by a request still in flight', () => {
  /** Claims `key` for the learner in an open transaction, as a request on another server would. */
  async function holdKey(who: Learner, key: string) {
    const client = await t.app.pool.connect();
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint) VALUES ($1, $2, 'POST /api/words/save/', 'x')`,
      [who.id, key],
    );
    return {
      async end(outcome: 'COMMIT' | 'ROLLBACK') {
        await client.query(outcome);
        client.release();
      },
    };
  }

  it('is waited for; when it rolls back, the waiting request does the change', async () => {
    const who = await learner();
    const key = randomUUID();
    const held = await holdKey(who, key);

    const waiting = saveWord(who, keyed(key));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await occurrences(who)).toBe(0);
    await held.end('ROLLBACK');

    expect((await waiting).status).toBe(201);
    expect(await occurrences(who)).toBe(1);
  });

  it('answers 409 with Retry-After and a sentence after 5 s, and changes nothing', async () => {
    const who = await learner();
    const key = randomUUID();
    const held = await holdKey(who, key);

    const response = await saveWord(who, keyed(key));
    await held.end('ROLLBACK');

    expect(response.status).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.body).toEqual({ error: IDEMPOTENCY_KEY_IN_FLIGHT });
    expect(await occurrences(who)).toBe(0);
  });
});

describe('a change and its key, kept together', () => {
  it('keeps neither when the key cannot be written, so the retry counts the word once', async () => {
    const who = await learner();
    const key = randomUUID();
    vi.mocked(idempotency.rememberAnswer).mockRejectedValueOnce(new Error('the process was killed'));

    const lost = await saveWord(who, keyed(key));

    expect(lost.status).toBe(500);
    expect(await occurrences(who)).toBe(0);
    const retried = await saveWord(who, keyed(key));
    expect(retried.status).toBe(201);
    expect(await occurrences(who)).toBe(1);
  });

  it("with the body's report_id too: a repeat of either counts the seconds once", async () => {
    const who = await learner();
    const id = await chapter();
    const reportId = randomUUID();
    const payload = { chapter_id: id, seconds: 90, report_id: reportId };
    const send = (headers: Headers) => call(who, 'POST', '/api/track-reading-time/', payload, headers);

    const first = await send(keyed(randomUUID()));
    const sameReport = await send(keyed(randomUUID()));
    const plain = await send({});

    expect(first.body).toMatchObject({ seconds_counted: 90, time_spent: 90 });
    expect(sameReport.body).toMatchObject({ seconds_counted: 90, time_spent: 90 });
    expect(plain.body).toMatchObject({ seconds_counted: 90, time_spent: 90 });
    expect(await secondsToday(who)).toBe(90);
  });

  it('forgets keys older than 8 days, and keeps the others', async () => {
    const who = await learner();
    const [old, recent] = [randomUUID(), randomUUID()];
    await saveWord(who, keyed(old));
    await saveWord(who, keyed(recent), 'perro');
    await t.app.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '8 days 1 minute' WHERE key = $1`,
      [old],
    );

    expect(await idempotency.pruneIdempotencyKeys(t.db)).toBe(1);

    const kept = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(kept.map((row) => row.key)).toContain(recent);
    expect(kept.map((row) => row.key)).not.toContain(old);
  });
});

describe('Occurred-At: counted on the learner’s day when it was done', () => {
  it('puts reading time on that local day in Los Angeles, and leaves today’s goal as it was', async () => {
    const who = await learner();
    const id = await chapter();
    const { day, at } = losAngelesEvening();
    expect(new Date(at).toISOString().slice(0, 10)).not.toBe(day);

    const response = await track(who, id, { 'x-timezone': LOS_ANGELES, 'occurred-at': at }, 120);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ date: day, seconds_counted: 120, time_spent: 120 });
    const { days } = await activityDays(who, LOS_ANGELES);
    expect(days).toEqual([{ date: day, time_spent: 120, words_read: 0 }]);
    const goal = await t.get('/api/daily-goal/?language=es', {
      token: who.token,
      headers: { 'x-timezone': LOS_ANGELES },
    });
    expect(goal.body).toMatchObject({ today_minutes: 0 });
  });

  it('counts a chapter marked read on that Tokyo day in the calendar, the streak and the totals', async () => {
    const who = await learner();
    const [first, second, third] = [await chapter(), await chapter(), await chapter()];
    const twoDaysAgo = tokyoAfterMidnight(2);
    const yesterday = tokyoAfterMidnight(1);
    const tokyo = { 'x-timezone': TOKYO };

    const read = await markRead(who, first, { ...tokyo, 'occurred-at': twoDaysAgo.at });
    await markRead(who, second, { ...tokyo, 'occurred-at': yesterday.at });
    await markRead(who, third, tokyo);

    expect(read.body).toMatchObject({ is_completed: true, points_change: 40, total_points: 40 });
    const { streak, days } = await activityDays(who, TOKYO);
    expect(days).toEqual([
      { date: twoDaysAgo.day, time_spent: 0, words_read: 40 },
      { date: yesterday.day, time_spent: 0, words_read: 40 },
      { date: todayIn(TOKYO), time_spent: 0, words_read: 40 },
    ]);
    expect(streak).toBe(3);
    expect(await totalPoints(who)).toBe(120);
    const { rows } = await t.app.pool.query(
      'SELECT completed_at FROM chapter_progress WHERE user_id = $1 AND chapter_id = $2',
      [who.id, first],
    );
    expect((rows[0] as { completed_at: Date }).completed_at.toISOString()).toBe(
      new Date(twoDaysAgo.at).toISOString(),
    );
  });

  it('dates a word saved offline, and an older save never moves its last time back', async () => {
    const who = await learner();
    const { at } = tokyoAfterMidnight(2);
    const earlier = tokyoAfterMidnight(3).at;

    expect((await saveWord(who, { 'occurred-at': at })).status).toBe(201);
    const again = await saveWord(who, { 'occurred-at': earlier });

    expect(again.body).toMatchObject({ occurrences: 2, last_seen_at: new Date(at).toISOString() });
    const listed = await t.get<{ first_seen_at: string; last_seen_at: string }[]>('/api/words/', {
      token: who.token,
    });
    expect(listed.body[0]).toMatchObject({
      first_seen_at: new Date(earlier).toISOString(),
      last_seen_at: new Date(at).toISOString(),
    });
  });

  it('keeps a word saved online today as last seen when a save made offline days ago arrives after it', async () => {
    const who = await learner();
    const online = await saveWord(who);
    const { at } = tokyoAfterMidnight(2);

    const late = await saveWord(who, { 'occurred-at': at });

    const lastSeen = (online.body as { last_seen_at: string }).last_seen_at;
    expect(late.body).toMatchObject({ occurrences: 2, last_seen_at: lastSeen });
    const listed = await t.get<{ first_seen_at: string; last_seen_at: string }[]>('/api/words/', {
      token: who.token,
    });
    expect(listed.body[0]).toMatchObject({
      first_seen_at: new Date(at).toISOString(),
      last_seen_at: lastSeen,
    });
  });

  it('counts a word made known offline on that Tokyo day of the known-words history', async () => {
    const who = await learner();
    const { day, at } = tokyoAfterMidnight(2);

    expect((await setStatus(who, 'known', { 'occurred-at': at })).status).toBe(200);
    await setStatus(who, 'known', { 'occurred-at': tokyoAfterMidnight(1).at });

    const known = await t.get<{ languages: { language: string; days: { date: string; known: number }[] }[] }>(
      '/api/terms/known/?days=7',
      { token: who.token, headers: { 'x-timezone': TOKYO } },
    );
    expect(known.status, known.text).toBe(200);
    const days = known.body.languages.find((language) => language.language === 'es')?.days ?? [];
    expect(days.find((entry) => entry.date === addDays(day, -1))?.known).toBe(0);
    expect(days.find((entry) => entry.date === day)?.known).toBe(1);
    expect(days.at(-1)).toEqual({ date: todayIn(TOKYO), known: 1 });
  });

  it('dates the words a chapter made known offline from that moment (known_since)', async () => {
    const who = await learner();
    const id = await chapter();
    const { at } = tokyoAfterMidnight();
    const response = await markKnown(who, id, keyed(randomUUID(), { 'occurred-at': at }));
    expect(response.status, response.text).toBe(200);
    const rows = await t.db
      .select({ knownSince: termStatuses.knownSince, createdAt: termStatuses.createdAt })
      .from(termStatuses)
      .where(eq(termStatuses.userId, who.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.knownSince?.toISOString()).toBe(new Date(at).toISOString());
      expect(row.createdAt.toISOString()).toBe(new Date(at).toISOString());
    }
  });

  it('dates a goal changed offline, never before a later change', async () => {
    const who = await learner();
    const { at } = tokyoAfterMidnight(2);

    expect((await setGoal(who, 20, { 'occurred-at': at })).body).toMatchObject({ goal_minutes: 20 });
    const changed = async () =>
      (await t.db.select().from(dailyGoals).where(eq(dailyGoals.userId, who.id)))[0]?.updatedAt.toISOString();
    expect(await changed()).toBe(new Date(at).toISOString());
    await setGoal(who, 25, { 'occurred-at': tokyoAfterMidnight(3).at });
    expect(await changed()).toBe(new Date(at).toISOString());
    expect(await goalMinutes(who)).toBe(25);
  });

  it('counts a moment under 5 minutes ahead (a fast clock) as now', async () => {
    const who = await learner();
    const id = await chapter();

    const response = await track(who, id, { 'occurred-at': hoursFromNow(3 / 60) });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ date: todayIn('UTC'), seconds_counted: 60 });
  });

  it('answers a retry on day 8 of a change counted on day 6 as before, though its moment is now too old', async () => {
    const who = await learner();
    const key = randomUUID();
    const at = hoursFromNow(-6 * 24);
    const first = await saveWord(who, keyed(key, { 'occurred-at': at }));
    // Two days later: the key was kept two days ago, and the same moment is now 8 days back.
    await t.app.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '2 days' WHERE key = $1`,
      [key],
    );
    const eightDaysBack = hoursFromNow(-8 * 24);

    const again = await saveWord(who, keyed(key, { 'occurred-at': eightDaysBack }));

    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(await occurrences(who)).toBe(1);
  });
});
