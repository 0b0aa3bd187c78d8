import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DictionaryImport } from '#common/schemas/dictionary.ts';
import { dictionaryImports } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { CopyText } from './copy-text.ts';
import {
  claimImport,
  createImport,
  executeImport,
  failInterruptedImports,
  getImport,
  type ImportDeps,
  runImportJob,
} from './imports/service.ts';
import { LinkTargets } from './links.ts';
import { LookupCache } from './lookup/cache.ts';
import { lookup } from './lookup/service.ts';
import { dropImportTables, formKeyIs, ImportWriter } from './store.ts';
import { type EntryRows, mapWiktextractEntry } from './wiktextract.ts';

const t = setupTestApp();
let adminToken = '';
let adminId = '';

beforeAll(async () => {
  const admin = await createUser(t.db, { isAdmin: true });
  adminId = admin.id;
  adminToken = (await signIn(t.db, admin)).accessToken;
});

afterEach(() => {
  vi.useRealTimers();
});

/** Dump lines of made-up Spanish words, `from` to `to` (excluded), each with one sense. */
function wordLines(from: number, to: number, gloss = 'a word'): string {
  let text = '';
  for (let index = from; index < to; index++) {
    text += `${JSON.stringify({ word: `palabra${index}`, pos: 'noun', lang_code: 'es', senses: [{ glosses: [gloss] }] })}\n`;
  }
  return text;
}

const HABLAR = `${JSON.stringify({ word: 'hablar', pos: 'verb', lang_code: 'es', senses: [{ glosses: ['to speak'] }] })}\n`;
const NUEVO = `${JSON.stringify({ word: 'nuevo', pos: 'adj', lang_code: 'es', senses: [{ glosses: ['new'] }] })}\n`;

function deps(): ImportDeps {
  return {
    db: t.db,
    pool: t.app.pool,
    limits: t.config.dictionaryLimits,
    log: t.app.log,
    // Every batch reports, so a cancel is noticed at the next one.
    progressIntervalMs: 0,
  };
}

/** A claimed import of es→en, as its job has it once it starts. */
async function runningImport(values: { objectKey?: string } = {}) {
  const created = await createImport(t.db, {
    source: 'es',
    target: 'en',
    fileName: 'es.jsonl',
    fileSize: 1,
    createdBy: adminId,
    ...values,
  });
  const row = await claimImport(t.db, created.id);
  if (!row) throw new Error('the import was not claimed');
  return row;
}

/** Imports a whole dump of es→en at once; answers the finished import. */
async function importText(text: string) {
  const row = await runningImport();
  const done = await executeImport(deps(), row, new AbortController().signal, async () =>
    Readable.from([text]),
  );
  expect(done?.status, done?.error ?? '').toBe('succeeded');
  return row.id;
}

async function lookUp(surface: string, language = 'es', target = 'en') {
  // A cache of its own, so each answer reads the pair's import as it is now.
  return lookup(t.app.pool, { language, target, surface }, new LookupCache(0, 0));
}

async function currentImportOfPair(): Promise<number | undefined> {
  const { rows } = await t.app.pool.query<{ import_id: number }>(
    `SELECT import_id FROM dictionaries WHERE source_code = 'es' AND target_code = 'en'`,
  );
  return rows[0]?.import_id;
}

/** Whether any table of the import is left, loaded on its own or attached. */
async function hasTables(importId: number): Promise<boolean> {
  const { rowCount } = await t.app.pool.query('SELECT 1 FROM pg_tables WHERE tablename = ANY($1)', [
    [`dictionary_entries_i${importId}`, `dictionary_forms_i${importId}`, `dictionary_phrases_i${importId}`],
  ]);
  return (rowCount ?? 0) > 0;
}

async function progressLines(importId: number): Promise<number> {
  const row = await getImport(t.db, importId);
  return (row?.progress as { lines?: number } | null)?.lines ?? 0;
}

async function cancel(importId: number) {
  const response = await t.request<DictionaryImport>({
    method: 'DELETE',
    url: `/api/admin/translations/imports/${importId}/`,
    token: adminToken,
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** An upload in object storage, as the upload route leaves it for the job. */
async function storedUpload(name: string): Promise<string> {
  const key = `dictionary-imports/${name}-${Date.now()}.dump`;
  await t.app.storage.put(key, Readable.from([HABLAR]), { contentType: 'application/octet-stream' });
  return key;
}

const isStored = (key: string) => t.isStored(key);

describe('a running import', () => {
  it('stops when cancelled: the old dictionary keeps answering and the new tables are gone', async () => {
    const previous = await importText(HABLAR);
    const row = await runningImport();
    const input = new PassThrough();
    const running = executeImport(deps(), row, new AbortController().signal, async () => input);
    input.write(wordLines(0, 1000));
    await expect.poll(() => progressLines(row.id), { timeout: SERVER_WORK_TIMEOUT }).toBe(1000);

    expect(await cancel(row.id)).toMatchObject({ status: 'cancelled' });
    input.write(wordLines(1000, 2000)); // the next batch's report notices the cancel
    const finished = await running;

    expect(finished).toMatchObject({ status: 'cancelled', error: 'Cancelled by an administrator.' });
    expect(input.destroyed).toBe(true);
    expect(await hasTables(row.id)).toBe(false);
    expect(await currentImportOfPair()).toBe(previous);
    expect(await lookUp('hablar')).toMatchObject({ found: true, lemma: 'hablar' });
    expect((await lookUp('palabra1')).found).toBe(false);
  });

  it('stays out when the cancel comes after the load, before the switch', async () => {
    const previous = await importText(HABLAR);
    const row = await runningImport();
    // The switch waits for this lock (two imports of a pair take turns there): the load is done meanwhile.
    const blocker = await t.app.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['dictionary:es:en']);
      const running = executeImport(deps(), row, new AbortController().signal, async () =>
        Readable.from([HABLAR + NUEVO]),
      );
      await expect
        .poll(
          async () => {
            // This database's waits only: the cluster is shared with the test files running alongside.
            const { rowCount } = await t.app.pool.query(
              `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            );
            return rowCount;
          },
          { timeout: SERVER_WORK_TIMEOUT },
        )
        .toBe(1);
      expect(await getImport(t.db, row.id)).toMatchObject({ status: 'running' });

      await cancel(row.id);
      await blocker.query('COMMIT');
      const finished = await running;

      expect(finished).toMatchObject({ status: 'cancelled' });
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      blocker.release();
    }
    expect(await currentImportOfPair()).toBe(previous);
    expect(await hasTables(row.id)).toBe(false);
    expect((await lookUp('nuevo')).found).toBe(false);
    expect(await lookUp('hablar')).toMatchObject({ found: true });
  });

  it('fails with a sentence when the server stops (its job is aborted), keeping the old dictionary', async () => {
    const previous = await importText(HABLAR);
    const row = await runningImport();
    const input = new PassThrough();
    const stopping = new AbortController();
    const running = executeImport(deps(), row, stopping.signal, async () => input);
    input.write(wordLines(0, 1000));
    await expect.poll(() => progressLines(row.id), { timeout: SERVER_WORK_TIMEOUT }).toBe(1000);

    stopping.abort(new Error('The server is stopping.'));
    const finished = await running;

    expect(finished).toMatchObject({
      status: 'failed',
      error: 'The import was interrupted because the server stopped. Start it again.',
    });
    expect(input.destroyed).toBe(true);
    expect(await hasTables(row.id)).toBe(false);
    expect(await currentImportOfPair()).toBe(previous);
    expect(await lookUp('hablar')).toMatchObject({ found: true });
  });

  it('does not replace a newer upload of its pair that finished first', async () => {
    const older = await runningImport();
    const newer = await runningImport();
    const run = (row: typeof older, text: string) =>
      executeImport(deps(), row, new AbortController().signal, async () => Readable.from([text]));

    expect(await run(newer, HABLAR + NUEVO)).toMatchObject({ status: 'succeeded', error: null });
    const late = await run(older, HABLAR);

    expect(late).toMatchObject({ status: 'succeeded' });
    expect(late?.error).toMatch(new RegExp(`^A newer upload of this language pair \\(import ${newer.id}\\)`));
    expect(late?.result).toMatchObject({ entries: 1 });
    expect(await currentImportOfPair()).toBe(newer.id);
    expect(await hasTables(older.id)).toBe(false);
    expect(await lookUp('nuevo')).toMatchObject({ found: true, lemma: 'nuevo' });
  });
});

describe('an import whose upload is not in storage', () => {
  it('says so, and what several servers need, rather than failing "unexpectedly"', async () => {
    // Uploaded through another server, onto its own disk: this server's storage has no such object.
    const row = await createImport(t.db, {
      source: 'es',
      target: 'en',
      fileName: 'es.jsonl',
      fileSize: 1,
      objectKey: 'dictionary-imports/1-elsewhere.dump',
    });

    await runImportJob({ ...deps(), storage: t.app.storage }, row.id, new AbortController().signal);

    expect(await getImport(t.db, row.id)).toMatchObject({
      status: 'failed',
      error:
        "The uploaded file is not in this server's storage: with several servers, keep files in S3 or a " +
        'folder they all share (STORAGE). Upload the file again.',
    });
  });
});

describe('failInterruptedImports', () => {
  it('fails a running import whose heartbeat stopped, drops its tables and removes its upload', async () => {
    const staleKey = await storedUpload('stale');
    const stale = await runningImport({ objectKey: staleKey });
    await t.db
      .update(dictionaryImports)
      .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
      .where(eq(dictionaryImports.id, stale.id));
    await t.app.pool.query(`CREATE TABLE dictionary_entries_i${stale.id} (lemma text)`);
    const liveKey = await storedUpload('live');
    const live = await runningImport({ objectKey: liveKey });

    const failed = await failInterruptedImports(t.db, t.app.pool, { storage: t.app.storage, log: t.app.log });

    expect(failed).toBe(1);
    expect(await getImport(t.db, stale.id)).toMatchObject({
      status: 'failed',
      error:
        'The import stopped: the server running it went away. The previous dictionary is still in use; start it again.',
      objectKey: null,
    });
    expect(await isStored(staleKey)).toBe(false);
    expect(await hasTables(stale.id)).toBe(false);
    expect(await getImport(t.db, live.id)).toMatchObject({ status: 'running', objectKey: liveKey });
    expect(await isStored(liveKey)).toBe(true);
    await t.db
      .update(dictionaryImports)
      .set({ status: 'cancelled' })
      .where(eq(dictionaryImports.id, live.id));
  });

  it('fails a queued import older than the queue keeps its jobs, and removes the uploads of ended imports', async () => {
    const expiredKey = await storedUpload('expired');
    const expired = await createImport(t.db, {
      source: 'es',
      target: 'en',
      fileName: 'a',
      fileSize: 1,
      objectKey: expiredKey,
    });
    await t.db
      .update(dictionaryImports)
      .set({ createdAt: sql`now() - interval '13 hours'` })
      .where(eq(dictionaryImports.id, expired.id));
    const waitingKey = await storedUpload('waiting');
    const waiting = await createImport(t.db, {
      source: 'es',
      target: 'en',
      fileName: 'b',
      fileSize: 1,
      objectKey: waitingKey,
    });
    // A job that could not remove its upload (storage was down) leaves it to the next start-up.
    const leftKey = await storedUpload('left');
    const left = await createImport(t.db, {
      source: 'es',
      target: 'en',
      fileName: 'c',
      fileSize: 1,
      objectKey: leftKey,
    });
    await t.db
      .update(dictionaryImports)
      .set({ status: 'succeeded' })
      .where(eq(dictionaryImports.id, left.id));

    const failed = await failInterruptedImports(t.db, t.app.pool, { storage: t.app.storage, log: t.app.log });

    expect(failed).toBe(1);
    expect(await getImport(t.db, expired.id)).toMatchObject({
      status: 'failed',
      error: 'The import did not start within 12 hours of its upload. Upload the file again.',
      objectKey: null,
    });
    expect(await isStored(expiredKey)).toBe(false);
    expect(await getImport(t.db, left.id)).toMatchObject({ status: 'succeeded', objectKey: null });
    expect(await isStored(leftKey)).toBe(false);
    expect(await getImport(t.db, waiting.id)).toMatchObject({ status: 'queued', objectKey: waitingKey });
    expect(await isStored(waitingKey)).toBe(true);
    await t.db
      .update(dictionaryImports)
      .set({ status: 'cancelled' })
      .where(eq(dictionaryImports.id, waiting.id));
  });

  it("judges a heartbeat by the database's clock, not by the clocks of the servers", async () => {
    // The server running the import is an hour behind the one starting up.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 3_600_000 });
    const row = await runningImport();
    vi.useRealTimers();

    expect(await failInterruptedImports(t.db, t.app.pool, { storage: t.app.storage, log: t.app.log })).toBe(
      0,
    );
    expect(await getImport(t.db, row.id)).toMatchObject({ status: 'running' });
    await t.db.update(dictionaryImports).set({ status: 'cancelled' }).where(eq(dictionaryImports.id, row.id));
  });
});

describe('LookupCache', () => {
  /** A pool whose every query answers import 7 when `answer` is called, counting the queries. */
  function fakePool() {
    const pending: (() => void)[] = [];
    let queries = 0;
    const pool = {
      query: () => {
        queries++;
        return new Promise((resolve) => pending.push(() => resolve({ rows: [{ import_id: 7 }] })));
      },
    } as unknown as pg.Pool;
    return {
      pool,
      queries: () => queries,
      answer: async () => {
        for (const resolve of pending.splice(0)) resolve();
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
  }

  afterEach(() => vi.useRealTimers());

  it("checks a pair's import once however many lookups wait for it, then answers at once", async () => {
    // The clock stands still: on a busy machine half a second may pass, and a background check would be due.
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const database = fakePool();
    const cache = new LookupCache(100, 1000);
    const waiting = Array.from({ length: 50 }, () => cache.importOf(database.pool, 'es', 'en'));
    expect(waiting.every((answer) => answer instanceof Promise)).toBe(true);
    expect(database.queries()).toBe(1);
    await database.answer();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(7));
    expect(cache.importOf(database.pool, 'es', 'en')).toBe(7);
    expect(database.queries()).toBe(1);
  });

  it('checks a pair in use again in the background after half a second, and makes lookups wait only once it is a second old', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const database = fakePool();
    const cache = new LookupCache(100, 1000);
    const first = cache.importOf(database.pool, 'es', 'en');
    await database.answer();
    expect(await first).toBe(7);

    vi.setSystemTime(1_000_400);
    expect(cache.importOf(database.pool, 'es', 'en')).toBe(7);
    expect(database.queries()).toBe(1);
    vi.setSystemTime(1_000_600);
    // Answered at once from what is known, while one check runs.
    expect(cache.importOf(database.pool, 'es', 'en')).toBe(7);
    expect(cache.importOf(database.pool, 'es', 'en')).toBe(7);
    expect(database.queries()).toBe(2);
    await database.answer();
    vi.setSystemTime(1_000_900);
    expect(cache.importOf(database.pool, 'es', 'en')).toBe(7); // checked at 1_000_600: not due yet
    expect(database.queries()).toBe(2);

    // Nobody asked for more than a second: the next lookup waits for a check.
    vi.setSystemTime(1_003_000);
    const late = cache.importOf(database.pool, 'es', 'en');
    expect(late).toBeInstanceOf(Promise);
    await database.answer();
    expect(await late).toBe(7);
  });

  it('asks at every lookup when the pair is never to be trusted (a time to live of 0), still one check at a time', async () => {
    const database = fakePool();
    const cache = new LookupCache(100, 0);
    const two = [cache.importOf(database.pool, 'es', 'en'), cache.importOf(database.pool, 'es', 'en')];
    expect(database.queries()).toBe(1);
    await database.answer();
    expect(await Promise.all(two)).toEqual([7, 7]);
    expect(cache.importOf(database.pool, 'es', 'en')).toBeInstanceOf(Promise);
    expect(database.queries()).toBe(2);
    await database.answer();
  });

  it('keeps no more pairs than its bound, however many made-up pairs are asked for, and answers them not found', async () => {
    await importText(HABLAR);
    const cache = new LookupCache(100, 60_000, 10);
    for (let index = 0; index < 50; index++) {
      const language = `q${String.fromCharCode(97 + (index % 26))}${index < 26 ? '' : 'x'}`;
      expect(await lookup(t.app.pool, { language, target: 'zz', surface: 'hablar' }, cache)).toMatchObject({
        found: false,
      });
    }
    expect(cache.pairCount).toBe(10);
    expect(
      await lookup(t.app.pool, { language: 'es', target: 'en', surface: 'hablar' }, cache),
    ).toMatchObject({
      found: true,
      lemma: 'hablar',
    });
  });
});

describe('form descriptions', () => {
  const sampleLines = readFileSync(
    join(import.meta.dirname, '../../tests/fixtures/kaikki/wiktextract-en-edition-sample.jsonl'),
    'utf8',
  )
    .split('\n')
    .filter((line) => line.includes('"lang_code": "ru"') || line.includes('"lang_code":"ru"'));

  /** The real sample's Russian entries, the lemmas its form-of entries lead to, and a made-up form of снег. */
  function russianDump(): string {
    const extra = [
      { word: 'возникнуть', pos: 'verb', lang_code: 'ru', senses: [{ glosses: ['to arise'] }] },
      { word: 'простыня', pos: 'noun', lang_code: 'ru', senses: [{ glosses: ['bed sheet'] }] },
      {
        word: 'снегу',
        pos: 'noun',
        lang_code: 'ru',
        senses: [
          {
            glosses: ['dative singular of сне́г'],
            form_of: [{ word: 'сне́г' }],
            tags: ['dative', 'form-of', 'singular'],
          },
        ],
      },
    ];
    return `${[...sampleLines, ...extra.map((entry) => JSON.stringify(entry))].join('\n')}\n`;
  }

  it('gives back every description as the mapper wrote it: a shared phrase and the lemma, or a text of its own', async () => {
    expect(sampleLines.length).toBeGreaterThan(3);
    const created = await createImport(t.db, {
      source: 'ru',
      target: 'en',
      fileName: 'ru.jsonl',
      fileSize: 1,
    });
    const row = await claimImport(t.db, created.id);
    if (!row) throw new Error('the import was not claimed');
    const done = await executeImport(deps(), row, new AbortController().signal, async () =>
      Readable.from([russianDump()]),
    );
    expect(done?.status, done?.error ?? '').toBe('succeeded');
    const ru = (surface: string) =>
      lookup(t.app.pool, { language: 'ru', target: 'en', surface }, new LookupCache(0, 0));

    // Table forms: a phrase stored once, then ' of ' and the lemma.
    expect(await ru('сне́га')).toMatchObject({
      found: true,
      lemma: 'снег',
      form: 'genitive singular of снег',
    });
    // The lemma as printed, with its stress mark and its transliteration: the gloss whole.
    expect(await ru('возник')).toMatchObject({
      found: true,
      lemma: 'возникнуть',
      form: 'short masculine singular past indicative perfective of возни́кнуть (vozníknutʹ)',
    });
    expect(await ru('простынёй')).toMatchObject({
      lemma: 'простыня',
      form: 'instrumental singular of простыня́ (prostynjá)',
    });
    // Ending with the lemma as printed (сне́г), which is not the lemma's title (снег): whole as well.
    expect(await ru('снегу')).toMatchObject({ lemma: 'снег', form: 'dative singular of сне́г' });

    // Each phrase once; every form row that names one says no description of its own.
    const phrases = await t.app.pool.query<{ phrase: string; uses: string }>(
      `SELECT p.phrase, (SELECT count(*) FROM dictionary_forms_i${row.id} f WHERE f.phrase_id = p.id) AS uses
       FROM dictionary_phrases_i${row.id} p`,
    );
    const phraseTexts = phrases.rows.map((phrase) => phrase.phrase);
    expect(new Set(phraseTexts).size).toBe(phraseTexts.length);
    expect(phraseTexts).toContain('genitive singular');
    expect(phrases.rows.every((phrase) => Number(phrase.uses) > 0)).toBe(true);
    const mixed = await t.app.pool.query(
      `SELECT 1 FROM dictionary_forms_i${row.id} WHERE phrase_id IS NOT NULL AND description IS NOT NULL`,
    );
    expect(mixed.rowCount).toBe(0);

    // Every form of the dump is stored with the description the mapper gives it.
    const stored = await t.app.pool.query<{ surface: string; lemma: string; description: string | null }>(
      `SELECT coalesce(f.surface, f.surface_key) AS surface, f.lemma,
         coalesce(f.description, p.phrase || ' of ' || f.lemma) AS description
       FROM dictionary_forms_i${row.id} f LEFT JOIN dictionary_phrases_i${row.id} p ON p.id = f.phrase_id`,
    );
    const expected = russianDump()
      .split('\n')
      .filter((line) => line !== '')
      .flatMap((line) => {
        const result = mapWiktextractEntry(JSON.parse(line), 'ru');
        return result.ok ? result.entry.forms : [];
      })
      .map(({ surface, lemma, description }) => ({ surface, lemma, description }));
    const byKey = (a: { surface: string; lemma: string }, b: { surface: string; lemma: string }) =>
      `${a.surface} ${a.lemma}`.localeCompare(`${b.surface} ${b.lemma}`);
    expect(stored.rows.sort(byKey)).toEqual(expected.sort(byKey));
  });
});

describe("an import's tables", () => {
  it('keep statistics from a small sample of their entries and forms, and its words are found by them', async () => {
    const importId = await importText(wordLines(0, 300));
    const bounds = async (table: string, column: string) => {
      const { rows } = await t.app.pool.query<{ bounds: number | null }>(
        `SELECT array_length(histogram_bounds::text::text[], 1) AS bounds
         FROM pg_stats WHERE tablename = $1 AND attname = $2`,
        [table, column],
      );
      return rows[0]?.bounds;
    };
    // 300 distinct keys and lemmas: the default target (100) would keep 101 bounds, decision 126's 10 keeps 11.
    expect(await bounds(`dictionary_forms_i${importId}`, 'surface_key')).toBe(11);
    expect(await bounds(`dictionary_entries_i${importId}`, 'lemma')).toBe(11);
    expect(await lookUp('palabra299')).toMatchObject({ found: true, lemma: 'palabra299' });
  });

  it("index the forms by their key's hash, adopted by the parent's index at the switch and used by a lookup", async () => {
    const importId = await importText(wordLines(0, 50));
    const forms = `dictionary_forms_i${importId}`;
    const { rows: indexes } = await t.app.pool.query<{
      index: string;
      parent: string | null;
      options: string[] | null;
    }>(
      `SELECT i.indexrelid::regclass::text AS index, h.inhparent::regclass::text AS parent,
              c.reloptions AS options
       FROM pg_index i LEFT JOIN pg_inherits h ON h.inhrelid = i.indexrelid
       JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = $1::regclass`,
      [forms],
    );
    // One index, the import's own, attached rather than built again by ATTACH PARTITION: full pages, since
    // nothing is written to it again, and not deduplicated (decision 127).
    expect(indexes).toEqual([
      {
        index: `${forms}_surface_key_hash`,
        parent: 'dictionary_forms_surface_key_hash',
        options: ['fillfactor=100', 'deduplicate_items=off'],
      },
    ]);
    const client = await t.app.pool.connect();
    try {
      await client.query('BEGIN; SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT lemma FROM dictionary_forms f WHERE f.import_id = ${importId}
           AND ${formKeyIs('f.surface_key', "'palabra7'")}`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(`${forms}_surface_key_hash`);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe("an import's load", () => {
  /** A load of two entries into an import's own tables, finished with `onEntries`; answers what it answered. */
  async function loadTwo<T>(onEntries: (client: pg.PoolClient, importId: number) => Promise<T>) {
    const created = await createImport(t.db, {
      source: 'es',
      target: 'en',
      fileName: 'es.jsonl',
      fileSize: 1,
    });
    const text = new CopyText(created.id);
    const entry = (lemma: string, gloss: string): EntryRows => ({
      lemma,
      pos: 'num',
      senses: [{ gloss, definition: gloss, example: null, example_translation: null, tags: [] }],
      forms: [],
      audio: null,
    });
    const rows = text.batch([entry('uno', 'one'), entry('dos', 'two')]);
    const writer = await ImportWriter.open(t.app.pool, created.id);
    await writer.write({ entries: Buffer.from(rows.entries), forms: Buffer.from(rows.forms) });
    const answer = await writer.finish({ ids: [], texts: [] }, (client) => onEntries(client, created.id));
    const { rows: stored } = await t.app.pool.query<{ lemma: string }>(
      `SELECT lemma FROM dictionary_entries_i${created.id} ORDER BY lemma`,
    );
    await dropImportTables(t.app.pool, created.id);
    return { answer, lemmas: stored.map((row) => row.lemma) };
  }

  it('asks the entries of its own transaction, indexed, while the forms are indexed, and commits both', async () => {
    // Forms linking to uno, which the load has, and to tres, which it lacks.
    const targets = new LinkTargets();
    targets.add([{ lemma: 'unos', forms: [{ lemma: 'uno' }, { lemma: 'tres' }] }]);
    expect(targets.isCountedFromEntries).toBe(true);
    const { answer, lemmas } = await loadTwo((client, importId) => targets.countMissing(client, importId));
    expect(answer).toBe(1);
    expect(lemmas).toEqual(['dos', 'uno']);
  });

  it('answers null when what it asks fails, and keeps every row', async () => {
    const { answer, lemmas } = await loadTwo(async (client) => {
      await client.query('SELECT 1 / 0');
      return 1;
    });
    expect(answer).toBeNull();
    expect(lemmas).toEqual(['dos', 'uno']);
  });
});
