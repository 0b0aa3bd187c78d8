import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#common/activity.ts';
import { Activity, DailyGoal, TrackReadingTimeResult } from '#common/schemas/library.ts';
import { readAccess, Viewer } from '#server/policies/viewer.ts';
import { setupTestApp } from '#server/testing/app.ts';
import {
  addReadingDay,
  createStory,
  createUser,
  giveSubscription,
  signIn,
} from '#server/testing/factories.ts';
import { pruneReadingReports, trackReadingTime } from './service.ts';

const t = setupTestApp();

const GOAL_ERROR = 'Goal must be between 1 and 300 minutes';
const SECONDS_ERROR = 'seconds must be a whole number of seconds, 0 or more.';

async function learner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  return { id: user.id, token: (await signIn(t.db, user)).accessToken };
}

/** Runs `send` with the clock at `iso` (Date only: timers, sockets and the database keep real time). */
async function at<T>(iso: string, send: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await send();
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

/** A fixed midday (UTC), for tests of one day's reading. */
const MIDDAY = '2024-06-15T12:00:00Z';

const zone = (timeZone?: string): Record<string, string> => (timeZone ? { 'x-timezone': timeZone } : {});

const getGoal = (token: string, language = 'es', timeZone?: string) =>
  t.get<DailyGoal>(`/api/daily-goal/?language=${language}`, { token, headers: zone(timeZone) });
const putGoal = (token: string, payload: unknown, language = 'es') =>
  t.request<DailyGoal>({
    method: 'PUT',
    url: `/api/daily-goal/?language=${language}`,
    token,
    payload: payload as object,
  });
const track = (token: string, payload: unknown, timeZone?: string) =>
  t.request<TrackReadingTimeResult>({
    method: 'POST',
    url: '/api/track-reading-time/',
    token,
    headers: zone(timeZone),
    payload: payload as object,
  });
const activity = (token: string, query = '', timeZone?: string) =>
  t.get<Activity>(`/api/activity/${query ? `?${query}` : ''}`, { token, headers: zone(timeZone) });

async function chapterIn(languageCode = 'es', story: Parameters<typeof createStory>[1] = {}) {
  const { chapters } = await createStory(t.db, { languageCode, wordsPerChapter: 40, ...story });
  const [chapter] = chapters;
  if (!chapter) throw new Error('createStory made no chapter');
  return chapter;
}

describe('every activity call', () => {
  it('answers 401 without a token', async () => {
    const calls = [
      t.get('/api/daily-goal/?language=es'),
      t.request({ method: 'PUT', url: '/api/daily-goal/?language=es', payload: { goal_minutes: 30 } }),
      t.request({ method: 'POST', url: '/api/track-reading-time/', payload: { chapter_id: 1, seconds: 30 } }),
      t.get('/api/activity/'),
      t.get('/api/activity/', { token: 'not-a-token' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Not authenticated' });
    }
  });
});

describe('GET and PUT /api/daily-goal/', () => {
  it('starts at the default of 60 minutes with nothing read today', async () => {
    const { token } = await learner();

    const response = await getGoal(token);

    expect(response.status).toBe(200);
    expect(DailyGoal.strict().parse(response.body)).toEqual({
      goal_minutes: 60,
      today_minutes: 0,
      percentage: 0,
    });
  });

  it('keeps a goal per learner and per language', async () => {
    const { token } = await learner();
    const other = await learner();

    const saved = await putGoal(token, { goal_minutes: 45 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ goal_minutes: 45, today_minutes: 0, percentage: 0 });
    expect((await getGoal(token)).body.goal_minutes).toBe(45);
    expect((await getGoal(token, 'fr')).body.goal_minutes).toBe(60);
    expect((await getGoal(other.token)).body.goal_minutes).toBe(60);

    expect((await putGoal(token, { goal_minutes: 1 })).body.goal_minutes).toBe(1);
    expect((await putGoal(token, { goal_minutes: 300 })).body.goal_minutes).toBe(300);
    expect((await getGoal(token)).body.goal_minutes).toBe(300);
  });

  it("shows today's minutes in the language against the goal, past 100 %", async () => {
    // At midday: a test of 'today' must not see midnight pass between its reports.
    await at(MIDDAY, async () => {
      const { token } = await learner();
      const spanish = await chapterIn('es');
      const french = await chapterIn('fr');
      for (let report = 0; report < 3; report++) await track(token, { chapter_id: spanish.id, seconds: 300 });
      await track(token, { chapter_id: spanish.id, seconds: 59 });
      await track(token, { chapter_id: french.id, seconds: 120 });

      expect((await getGoal(token)).body).toEqual({ goal_minutes: 60, today_minutes: 15, percentage: 25 });
      expect((await putGoal(token, { goal_minutes: 10 })).body).toEqual({
        goal_minutes: 10,
        today_minutes: 15,
        percentage: 150,
      });
      expect((await getGoal(token, 'fr')).body).toEqual({
        goal_minutes: 60,
        today_minutes: 2,
        percentage: 3,
      });
    });
  });

  it("counts today on the learner's own date", async () => {
    const { id, token } = await learner();
    await addReadingDay(t.db, { userId: id, day: '2024-01-15', seconds: 1800 });

    // 07:30 UTC on 16 January: still the 15th in Los Angeles, already the 16th in UTC.
    const [losAngeles, utc] = await at('2024-01-16T07:30:00Z', () =>
      Promise.all([getGoal(token, 'es', 'America/Los_Angeles'), getGoal(token, 'es', 'UTC')]),
    );

    expect(losAngeles.body).toEqual({ goal_minutes: 60, today_minutes: 30, percentage: 50 });
    expect(utc.body).toEqual({ goal_minutes: 60, today_minutes: 0, percentage: 0 });
  });

  it('refuses a goal that is not a whole number from 1 to 300 with the sentence of the specification', async () => {
    const { token } = await learner();
    const payloads: unknown[] = [
      { goal_minutes: 0 },
      { goal_minutes: 301 },
      { goal_minutes: -5 },
      { goal_minutes: 12.5 },
      { goal_minutes: '30' },
      { goal_minutes: null },
      { goal_minutes: true },
      { goal_minutes: 1e12 },
      {},
      [30],
    ];
    for (const payload of payloads) {
      const response = await putGoal(token, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body).toEqual({ error: GOAL_ERROR });
    }
    expect((await getGoal(token)).body.goal_minutes).toBe(60);
  });

  it('refuses a missing or unknown language', async () => {
    const { token } = await learner();
    const cases: [Promise<{ status: number; body: unknown }>, string][] = [
      [t.get('/api/daily-goal/', { token }), 'language is required'],
      [getGoal(token, 'spanish'), 'language must be a language code such as es.'],
      [getGoal(token, 'zz'), 'That language does not exist.'],
      [putGoal(token, { goal_minutes: 30 }, 'zz'), 'That language does not exist.'],
    ];
    for (const [call, error] of cases) {
      const response = await call;
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    }
  });
});

describe('POST /api/track-reading-time/', () => {
  it("counts the seconds for the chapter's language on the learner's local date", async () => {
    const { token } = await learner();
    const chapter = await chapterIn('fr');

    // The same instant is the 15th in Los Angeles and the 16th in Tokyo.
    const [losAngeles, tokyo, again] = await at('2024-01-16T07:30:00Z', async () => [
      await track(token, { chapter_id: chapter.id, seconds: 30 }, 'America/Los_Angeles'),
      await track(token, { chapter_id: chapter.id, seconds: 45 }, 'Asia/Tokyo'),
      await track(token, { chapter_id: chapter.id, seconds: 20 }, 'America/Los_Angeles'),
    ]);

    expect(losAngeles?.status).toBe(200);
    expect(TrackReadingTimeResult.strict().parse(losAngeles?.body)).toEqual({
      date: '2024-01-15',
      language: 'fr',
      seconds_counted: 30,
      time_spent: 30,
    });
    expect(tokyo?.body).toEqual({ date: '2024-01-16', language: 'fr', seconds_counted: 45, time_spent: 45 });
    expect(again?.body).toEqual({ date: '2024-01-15', language: 'fr', seconds_counted: 20, time_spent: 50 });
    const days = await activity(token, 'language=fr&from=2024-01-01&to=2024-01-31');
    expect(days.body.days).toEqual([
      { date: '2024-01-15', time_spent: 50, words_read: 0 },
      { date: '2024-01-16', time_spent: 45, words_read: 0 },
    ]);
  });

  it('leaves the connection committing as it found it, though a report does not wait for the disk', async () => {
    const { id } = await learner();
    const chapter = await chapterIn('es');
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      // The test cluster commits without waiting anyway (server/testing/global-setup.ts): this connection
      // does, as production's do.
      await client.query('SET synchronous_commit = on');
      const reader = new Viewer(id, '', (userId) => readAccess(t.db, [], userId));
      const session = { db: t.db, pool: client as unknown as pg.Pool };
      const report = { chapterId: chapter.id, seconds: 30 };
      expect(await trackReadingTime(session, reader, report, '2024-03-01')).toEqual({
        language: 'es',
        secondsCounted: 30,
        timeSpent: 30,
      });
      const { rows } = await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      expect(rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await client.end();
    }
  });

  it('uses UTC when X-Timezone is missing or names no zone', async () => {
    const { token } = await learner();
    const chapter = await chapterIn();

    const answers = await at('2024-01-16T07:30:00Z', async () => [
      await track(token, { chapter_id: chapter.id, seconds: 10 }),
      await track(token, { chapter_id: chapter.id, seconds: 10 }, 'Mars/Olympus_Mons'),
      await track(token, { chapter_id: chapter.id, seconds: 10 }, 'Europe/Berlin; DROP TABLE users'),
    ]);

    expect(answers.map((answer) => answer.body.date)).toEqual(['2024-01-16', '2024-01-16', '2024-01-16']);
    expect(answers.at(-1)?.body.time_spent).toBe(30);
  });

  it('clamps a report to 300 seconds, and a day to 24 hours', async () => {
    // At midday: a test of 'today' must not see midnight pass between its reports.
    await at(MIDDAY, async () => {
      const { id, token } = await learner();
      const chapter = await chapterIn();

      const huge = await track(token, { chapter_id: chapter.id, seconds: 100_000 });
      const enormous = await track(token, { chapter_id: chapter.id, seconds: 1e300 });
      expect(huge.status).toBe(200);
      expect(huge.body).toMatchObject({ seconds_counted: 300, time_spent: 300 });
      expect(enormous.body).toMatchObject({ seconds_counted: 300, time_spent: 600 });

      const today = huge.body.date;
      await addReadingDay(t.db, { userId: id, day: today, seconds: 86_300 });
      const full = await track(token, { chapter_id: chapter.id, seconds: 300 });
      expect(full.body).toMatchObject({ seconds_counted: 300, time_spent: 86_400 });
    });
  });

  it('accepts 0 seconds and adds nothing', async () => {
    // At midday: a test of 'today' must not see midnight pass between its reports.
    await at(MIDDAY, async () => {
      const { token } = await learner();
      const chapter = await chapterIn();

      const nothing = await track(token, { chapter_id: chapter.id, seconds: 0 });

      expect(nothing.status).toBe(200);
      expect(nothing.body).toMatchObject({ language: 'es', seconds_counted: 0, time_spent: 0 });
      expect((await activity(token)).body).toEqual({ streak: 0, days: [] });
      await track(token, { chapter_id: chapter.id, seconds: 40 });
      expect((await track(token, { chapter_id: chapter.id, seconds: 0 })).body.time_spent).toBe(40);
    });
  });

  it('refuses seconds that are negative, fractional or not a number, and a chapter_id that is no id', async () => {
    const { token } = await learner();
    const chapter = await chapterIn();
    const cases: [unknown, string][] = [
      [{ chapter_id: chapter.id, seconds: -1 }, SECONDS_ERROR],
      [{ chapter_id: chapter.id, seconds: 1.5 }, SECONDS_ERROR],
      [{ chapter_id: chapter.id, seconds: '30' }, SECONDS_ERROR],
      [{ chapter_id: chapter.id, seconds: null }, SECONDS_ERROR],
      [{ chapter_id: chapter.id }, SECONDS_ERROR],
      [{ chapter_id: 'abc', seconds: 30 }, 'chapter_id must be the id of a chapter.'],
      [{ chapter_id: 0, seconds: 30 }, 'chapter_id must be the id of a chapter.'],
      [{ chapter_id: 1.5, seconds: 30 }, 'chapter_id must be the id of a chapter.'],
      [{ seconds: 30 }, 'chapter_id must be the id of a chapter.'],
      [[chapter.id, 30], 'Send chapter_id and seconds as a JSON object.'],
    ];
    for (const [payload, error] of cases) {
      const response = await track(token, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body).toEqual({ error });
    }
    expect((await activity(token)).body.days).toEqual([]);
  });

  it("answers 404 'Chapter not found' for an unknown chapter or one of an unpublished story, but to an admin", async () => {
    const { token } = await learner();
    const admin = await learner({ isAdmin: true });
    const draft = await chapterIn('es', { story: { isPublished: false } });

    for (const chapterId of [999_999, 99_999_999_999, draft.id]) {
      const response = await track(token, { chapter_id: chapterId, seconds: 30 });
      expect(response.status, String(chapterId)).toBe(404);
      expect(response.body).toEqual({ error: 'Chapter not found' });
    }
    const byAdmin = await track(admin.token, { chapter_id: draft.id, seconds: 30 });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.time_spent).toBe(30);
  });
});

describe('POST /api/track-reading-time/ on a Pro story', () => {
  it('answers 403 to a free learner, as the chapter does, and counts nothing', async () => {
    const free = await learner();
    const chapter = await chapterIn('es', { story: { isFree: false } });

    const opened = await t.get(`/api/chapters/${chapter.id}/`, { token: free.token });
    const reported = await track(free.token, { chapter_id: chapter.id, seconds: 30 });

    expect(opened.status).toBe(403);
    expect(reported.status).toBe(403);
    expect(reported.body).toEqual(opened.body);
    expect((await activity(free.token)).body.days).toEqual([]);
  });

  it('counts for a Pro learner and an admin', async () => {
    const pro = await learner();
    await giveSubscription(t.db, pro.id);
    const admin = await learner({ isAdmin: true });
    const chapter = await chapterIn('es', { story: { isFree: false } });

    for (const reader of [pro, admin]) {
      const response = await track(reader.token, { chapter_id: chapter.id, seconds: 30 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ language: 'es', seconds_counted: 30, time_spent: 30 });
    }
  });
});

describe('POST /api/track-reading-time/ with a report id', () => {
  it('acknowledges a repeat with the same answer and counts it once, on a free story and on a Pro one', async () => {
    const reader = await learner();
    await giveSubscription(t.db, reader.id);
    for (const isFree of [true, false]) {
      const chapter = await chapterIn('de', { story: { isFree } });
      const report = { chapter_id: chapter.id, seconds: 30, report_id: randomUUID() };

      const [first, repeat] = await at(MIDDAY, async () => [
        await track(reader.token, report),
        await track(reader.token, report),
      ]);
      const next = await at(MIDDAY, () => track(reader.token, { ...report, report_id: randomUUID() }));

      const counted = isFree ? 30 : 90;
      expect(first?.status, `free: ${isFree}`).toBe(200);
      expect(first?.body).toEqual({
        date: '2024-06-15',
        language: 'de',
        seconds_counted: 30,
        time_spent: counted,
      });
      expect(repeat?.status).toBe(200);
      expect(repeat?.body).toEqual(first?.body);
      expect(next.body).toMatchObject({ seconds_counted: 30, time_spent: counted + 30 });
    }
  });

  it("counts another learner's report with the same id, and reports without an id as ever", async () => {
    const [one, other] = [await learner(), await learner()];
    const chapter = await chapterIn('it');
    const report = { chapter_id: chapter.id, seconds: 20, report_id: randomUUID() };

    expect((await track(one.token, report)).body).toMatchObject({ seconds_counted: 20, time_spent: 20 });
    expect((await track(other.token, report)).body).toMatchObject({ seconds_counted: 20, time_spent: 20 });
    const plain = { chapter_id: chapter.id, seconds: 20 };
    await track(one.token, plain);
    expect((await track(one.token, plain)).body).toMatchObject({ time_spent: 60 });
  });

  it('refuses a report id that is not a UUID', async () => {
    const { token } = await learner();
    const chapter = await chapterIn('es');

    const response = await track(token, { chapter_id: chapter.id, seconds: 5, report_id: 'again' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'report_id must be a UUID.' });
  });

  it('forgets report ids after a day', async () => {
    const { id, token } = await learner();
    const chapter = await chapterIn('es');
    const [old, recent] = [randomUUID(), randomUUID()];
    await track(token, { chapter_id: chapter.id, seconds: 5, report_id: old });
    await track(token, { chapter_id: chapter.id, seconds: 5, report_id: recent });
    await t.app.pool.query(
      `UPDATE reading_reports SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND report_id = $2`,
      [id, old],
    );

    expect(await pruneReadingReports(t.db)).toBe(1);
    const { rows } = await t.app.pool.query('SELECT report_id FROM reading_reports WHERE user_id = $1', [id]);
    expect(rows).toEqual([{ report_id: recent }]);
  });
});

describe('words read on a day', () => {
  it('adds the words of a chapter marked read to the learner’s local day, once', async () => {
    const { token } = await learner();
    const chapter = await chapterIn('es');
    const markRead = () =>
      t.request({
        method: 'POST',
        url: `/api/chapters/${chapter.id}/mark-read/`,
        token,
        headers: zone('America/Los_Angeles'),
      });

    const [first, second] = await at('2024-01-16T07:30:00Z', async () => [
      await markRead(),
      await markRead(),
    ]);

    expect(first?.status).toBe(200);
    expect(second?.status).toBe(200);
    const january = await activity(token, 'from=2024-01-01&to=2024-01-31');
    expect(january.body.days).toEqual([{ date: '2024-01-15', time_spent: 0, words_read: 40 }]);
  });
});

describe('GET /api/activity/', () => {
  it('answers the days with reading of the last 366 days, oldest first, summed over languages', async () => {
    const { id, token } = await learner();
    const today = '2024-06-15';
    await addReadingDay(t.db, { userId: id, day: today, seconds: 600, wordsRead: 100 });
    await addReadingDay(t.db, { userId: id, day: '2024-06-14', seconds: 300 });
    await addReadingDay(t.db, {
      userId: id,
      day: '2024-06-14',
      languageCode: 'fr',
      seconds: 120,
      wordsRead: 7,
    });
    await addReadingDay(t.db, { userId: id, day: '2024-06-10' });
    await addReadingDay(t.db, { userId: id, day: addDays(today, -365), seconds: 60 });
    await addReadingDay(t.db, { userId: id, day: addDays(today, -366), seconds: 60 });
    await addReadingDay(t.db, { userId: id, day: '2024-06-16', seconds: 60 });

    const response = await at('2024-06-15T12:00:00Z', () => activity(token));

    expect(response.status).toBe(200);
    expect(Activity.strict().parse(response.body)).toEqual({
      streak: 2,
      days: [
        { date: '2023-06-16', time_spent: 60, words_read: 0 },
        { date: '2024-06-14', time_spent: 420, words_read: 7 },
        { date: '2024-06-15', time_spent: 600, words_read: 100 },
      ],
    });
  });

  it('answers one language when asked, its streak too', async () => {
    const { id, token } = await learner();
    await addReadingDay(t.db, { userId: id, day: '2024-06-12', languageCode: 'fr', seconds: 60 });
    await addReadingDay(t.db, { userId: id, day: '2024-06-13', languageCode: 'fr', seconds: 60 });
    await addReadingDay(t.db, { userId: id, day: '2024-06-14', seconds: 30 });
    await addReadingDay(t.db, { userId: id, day: '2024-06-15', seconds: 30 });

    const [all, spanish, french, german] = await at('2024-06-15T12:00:00Z', async () => [
      await activity(token),
      await activity(token, 'language=es'),
      await activity(token, 'language=fr'),
      await activity(token, 'language=de'),
    ]);

    expect(all?.body.streak).toBe(4);
    expect(spanish?.body).toEqual({
      streak: 2,
      days: [
        { date: '2024-06-14', time_spent: 30, words_read: 0 },
        { date: '2024-06-15', time_spent: 30, words_read: 0 },
      ],
    });
    expect(french?.body.streak).toBe(0);
    expect(french?.body.days.map((day) => day.date)).toEqual(['2024-06-12', '2024-06-13']);
    expect(german?.body).toEqual({ streak: 0, days: [] });
  });

  it('counts the streak back from today, or from yesterday until the learner reads today', async () => {
    const { id, token } = await learner();
    const chapter = await chapterIn();
    for (const day of ['2024-06-08', '2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13', '2024-06-14']) {
      await addReadingDay(t.db, { userId: id, day, seconds: 60 });
    }

    const before = await at('2024-06-15T12:00:00Z', () => activity(token));
    await at('2024-06-15T12:00:00Z', () => track(token, { chapter_id: chapter.id, seconds: 30 }));
    const after = await at('2024-06-15T13:00:00Z', () => activity(token));
    const dayAfterNext = await at('2024-06-17T13:00:00Z', () => activity(token));

    expect(before.body.streak).toBe(5);
    expect(after.body.streak).toBe(6);
    expect(dayAfterNext.body.streak).toBe(0);
  });

  it('follows a New York learner who reads at 22:30 every evening across the change to summer time', async () => {
    const { token } = await learner();
    const chapter = await chapterIn();
    // 22:30 on 8–11 March 2024 in New York; the clocks go forward on the 10th (UTC-5, then UTC-4).
    for (const instant of [
      '2024-03-09T03:30:00Z',
      '2024-03-10T03:30:00Z',
      '2024-03-11T02:30:00Z',
      '2024-03-12T02:30:00Z',
    ]) {
      await at(instant, () => track(token, { chapter_id: chapter.id, seconds: 120 }, 'America/New_York'));
    }

    const response = await at('2024-03-12T03:00:00Z', () => activity(token, '', 'America/New_York'));

    expect(response.body.streak).toBe(4);
    expect(response.body.days.map((day) => day.date)).toEqual([
      '2024-03-08',
      '2024-03-09',
      '2024-03-10',
      '2024-03-11',
    ]);
  });

  it('counts the days of a learner in UTC-8 who reads at 23:30 by their own calendar', async () => {
    const { token } = await learner();
    const chapter = await chapterIn();
    // 23:30 on 14 and 15 January in Los Angeles: 07:30 UTC on the 15th and the 16th.
    for (const instant of ['2024-01-15T07:30:00Z', '2024-01-16T07:30:00Z']) {
      await at(instant, () => track(token, { chapter_id: chapter.id, seconds: 300 }, 'America/Los_Angeles'));
    }

    // 08:00 the next morning in Los Angeles (16:00 UTC): the streak ended yesterday and still counts.
    const morning = await at('2024-01-16T16:00:00Z', () => activity(token, '', 'America/Los_Angeles'));
    const twoDaysLater = await at('2024-01-18T04:00:00Z', () => activity(token, '', 'America/Los_Angeles'));

    expect(morning.body.days.map((day) => day.date)).toEqual(['2024-01-14', '2024-01-15']);
    expect(morning.body.streak).toBe(2);
    // 20:00 on the 17th there: the 16th had no reading.
    expect(twoDaysLater.body.streak).toBe(0);
  });

  it('counts a streak that began before the range asked for', async () => {
    const { id, token } = await learner();
    const today = '2024-06-15';
    for (let back = 0; back < 450; back++) {
      await addReadingDay(t.db, { userId: id, day: addDays(today, -back), seconds: 60 });
    }

    const [month, year] = await at('2024-06-15T12:00:00Z', async () => [
      await activity(token, 'from=2024-06-01&to=2024-06-30'),
      await activity(token),
    ]);

    expect(month?.body.days).toHaveLength(15);
    expect(month?.body.streak).toBe(450);
    expect(year?.body.days).toHaveLength(366);
    expect(year?.body.streak).toBe(450);
  });

  it('answers a past month with the streak of today', async () => {
    const { id, token } = await learner();
    await addReadingDay(t.db, { userId: id, day: '2024-03-03', seconds: 900 });
    await addReadingDay(t.db, { userId: id, day: '2024-06-15', seconds: 60 });

    const march = await at('2024-06-15T12:00:00Z', () => activity(token, 'from=2024-03-01&to=2024-03-31'));

    expect(march.body).toEqual({ streak: 1, days: [{ date: '2024-03-03', time_spent: 900, words_read: 0 }] });
  });

  it('refuses dates that are not dates, a range backwards or longer than 366 days, and unknown languages', async () => {
    const { token } = await learner();
    const range = 'from must be on or before to, and the range at most 366 days.';
    const cases: [string, string][] = [
      ['from=2024-02-30', 'from must be a date written YYYY-MM-DD.'],
      ['to=15/06/2024', 'to must be a date written YYYY-MM-DD.'],
      ['from=2024-06-15T00:00:00Z', 'from must be a date written YYYY-MM-DD.'],
      ['from=2024-06-02&to=2024-06-01', range],
      ['from=2023-01-01&to=2024-01-02', range],
      ['from=2020-01-01', range],
      ['language=zz', 'That language does not exist.'],
      ['language=spanish', 'language must be a language code such as es.'],
    ];
    for (const [query, error] of cases) {
      const response = await at('2024-06-15T12:00:00Z', () => activity(token, query));
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual({ error });
    }
    const longest = await activity(token, 'from=2023-01-01&to=2024-01-01');
    expect(longest.status).toBe(200);
  });
});
