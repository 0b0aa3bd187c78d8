import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DictionaryLimits } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { dictionaryImports } from '#server/db/schema.ts';
import { everyInterval } from '#server/jobs/every.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import { type DumpCounts as Counts, EmptyDumpError, loadDump } from '../importer.ts';
import { DumpError } from '../json-lines.ts';
import { dropImportTables, retireUnusedImports, switchToImport } from '../store.ts';
import { STALE_AFTER, STALE_SWEEP_INTERVAL_MS, startHeartbeat } from './heartbeat.ts';

export type ImportRow = typeof dictionaryImports.$inferSelect;

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
 * A queued import older than this will not start: the dictionary-import queue's jobs expire after 12 hours
 * (server/jobs/jobs.ts), or its job was never queued.
 */
const QUEUED_EXPIRES_AFTER = '12 hours';

const INTERRUPTED = 'The import was interrupted because the server stopped. Start it again.';
const WENT_AWAY =
  'The import stopped: the server running it went away. The previous dictionary is still in use; start it again.';
const NEVER_STARTED = 'The import did not start within 12 hours of its upload. Upload the file again.';

/**
 * Marks running imports whose heartbeat has not moved for a minute as failed (their server stopped, or was
 * killed), drops what they had loaded and removes their uploads; the pairs' current dictionaries keep
 * answering. Every server runs it every 20 seconds (watchStalledImports) and at start-up: a live import moves
 * its heartbeat every few seconds, and each stalled import is failed by one server only (the update decides).
 * Answers the ids it failed.
 */
export async function failStalledImports(deps: UploadDeps & { pool: pg.Pool }): Promise<number[]> {
  const stale = await deps.db
    .update(dictionaryImports)
    .set({ status: 'failed', finishedAt: sql`now()`, error: WENT_AWAY })
    .where(
      and(
        eq(dictionaryImports.status, 'running'),
        sql`coalesce(${dictionaryImports.heartbeatAt}, ${dictionaryImports.createdAt}) < now() - ${STALE_AFTER}::interval`,
      ),
    )
    .returning({ id: dictionaryImports.id, objectKey: dictionaryImports.objectKey });
  for (const { id, objectKey } of stale) {
    await dropImportTables(deps.pool, id);
    if (objectKey) await removeUpload(deps, id, objectKey);
  }
  if (stale.length > 0) {
    deps.log.warn(
      { importIds: stale.map(({ id }) => id) },
      'failed dictionary imports whose server went away',
    );
  }
  return stale.map(({ id }) => id);
}

/** Looks for stalled imports every 20 seconds until stopped (with the app: server/app.ts). */
export function watchStalledImports(
  deps: UploadDeps & { pool: pg.Pool },
  options: { intervalMs?: number } = {},
): { stop: () => Promise<void> } {
  return everyInterval(() => failStalledImports(deps), {
    intervalMs: options.intervalMs ?? STALE_SWEEP_INTERVAL_MS,
    onError: (error) => deps.log.warn({ err: error }, 'could not look for stalled dictionary imports'),
  });
}

/**
 * At start-up: marks imports interrupted by a stopped server (failStalledImports), and queued imports whose
 * job will never come, as failed, so an admin sees the truth and can start again. With `cleanup`, also
 * removes the uploads of every import that has ended (these, and any whose removal failed before): object
 * storage cannot be listed, so the rows are what finds them. Answers how many imports it marked as failed.
 */
export async function failInterruptedImports(
  db: Database,
  pool: pg.Pool,
  cleanup: { storage: ObjectStorage; log: ImportLog },
): Promise<number> {
  const stale = await failStalledImports({ db, pool, ...cleanup });
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
  /** How often the heartbeat moves besides progress (HEARTBEAT_INTERVAL_MS by default). */
  heartbeatIntervalMs?: number;
  /**
   * Whether the dump is read, parsed and mapped on the import's worker thread (import-off-thread.ts, decision
   * 102): by default when the server runs bundled, not from source (tests, tsx), where each worker would first
   * load tsx's loader. The command line asks for it.
   */
  linesOffThread?: boolean;
}

export interface ImportJobDeps extends ImportDeps {
  storage: ObjectStorage;
}

/**
 * The dictionary-import job: claims a queued import and runs it from its uploaded file, which is removed at
 * the end either way. An import cancelled before it started is only cleaned up. Answers the import as it
 * ended; undefined when this job did not run it.
 */
export async function runImportJob(
  deps: ImportJobDeps,
  importId: number,
  signal: AbortSignal,
): Promise<ImportRow | undefined> {
  const row = await claimImport(deps.db, importId);
  if (!row) {
    const current = await getImport(deps.db, importId);
    // A running import (a job delivered twice) still reads its upload; an ended one never will.
    const hasEnded = current && !['queued', 'running'].includes(current.status);
    if (hasEnded && current.objectKey) await removeUpload(deps, current.id, current.objectKey);
    return undefined;
  }
  try {
    return await executeImport(deps, row, signal, async () => {
      if (!row.objectKey) throw new DumpError('The uploaded file is gone; upload it again.');
      return deps.storage.get(row.objectKey).catch((error: unknown) => {
        throw isMissingObject(error) ? new DumpError(NOT_IN_STORAGE) : error;
      });
    });
  } finally {
    if (row.objectKey) await removeUpload(deps, importId, row.objectKey);
  }
}

const NOT_IN_STORAGE =
  "The uploaded file is not in this server's storage: with several servers, keep files in S3 or a folder " +
  'they all share (STORAGE). Upload the file again.';

/** A file that is not on this disk, or an S3 key that is not in the bucket. */
function isMissingObject(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound';
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
  const report = progressReporter(deps, importId, controller, onProgress);
  // Beats on its own: the switch (indexes of a large dictionary) reports no progress for minutes.
  const heartbeat = startHeartbeat(deps.db, importId, {
    intervalMs: deps.heartbeatIntervalMs,
    onEnded: () => controller.abort(new CancelledError()),
  });

  try {
    const counts = await loadDump(
      deps.pool,
      importId,
      {
        input: await open(),
        fileName: row.fileName,
        source: row.sourceCode,
        target: row.targetCode,
        limits: deps.limits,
        signal: controller.signal,
      },
      report,
      { offThread: deps.linesOffThread },
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
    const pair = { source: row.sourceCode, target: row.targetCode };
    deps.log.info(
      { importId, ...pair, entries: counts.entries, replaced, supersededBy },
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
      deps.log.info({ importId }, 'dictionary import stopped: cancelled, or failed by another server');
    } else {
      const sentence = failureSentence(error, signal.aborted);
      if (sentence === UNEXPECTED) deps.log.error({ err: error, importId }, 'dictionary import failed');
      await deps.db
        .update(dictionaryImports)
        .set({ status: 'failed', error: sentence, finishedAt: sql`now()` })
        .where(and(eq(dictionaryImports.id, importId), eq(dictionaryImports.status, 'running')));
    }
  } finally {
    heartbeat.stop();
    signal.removeEventListener('abort', onStop);
  }
  return getImport(deps.db, importId);
}

/**
 * What a running import calls with its counts: passed on to `onProgress` every time, written to the import's
 * row (with its heartbeat) at most once an interval, when a cancel is noticed and the import aborted.
 */
function progressReporter(
  deps: ImportDeps,
  importId: number,
  controller: AbortController,
  onProgress: (counts: Counts) => void,
): (counts: Counts) => Promise<void> {
  const interval = deps.progressIntervalMs ?? 1000;
  let lastReport = 0;
  return async (counts) => {
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
    // Cancelled by an admin, or failed by another server that took this one for gone: stop here.
    if (current && current.status !== 'running') controller.abort(new CancelledError());
  };
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
