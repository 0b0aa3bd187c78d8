import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type LookupWord, normalizeLookup } from '#common/dictionary.ts';
import type {
  DictionaryImport,
  DumpCounts,
  LookupQuery,
  LookupResult,
  Translation,
} from '#common/schemas/dictionary.ts';
import type { DictionaryLimits } from '../config.ts';
import type { Database } from '../db/client.ts';
import { dictionaryImports } from '../db/schema.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import { type DumpCounts as Counts, EmptyDumpError, loadDump } from './importer.ts';
import { DumpError } from './json-lines.ts';
import {
  dropImportTables,
  entriesTable,
  formsTable,
  phrasesTable,
  retireUnusedImports,
  switchToImport,
} from './store.ts';
import type { DictionarySense } from './wiktextract.ts';

type ImportRow = typeof dictionaryImports.$inferSelect;

/** An import as the admin area sees it. */
export function presentImport(row: ImportRow): DictionaryImport {
  const counts = (row.status === 'succeeded' ? row.result : row.progress) as DumpCounts | null;
  return {
    id: row.id,
    source: row.sourceCode,
    target: row.targetCode,
    status: row.status as DictionaryImport['status'],
    file_name: row.fileName,
    file_size: row.fileSize,
    progress: counts && 'lines' in counts ? counts : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Records an uploaded dump waiting for its job. */
export async function createImport(
  db: Database,
  values: {
    source: string;
    target: string;
    fileName: string;
    fileSize: number;
    /** The uploaded dump in object storage; none when the command line reads a local file. */
    objectKey?: string;
    createdBy?: string;
  },
): Promise<ImportRow> {
  const [row] = await db
    .insert(dictionaryImports)
    .values({
      sourceCode: values.source,
      targetCode: values.target,
      fileName: values.fileName,
      fileSize: values.fileSize,
      objectKey: values.objectKey,
      createdBy: values.createdBy,
    })
    .returning();
  if (!row) throw new Error('createImport inserted nothing');
  return row;
}

export async function getImport(db: Database, id: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(dictionaryImports).where(eq(dictionaryImports.id, id));
  return row;
}

/** The latest imports, newest first. */
export async function listImports(db: Database, limit = 20): Promise<ImportRow[]> {
  return db.select().from(dictionaryImports).orderBy(desc(dictionaryImports.id)).limit(limit);
}

/** What removing an import's upload from object storage needs. */
export interface UploadDeps {
  db: Database;
  storage: ObjectStorage;
  log: ImportLog;
}

/**
 * Cancels an import that has not finished: a queued one never starts, and its upload is removed at once; a
 * running one stops at its next progress report, drops what it loaded and removes its upload. The pair's
 * current dictionary keeps answering.
 */
export async function cancelImport(deps: UploadDeps, id: number): Promise<ImportRow | undefined> {
  await deps.db
    .update(dictionaryImports)
    .set({ status: 'cancelled', finishedAt: sql`now()`, error: 'Cancelled by an administrator.' })
    .where(and(eq(dictionaryImports.id, id), inArray(dictionaryImports.status, ['queued', 'running'])));
  const row = await getImport(deps.db, id);
  // Never claimed (a claim sets started_at, and a cancelled import cannot be claimed): no job will read the
  // upload, and the job that comes for it may be long in the queue, or lost.
  if (row?.status === 'cancelled' && row.startedAt === null && row.objectKey) {
    await removeUpload(deps, row.id, row.objectKey);
    return getImport(deps.db, id);
  }
  return row;
}

/**
 * Marks an import whose job could not be queued as failed, with a sentence for the admin, and removes its
 * upload: otherwise it would stay queued for good and keep the admin tab busy.
 */
export async function failUnqueuedImport(deps: UploadDeps, row: ImportRow, sentence: string): Promise<void> {
  await deps.db
    .update(dictionaryImports)
    .set({ status: 'failed', finishedAt: sql`now()`, error: sentence })
    .where(and(eq(dictionaryImports.id, row.id), eq(dictionaryImports.status, 'queued')));
  if (row.objectKey) await removeUpload(deps, row.id, row.objectKey);
}

/**
 * A running import whose heartbeat has not moved for this long was interrupted (its server stopped). Compared
 * with PostgreSQL's clock, which also wrote the heartbeat: the app servers' clocks may disagree.
 */
const STALE_AFTER = '2 minutes';
/**
 * A queued import older than this will not start: the dictionary-import queue's jobs expire after 12 hours
 * (server/jobs/jobs.ts), or its job was never queued.
 */
const QUEUED_EXPIRES_AFTER = '12 hours';

const INTERRUPTED = 'The import was interrupted because the server stopped. Start it again.';
const NEVER_STARTED = 'The import did not start within 12 hours of its upload. Upload the file again.';

/**
 * Marks imports interrupted by a stopped server, and queued imports whose job will never come, as failed and
 * drops what they had loaded, so an admin sees the truth and can start again. With `cleanup`, also removes
 * the uploads of every import that has ended (these, and any whose removal failed before): object storage
 * cannot be listed, so the rows are what finds them. Safe to run on every server at start-up: a live import
 * moves its heartbeat every second. Answers how many imports it marked as failed.
 */
export async function failInterruptedImports(
  db: Database,
  pool: pg.Pool,
  cleanup: { storage: ObjectStorage; log: ImportLog },
): Promise<number> {
  const stale = await db
    .update(dictionaryImports)
    .set({ status: 'failed', finishedAt: sql`now()`, error: INTERRUPTED })
    .where(
      and(
        eq(dictionaryImports.status, 'running'),
        sql`coalesce(${dictionaryImports.heartbeatAt}, ${dictionaryImports.createdAt}) < now() - ${STALE_AFTER}::interval`,
      ),
    )
    .returning({ id: dictionaryImports.id });
  for (const { id } of stale) await dropImportTables(pool, id);
  const expired = await db
    .update(dictionaryImports)
    .set({ status: 'failed', finishedAt: sql`now()`, error: NEVER_STARTED })
    .where(
      and(
        eq(dictionaryImports.status, 'queued'),
        sql`${dictionaryImports.createdAt} < now() - ${QUEUED_EXPIRES_AFTER}::interval`,
      ),
    )
    .returning({ id: dictionaryImports.id });
  await removeEndedUploads({ db, ...cleanup });
  return stale.length + expired.length;
}

/** Removes the uploads still kept by imports that have ended; a queued or running import keeps its own. */
async function removeEndedUploads(deps: UploadDeps): Promise<void> {
  const left = await deps.db
    .select({ id: dictionaryImports.id, objectKey: dictionaryImports.objectKey })
    .from(dictionaryImports)
    .where(
      and(
        isNotNull(dictionaryImports.objectKey),
        notInArray(dictionaryImports.status, ['queued', 'running']),
      ),
    );
  for (const { id, objectKey } of left) if (objectKey) await removeUpload(deps, id, objectKey);
}

/** Where an import reports; the server's pino logger is one, the command line writes lines of its own. */
export interface ImportLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ImportDeps {
  db: Database;
  pool: pg.Pool;
  limits: DictionaryLimits;
  log: ImportLog;
  /** How often progress is written (and a cancel noticed); once a second by default. */
  progressIntervalMs?: number;
}

export interface ImportJobDeps extends ImportDeps {
  storage: ObjectStorage;
}

/**
 * The dictionary-import job: claims a queued import and runs it from its uploaded file, which is removed at
 * the end either way. An import cancelled before it started is only cleaned up.
 */
export async function runImportJob(
  deps: ImportJobDeps,
  importId: number,
  signal: AbortSignal,
): Promise<void> {
  const row = await claimImport(deps.db, importId);
  if (!row) {
    const current = await getImport(deps.db, importId);
    // A running import (a job delivered twice) still reads its upload; an ended one never will.
    const hasEnded = current && !['queued', 'running'].includes(current.status);
    if (hasEnded && current.objectKey) await removeUpload(deps, current.id, current.objectKey);
    return;
  }
  try {
    await executeImport(deps, row, signal, async () => {
      if (!row.objectKey) throw new DumpError('The uploaded file is gone; upload it again.');
      return deps.storage.get(row.objectKey);
    });
  } finally {
    if (row.objectKey) await removeUpload(deps, importId, row.objectKey);
  }
}

/** Marks a queued import as running; undefined when it is not queued any more (cancelled, or taken). */
export async function claimImport(db: Database, importId: number): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(dictionaryImports)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(dictionaryImports.id, importId), eq(dictionaryImports.status, 'queued')))
    .returning();
  return row;
}

/**
 * Runs a claimed import: loads the dump into tables of its own, then switches the language pair to it in one
 * transaction. A bad file, a cancel or a stop leave the previous dictionary answering; the import's row says
 * what happened (succeeded with its counts, failed with a sentence, or cancelled). `onProgress` sees the
 * running counts (the command line draws its bar with them).
 */
export async function executeImport(
  deps: ImportDeps,
  row: ImportRow,
  signal: AbortSignal,
  open: () => Promise<Readable>,
  onProgress: (counts: Counts) => void = () => {},
): Promise<ImportRow | undefined> {
  const importId = row.id;
  const controller = new AbortController();
  const onStop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onStop, { once: true });
  const interval = deps.progressIntervalMs ?? 1000;
  let lastReport = 0;
  const report = async (counts: Counts) => {
    onProgress(counts);
    const now = Date.now();
    if (now - lastReport < interval) return;
    lastReport = now;
    const [current] = await deps.db
      .update(dictionaryImports)
      // PostgreSQL's clock, as the staleness check uses: never this machine's (failInterruptedImports).
      .set({ progress: counts, heartbeatAt: sql`now()` })
      .where(eq(dictionaryImports.id, importId))
      .returning({ status: dictionaryImports.status });
    if (current?.status === 'cancelled') controller.abort(new CancelledError());
  };

  try {
    const counts = await loadDump(
      deps.pool,
      importId,
      {
        input: await open(),
        fileName: row.fileName,
        source: row.sourceCode,
        limits: deps.limits,
        signal: controller.signal,
      },
      report,
    );
    const { replaced, supersededBy } = await switchToImport(
      deps.pool,
      { importId, source: row.sourceCode, target: row.targetCode },
      async (client, outcome) => {
        const finished = await client.query(
          `UPDATE dictionary_imports SET status = 'succeeded', result = $2, progress = $2, error = $3,
             finished_at = now()
           WHERE id = $1 AND status = 'running'`,
          [importId, JSON.stringify(counts), supersededNote(outcome.supersededBy)],
        );
        // Cancelled at the last moment: the switch is rolled back and the old dictionary stays.
        if (finished.rowCount !== 1) throw new CancelledError();
      },
    );
    deps.log.info(
      {
        importId,
        source: row.sourceCode,
        target: row.targetCode,
        entries: counts.entries,
        replaced,
        supersededBy,
      },
      supersededBy === undefined
        ? 'dictionary import finished'
        : 'dictionary import finished after a newer one of its pair, which stays in use',
    );
    // The replaced dictionary is dropped after the switch, without locking lookups out; if that fails, the
    // next import or start-up retires it.
    await retireUnusedImports(deps.pool).catch((error: unknown) =>
      deps.log.warn({ err: error, importId, replaced }, 'could not yet drop a replaced dictionary'),
    );
    return getImport(deps.db, importId);
  } catch (error) {
    await dropImportTables(deps.pool, importId).catch(() => undefined);
    if (error instanceof CancelledError || controller.signal.reason instanceof CancelledError) {
      deps.log.info({ importId }, 'dictionary import cancelled');
    } else {
      const sentence = failureSentence(error, signal.aborted);
      if (sentence === UNEXPECTED) deps.log.error({ err: error, importId }, 'dictionary import failed');
      await deps.db
        .update(dictionaryImports)
        .set({ status: 'failed', error: sentence, finishedAt: sql`now()` })
        .where(and(eq(dictionaryImports.id, importId), eq(dictionaryImports.status, 'running')));
    }
  } finally {
    signal.removeEventListener('abort', onStop);
  }
  return getImport(deps.db, importId);
}

class CancelledError extends Error {
  constructor() {
    super('Cancelled by an administrator.');
  }
}

/**
 * An import that finished after a newer upload of its pair (two servers importing at once) is marked as
 * succeeded, with its counts, as if it had finished first and then been replaced: the newest upload is the
 * pair's dictionary whatever the order the jobs end in. This sentence says so where the admin looks; its
 * tables were dropped in the switch.
 */
function supersededNote(supersededBy: number | undefined): string | null {
  if (supersededBy === undefined) return null;
  return `A newer upload of this language pair (import ${supersededBy}) finished first and stays in use; this file was read but not switched in.`;
}

const UNEXPECTED = 'The import failed unexpectedly. The previous dictionary is still in use; try again.';

function failureSentence(error: unknown, isStopping: boolean): string {
  if (error instanceof DumpError || error instanceof EmptyDumpError) return error.message;
  if (isStopping) return INTERRUPTED;
  return UNEXPECTED;
}

/** Removes an import's upload from object storage and forgets its key; a failure is logged, and retried at start-up. */
async function removeUpload(deps: UploadDeps, importId: number, key: string): Promise<void> {
  try {
    await deps.storage.delete([key]);
    await deps.db
      .update(dictionaryImports)
      .set({ objectKey: null })
      .where(eq(dictionaryImports.id, importId));
  } catch (error) {
    deps.log.warn({ err: error, importId, key }, 'could not remove an uploaded dictionary dump');
  }
}

interface LookupRow {
  /** The entry row's identity, to tell one entry reached by two forms from two entries. */
  entry: string;
  surface: string;
  lemma: string;
  description: string | null;
  pos: string | null;
  senses: DictionarySense[] | null;
}

/** The import a language pair's lookups read now, or null when the pair has no dictionary. */
async function currentImport(pool: pg.Pool, source: string, target: string): Promise<number | null> {
  const { rows } = await pool.query<{ import_id: number }>({
    name: 'dictionary-current-import',
    text: 'SELECT import_id FROM dictionaries WHERE source_code = $1 AND target_code = $2',
    values: [source, target],
  });
  return rows[0]?.import_id ?? null;
}

/**
 * Recent lookups, per process. Reading follows Zipf's law: a few hundred words make up most taps, so most
 * lookups are answered without a query. An answer is kept as the JSON text it is sent as (serialized once,
 * not at every hit) with the import it came from, and used only while that import is the pair's current one,
 * which is checked every half second while the pair is in use (importOf): after a switch, an answer of the
 * replaced dictionary is given for at most a second.
 */
export class LookupCache {
  private readonly answers = new Map<string, CachedAnswer>();
  /** How many answers were stored: an answer's `storedAt` tells how far from being evicted it is. */
  private stores = 0;
  /**
   * What each pair read when last asked, pairs without a dictionary too (a site language nobody imported a
   * dictionary for yet is tapped as often as any). Bounded, the pair checked longest ago first out: a pair
   * comes from the query string, and made-up ones (?language=zz&target=qq) must not fill the memory; under a
   * flood of them a real pair costs at worst one small query per lookup, as it would uncached.
   */
  private readonly pairs = new Map<string, { importId: number | null; checkedAt: number }>();
  /** The checks in flight, by pair. */
  private readonly checks = new Map<string, Promise<number | null>>();

  constructor(
    /** How many answers are kept (least recently used go first); 0 turns the cache off. */
    readonly maxEntries: number,
    private readonly pairTtlMs = 1000,
    /** How many pairs are kept: far more than the pairs a site has, far fewer than the ones a client can name. */
    readonly maxPairs = 1000,
  ) {}

  /**
   * The pair's current import, as checked within the last second: at once while it is known, or once asked.
   * One check of a pair is in flight at a time, whatever the number of lookups waiting for it. A pair in use
   * is checked again when its last check is half a second old, in the background: its lookups go on with what
   * is known, still within the second, rather than each waiting for a query of its own once a second.
   */
  importOf(pool: pg.Pool, source: string, target: string): number | null | Promise<number | null> {
    const pair = `${source}:${target}`;
    const known = this.pairs.get(pair);
    const age = known ? Date.now() - known.checkedAt : Number.POSITIVE_INFINITY;
    if (known && age < this.pairTtlMs) {
      if (age >= this.pairTtlMs / 2 && !this.checks.has(pair)) {
        // A failed check is left to the next lookup after the second, which waits for its own and sees it fail.
        this.check(pool, pair, source, target).catch(() => undefined);
      }
      return known.importId;
    }
    return this.checks.get(pair) ?? this.check(pool, pair, source, target);
  }

  private check(pool: pg.Pool, pair: string, source: string, target: string): Promise<number | null> {
    // The check's start is when its answer was true: the second runs from there.
    const startedAt = Date.now();
    const checking = currentImport(pool, source, target)
      .then((importId) => {
        this.remember(pair, importId, startedAt);
        return importId;
      })
      .finally(() => this.checks.delete(pair));
    this.checks.set(pair, checking);
    return checking;
  }

  private remember(pair: string, importId: number | null, checkedAt: number): void {
    const known = this.pairs.get(pair);
    if (known && known.checkedAt > checkedAt) return; // a later check answered first
    // Moved to the end (the Map's order is the order pairs were checked in); the oldest goes when full.
    this.pairs.delete(pair);
    if (this.pairs.size >= this.maxPairs) {
      const oldest = this.pairs.keys().next();
      if (!oldest.done) this.pairs.delete(oldest.value);
    }
    this.pairs.set(pair, { importId, checkedAt });
  }

  /** How many pairs it knows (at most maxPairs). */
  get pairCount(): number {
    return this.pairs.size;
  }

  /** Forgets what it knew of a pair's import (its tables are gone: it was replaced). */
  forget(source: string, target: string): void {
    this.pairs.delete(`${source}:${target}`);
  }

  /** The answer kept for a word of an import, as JSON text. */
  get(key: string, importId: number): string | undefined {
    const hit = this.answers.get(key);
    if (!hit || hit.importId !== importId) return undefined;
    // Moved to the end (the Map's order is the recency order), unless it is among the latest stored anyway:
    // a popular word is not moved at every tap, and nothing in the newest eighth is next to be evicted.
    if (this.stores - hit.storedAt > this.maxEntries / 8) {
      this.answers.delete(key);
      this.answers.set(key, hit);
      hit.storedAt = this.stores++;
    }
    return hit.json;
  }

  set(key: string, importId: number, json: string): void {
    if (this.maxEntries === 0) return;
    this.answers.delete(key);
    if (this.answers.size >= this.maxEntries) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    this.answers.set(key, { importId, json, storedAt: this.stores++ });
  }
}

interface CachedAnswer {
  importId: number;
  json: string;
  storedAt: number;
}

function notFound(): LookupResult {
  return { found: false, lemma: null, pos: null, form: null, translations: [] };
}
const NOT_FOUND_JSON = JSON.stringify(notFound());

/**
 * Finds a tapped word (learner.md §3, §5): punctuation stripped, trimmed, NFC, then the word's forms in the
 * language's lower case; a form written exactly as tapped wins (a German noun, a name), then the lemma itself,
 * then an inflection, whose lemma's translations are given with what the form is. One indexed query, unless
 * the cache has the answer.
 */
export async function lookup(pool: pg.Pool, query: LookupQuery, cache?: LookupCache): Promise<LookupResult> {
  if (cache) return JSON.parse(await lookupJson(pool, query, cache)) as LookupResult;
  const word = normalizeLookup(query.surface, query.language);
  if (!word) return notFound();
  const importId = await currentImport(pool, query.language, query.target);
  if (importId === null) return notFound();
  return (await findWord(pool, query, importId, word)).result;
}

/**
 * lookup's answer as the JSON text the route sends. From the cache, at once (no promise, no turn of the event
 * loop), when it has the answer and knows the pair's import; otherwise once read.
 */
export function lookupJson(pool: pg.Pool, query: LookupQuery, cache: LookupCache): string | Promise<string> {
  const word = normalizeLookup(query.surface, query.language);
  if (!word) return NOT_FOUND_JSON;
  const importId = cache.importOf(pool, query.language, query.target);
  if (importId instanceof Promise) {
    return importId.then((current) => answerJson(pool, query, cache, word, current));
  }
  return answerJson(pool, query, cache, word, importId);
}

function answerJson(
  pool: pg.Pool,
  query: LookupQuery,
  cache: LookupCache,
  word: LookupWord,
  importId: number | null,
): string | Promise<string> {
  if (importId === null) return NOT_FOUND_JSON;
  const key = `${query.language}:${query.target}:${word.elided?.exact ?? word.exact}`;
  const cached = cache.get(key, importId);
  if (cached !== undefined) return cached;
  return findWord(pool, query, importId, word, cache).then((found) => {
    const json = JSON.stringify(found.result);
    if (found.importId !== null) cache.set(key, found.importId, json);
    return json;
  });
}

/**
 * The answer for a word in an import's tables, and the import it came from: a newer one if it was replaced
 * meanwhile, none if the pair lost its dictionary.
 */
async function findWord(
  pool: pg.Pool,
  query: LookupQuery,
  firstImportId: number,
  word: LookupWord,
  cache?: LookupCache,
): Promise<{ importId: number | null; result: LookupResult }> {
  let importId = firstImportId;
  // An elided word ("l’") is looked up with its apostrophe first, as dictionaries title it, then without.
  const candidates = word.elided ? [word.elided, word] : [word];
  for (const candidate of candidates) {
    let rows: LookupRow[];
    try {
      rows = await queryImport(pool, importId, candidate);
    } catch (error) {
      // Its tables were dropped since: a newer import replaced it. Ask again which import is current.
      if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
      cache?.forget(query.language, query.target);
      const current = await currentImport(pool, query.language, query.target);
      if (current === null) return { importId: null, result: notFound() };
      importId = current;
      rows = await queryImport(pool, importId, candidate);
    }
    const answer = answerFrom(rows, candidate.exact);
    if (answer) return { importId, result: answer };
  }
  return { importId, result: notFound() };
}

const UNDEFINED_TABLE = '42P01';

/**
 * One import's forms and entries for a word, read from that import's own tables by name rather than through
 * the partitioned parents: a query planned just before a switch would not see the newly attached partition
 * while its snapshot already sees the pair pointing at it, and would find nothing. The form is chosen first
 * (written as tapped, then the lemma itself, then an inflection, and only forms whose lemma has entries),
 * then that lemma's entries are read: however many lemmas share the key, the best one is never cut off.
 */
async function queryImport(
  pool: pg.Pool,
  importId: number,
  word: { exact: string; lower: string },
): Promise<LookupRow[]> {
  const forms = formsTable(importId);
  const entries = entriesTable(importId);
  const phrases = phrasesTable(importId);
  // A form's description is its own, or its phrase's followed by ' of ' and its lemma (store.ts).
  const { rows } = await pool.query<LookupRow>({
    name: `dictionary-lookup-${importId}`,
    text: `WITH chosen AS (
             SELECT coalesce(f.surface, f.surface_key) AS surface, f.lemma, f.description, f.phrase_id
             FROM ${forms} f
             WHERE f.surface_key = $1 AND EXISTS (SELECT 1 FROM ${entries} x WHERE x.lemma = f.lemma)
             ORDER BY coalesce(f.surface, f.surface_key) = $2 DESC,
               (f.description IS NULL AND f.phrase_id IS NULL) DESC, f.lemma
             LIMIT 1
           ), described AS (
             SELECT c.surface, c.lemma,
               CASE WHEN c.phrase_id IS NULL THEN c.description
                 ELSE (SELECT p.phrase FROM ${phrases} p WHERE p.id = c.phrase_id) || ' of ' || c.lemma
               END AS description
             FROM chosen c
           )
           SELECT e.ctid::text AS entry, d.surface, d.lemma, d.description, e.pos, e.senses
           FROM described d JOIN ${entries} e ON e.lemma = d.lemma
           LIMIT 20`,
    values: [word.lower, word.exact],
  });
  return rows;
}

function answerFrom(rows: readonly LookupRow[], exact: string): LookupResult | undefined {
  const best = pickForm(rows, exact);
  if (!best) return undefined;
  const entries = rows.filter((row) => row.lemma === best.lemma && row.senses);
  const translations: Translation[] = [];
  for (const entry of dedupeEntries(entries)) {
    for (const sense of entry.senses ?? []) {
      if (translations.length >= MAX_TRANSLATIONS) break;
      translations.push(presentSense(sense));
    }
  }
  if (translations.length === 0) return undefined;
  return { found: true, lemma: best.lemma, pos: best.pos, form: best.description, translations };
}

const MAX_TRANSLATIONS = 12;

/** The form that answers: written exactly as tapped first; among equals, the lemma itself before a form. */
function pickForm(rows: readonly LookupRow[], exact: string): LookupRow | undefined {
  let best: LookupRow | undefined;
  let bestScore = -1;
  for (const row of rows) {
    const score = (row.surface === exact ? 2 : 0) + (row.description === null ? 1 : 0);
    if (score > bestScore) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

/** One row per entry of the lemma: an entry reached by two forms of the same spelling must not repeat. */
function dedupeEntries(rows: readonly LookupRow[]): LookupRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.entry)) return false;
    seen.add(row.entry);
    return true;
  });
}

function presentSense(sense: DictionarySense): Translation {
  const example =
    sense.example && sense.example_translation
      ? `${sense.example} — ${sense.example_translation}`
      : sense.example;
  return { gloss: sense.gloss, definition: sense.definition, example, source: 'wiktextract' };
}
