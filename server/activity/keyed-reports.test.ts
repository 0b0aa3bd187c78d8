// Reading-time reports as the reader sends them (web/features/reader/useReadingTime.ts): a report id of their own,
// sent as the Idempotency-Key too, and Occurred-At. A new one on a free story is counted with its key in one
// statement with the reports of the moment (free-reports.ts, decision 095); every other takes the transaction of
// several statements (server/http/offline.ts). Either way: counted once, the key kept with its answer.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENT_REPLAYED_HEADER,
  OCCURRED_AT_HEADER,
} from '#common/offline.ts';
import type { TrackReadingTimeResult } from '#common/schemas/library.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createStory, createUser, signIn } from '#server/testing/factories.ts';
import { countFreeReport } from './free-reports.ts';

const t = setupTestApp();

async function learner() {
  const user = await createUser(t.db);
  return { id: user.id, token: (await signIn(t.db, user)).accessToken };
}

async function chapterOf(story: { isFree?: boolean } = {}) {
  const { chapters } = await createStory(t.db, { languageCode: 'es', wordsPerChapter: 20, story });
  return (chapters[0] as { id: number }).id;
}

/** A report as the reader sends it: its id as its key, unless another key is given. */
function send(
  token: string,
  report: { chapter_id: number; seconds: number; report_id: string },
  key?: string,
) {
  return t.request<TrackReadingTimeResult>({
    method: 'POST',
    url: '/api/track-reading-time/',
    token,
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: key ?? report.report_id.toUpperCase(),
      [OCCURRED_AT_HEADER]: new Date().toISOString(),
    },
    payload: report,
  });
}

async function keysOf(userId: string) {
  const { rows } = await t.app.pool.query<{ key: string; status: number | null; body: unknown }>(
    'SELECT key, status, body FROM idempotency_keys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows;
}

async function secondsOf(userId: string): Promise<number> {
  const { rows } = await t.app.pool.query<{ seconds: number }>(
    'SELECT coalesce(sum(seconds), 0)::int AS seconds FROM reading_days WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.seconds ?? 0;
}

describe('a reading-time report sent with its id as its key', () => {
  it('is counted once, its key kept with its answer, which a retry gets again', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const report = { chapter_id: chapterId, seconds: 45, report_id: randomUUID() };

    const first = await send(token, report);
    const retry = await send(token, report);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ language: 'es', seconds_counted: 45, time_spent: 45 });
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await keysOf(id)).toEqual([{ key: report.report_id, status: 200, body: first.body }]);
    expect(await secondsOf(id)).toBe(45);

    const changed = await send(token, { ...report, seconds: 50 });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ error: IDEMPOTENCY_KEY_REUSED });
  });

  it('sent many at once, each counts once and answers the day as it stood after it', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const reports = Array.from({ length: 6 }, () => ({
      chapter_id: chapterId,
      seconds: 20,
      report_id: randomUUID(),
    }));

    const [first, second] = reports;
    if (!first || !second) throw new Error('no reports');
    const answers = await Promise.all([...reports, first, second].map((report) => send(token, report)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(
      answers
        .slice(0, 6)
        .map((answer) => answer.body.time_spent)
        .sort((a, b) => a - b),
    ).toEqual([20, 40, 60, 80, 100, 120]);
    // The repeats answer what their first was answered.
    expect(answers[6]?.body).toEqual(answers[0]?.body);
    expect(answers[7]?.body).toEqual(answers[1]?.body);
    expect(await secondsOf(id)).toBe(120);
    const kept = await keysOf(id);
    expect(kept).toHaveLength(6);
    expect(kept.every((row) => row.status === 200)).toBe(true);
  });

  it('on a Pro story without Pro is refused, and its key is not kept', async () => {
    const { id, token } = await learner();
    const pro = await chapterOf({ isFree: false });

    const refused = await send(token, { chapter_id: pro, seconds: 30, report_id: randomUUID() });

    expect(refused.status).toBe(403);
    expect(await keysOf(id)).toEqual([]);
    expect(await secondsOf(id)).toBe(0);
  });

  it('with a key other than its id, or a key used before by another change, takes the longer path', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const key = randomUUID();
    const report = { chapter_id: chapterId, seconds: 30, report_id: randomUUID() };

    const other = await send(token, report, key);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ seconds_counted: 30, time_spent: 30 });
    expect((await keysOf(id)).map((row) => row.key)).toEqual([key]);

    // The report id is new, but the key names another change already made: 422, nothing counted.
    const reused = await send(token, { ...report, report_id: randomUUID() }, key);
    expect(reused.status).toBe(422);
    expect(await secondsOf(id)).toBe(30);
  });

  it('counted before without its key, is not counted again', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const report = { chapter_id: chapterId, seconds: 40, report_id: randomUUID() };

    const plain = await t.request<TrackReadingTimeResult>({
      method: 'POST',
      url: '/api/track-reading-time/',
      token,
      payload: report,
    });
    const keyed = await send(token, report);

    expect(plain.status).toBe(200);
    expect(keyed.status).toBe(200);
    expect(keyed.body).toMatchObject({ seconds_counted: 40, time_spent: 40 });
    expect(await secondsOf(id)).toBe(40);
  });

  it('counted in a batch, is remembered by its key alone', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const report = { chapter_id: chapterId, seconds: 15, report_id: randomUUID() };

    const first = await send(token, report);

    expect(first.status).toBe(200);
    expect(await keysOf(id)).toEqual([{ key: report.report_id, status: 200, body: first.body }]);
    const { rows } = await t.app.pool.query('SELECT 1 FROM reading_reports WHERE user_id = $1', [id]);
    expect(rows).toEqual([]);
  });
});

/** Waits until a statement of the app waits for a lock of `kind` (pg_stat_activity's wait_event). */
async function untilWaitingFor(kind: 'advisory' | 'transactionid') {
  await expect
    .poll(
      async () => {
        const { rows } = await t.app.pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = $1`,
          [kind],
        );
        return rows.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

/** Holds the learner's key in a transaction of its own (its lock first when `lock`, as every path takes it). */
async function holdKey(id: string, key: string, lock: boolean) {
  const holder = await t.app.pool.connect();
  await holder.query('BEGIN');
  if (lock) await holder.query('SELECT pg_advisory_xact_lock(idempotency_key_lock($1, $2))', [id, key]);
  await holder.query(
    `INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint) VALUES ($1, $2, 'POST /api/track-reading-time/', 'x')`,
    [id, key],
  );
  return holder;
}

describe('a reading-time report whose key is in flight elsewhere', () => {
  it('waits for the transaction that holds the key as every path does, and counts once it lets go', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const report = { chapter_id: chapterId, seconds: 25, report_id: randomUUID() };
    const holder = await holdKey(id, report.report_id, true);
    try {
      const waiting = send(token, report);
      await untilWaitingFor('advisory');
      await holder.query('ROLLBACK');

      const answer = await waiting;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ seconds_counted: 25, time_spent: 25 });
      expect(await secondsOf(id)).toBe(25);
      expect((await keysOf(id)).map((row) => [row.key, row.status])).toEqual([[report.report_id, 200]]);
    } finally {
      holder.release();
    }
  }, 30_000);

  it('is answered what the other counted when it commits first, and counts nothing more', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const report = { chapter_id: chapterId, seconds: 25, report_id: randomUUID() };
    // The original, counted; its key taken away, to be written again by the transaction below, as the path of
    // several statements writes it, while the retry waits. Without the wait, the retry would count again.
    const original = await send(token, report);
    const { rows } = await t.app.pool.query<{ endpoint: string; fingerprint: string; body: unknown }>(
      'DELETE FROM idempotency_keys WHERE user_id = $1 RETURNING endpoint, fingerprint, body',
      [id],
    );
    const kept = rows[0];
    if (!kept) throw new Error('the original kept no key');
    const holder = await t.app.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(idempotency_key_lock($1, $2))', [
        id,
        report.report_id,
      ]);
      const retry = send(token, report);
      await untilWaitingFor('advisory');
      await holder.query(
        `INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint, status, body)
         VALUES ($1, $2, $3, $4, 200, $5)`,
        [id, report.report_id, kept.endpoint, kept.fingerprint, JSON.stringify(kept.body)],
      );
      await holder.query('COMMIT');

      const answer = await retry;
      expect(answer.status).toBe(200);
      expect(answer.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(answer.body).toEqual(original.body);
      expect(await secondsOf(id)).toBe(25);
    } finally {
      holder.release();
    }
  }, 30_000);

  it('held by a transaction that took no lock, waits at the key and counts once it lets go', async () => {
    const { id, token } = await learner();
    const chapterId = await chapterOf();
    const report = { chapter_id: chapterId, seconds: 25, report_id: randomUUID() };
    const holder = await holdKey(id, report.report_id, false);
    try {
      const waiting = send(token, report);
      await untilWaitingFor('transactionid');
      await holder.query('ROLLBACK');

      const answer = await waiting;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ seconds_counted: 25, time_spent: 25 });
      expect(await secondsOf(id)).toBe(25);
    } finally {
      holder.release();
    }
  }, 30_000);
});

describe("a batch of keyed reports, on a connection whose plan was made while the keys' table was small", () => {
  // The statement is prepared once per connection, and PostgreSQL keeps a generic plan for it. Made while
  // idempotency_keys was empty, that plan hashed the batch against the whole table, to let go of unanswered keys
  // and (once the table's statistics said it was empty) to give the answers to their keys: every batch read every
  // key ever kept, and the reports slowed as the table grew (decision 103).
  it('does not read the whole table of keys', async () => {
    const { id: userId } = await learner();
    const chapterId = await chapterOf({ isFree: true });
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    try {
      await pool.query('SET plan_cache_mode = force_generic_plan');
      // Planned on statistics that say the table is empty, as after an autoanalyze of a new install's.
      await pool.query('ANALYZE idempotency_keys');
      const report = () => {
        const id = randomUUID();
        const key = { key: id, endpoint: 'POST /api/track-reading-time/', fingerprint: 'f' };
        return countFreeReport(pool, {
          userId,
          chapterId,
          day: '2026-11-28',
          seconds: 30,
          reportId: id,
          key,
        });
      };
      expect(await report()).toBeDefined();
      // Thousands of other keys, added without a fresh ANALYZE: the plan made above stays.
      await pool.query(
        `INSERT INTO idempotency_keys (user_id, key, endpoint, fingerprint)
         SELECT $1, gen_random_uuid(), 'POST /api/words/', 'f' FROM generate_series(1, 3000)`,
        [userId],
      );
      // The rows read by scans of the table and entries read from its indexes.
      const keysRead = async () => {
        await pool.query('SELECT pg_stat_force_next_flush()');
        await pool.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await pool.query<{ read: string }>(
          `SELECT t.seq_tup_read + (SELECT sum(i.idx_tup_read) FROM pg_stat_user_indexes i WHERE i.relid = t.relid)
             AS read
           FROM pg_stat_user_tables t WHERE t.relname = 'idempotency_keys'`,
        );
        return Number(rows[0]?.read ?? 0);
      };
      const before = await keysRead();
      const counted = await Promise.all([report(), report(), report()]);
      expect(counted.every((answer) => answer?.timeSpent !== undefined)).toBe(true);
      expect((await keysRead()) - before).toBeLessThan(100);
    } finally {
      await pool.end();
    }
  });
});
