// The import, in a child process of its own: the path `npm run dict:import` takes (createImport, claimImport,
// executeImport reading the file from disk), timed over the whole wall time and per phase.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import type { DumpCounts } from '../../server/dictionary/importer.ts';
import { claimImport, createImport, executeImport } from '../../server/dictionary/imports/service.ts';
import { serveChild } from './child.ts';

export interface ImportInput {
  databaseUrl: string;
  file: string;
  fileSize: number;
  /** About how many lines the file has, to space the RSS samples. */
  expectedLines: number;
  source: string;
  target: string;
  /** The line work on worker threads or not; undefined: as the server does it bundled (on workers). */
  linesOffThread?: boolean;
}

export interface ImportPhases {
  /** Read, gunzip, split, parse, map and COPY, up to the last batch handed to the writer. */
  streamSeconds: number;
  /** Ending both COPYs: PostgreSQL takes the rows still in flight. */
  copyFinishSeconds: number;
  /**
   * After the COPYs, in the load's transactions: the phrases written, CREATE INDEX and ANALYZE on the entries
   * and the forms, in parallel (server/dictionary/store.ts).
   */
  indexSeconds: number;
  /** Attaching the partitions, pointing the pair at the import, marking it succeeded, reading it back. */
  switchSeconds: number;
}

export interface ImportResult {
  importId: number;
  counts: DumpCounts;
  seconds: number;
  /** This process's CPU time over the import (its main thread, zlib's and the other libuv threads). */
  cpuSeconds: number;
  /**
   * The intervals of a 10 ms timer on the import's own thread during the import (perf_hooks.monitorEventLoopDelay,
   * ms): what is over 10 ms, the learners' requests in a server would wait as long.
   */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** RSS as the import went on: flat, or growing with the file? */
  /**
   * RSS as the import went on, and the import's thread's ArrayBuffers (the file's chunks and the COPY text
   * it was handed, alive until its heap is next collected).
   */
  rssTimeline: { lines: number; rssMB: number; arrayBuffersMB: number }[];
  /** loadDump alone (everything but the switch). */
  loadSeconds: number;
  phases: ImportPhases;
}

/**
 * Records when the statements that index the tables ran, without touching the importer's code: on the pool,
 * and on the connections it lends (the writer's load transactions).
 */
function timeStatements(pool: pg.Pool): {
  started: (kind: string) => number;
  ended: (kind: string) => number;
} {
  const starts = new Map<string, number>();
  const ends = new Map<string, number>();
  const timedQuery =
    (query: (...args: unknown[]) => unknown) =>
    (...args: unknown[]): unknown => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
      const kind = typeof text === 'string' ? /\b(CREATE INDEX)\b/.exec(text)?.[1] : undefined;
      const startedAt = performance.now();
      const result = query(...args);
      if (kind && result instanceof Promise) {
        starts.set(kind, Math.min(starts.get(kind) ?? Number.POSITIVE_INFINITY, startedAt));
        result.then(
          () => ends.set(kind, Math.max(ends.get(kind) ?? 0, performance.now())),
          () => undefined,
        );
      }
      return result;
    };
  pool.query = timedQuery(pool.query.bind(pool) as (...args: unknown[]) => unknown) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const timedClients = new WeakSet<pg.PoolClient>();
  const timeClient = (client: pg.PoolClient) => {
    if (timedClients.has(client)) return client;
    timedClients.add(client);
    client.query = timedQuery(
      client.query.bind(client) as (...args: unknown[]) => unknown,
    ) as typeof client.query;
    return client;
  };
  // pool.query connects with a callback: those clients are timed by pool.query itself.
  pool.connect = ((...args: unknown[]) =>
    args.length > 0
      ? connect(...args)
      : (connect() as Promise<pg.PoolClient>).then(timeClient)) as typeof pool.connect;
  return {
    started: (kind) => starts.get(kind) ?? Number.NaN,
    ended: (kind) => ends.get(kind) ?? Number.NaN,
  };
}

serveChild<ImportInput, ImportResult>(async (input) => {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const { db, pool } = openDatabase(input.databaseUrl, { max: 4, onIdleError: () => undefined });
  try {
    const statements = timeStatements(pool);
    const created = await createImport(db, {
      source: input.source,
      target: input.target,
      fileName: basename(input.file),
      fileSize: input.fileSize,
    });
    const row = await claimImport(db, created.id);
    if (!row) throw new Error('The import could not be claimed.');
    const errors: string[] = [];
    const log = {
      info: () => undefined,
      warn: (_details: object, message: string) => errors.push(message),
      error: (details: object, message: string) =>
        errors.push(`${message}: ${String((details as { err?: unknown }).err)}`),
    };

    let lastBatchAt = 0;
    let latest: DumpCounts | undefined;
    const rssTimeline: ImportResult['rssTimeline'] = [];
    const rssEvery = Math.max(1000, Math.round(input.expectedLines / 10));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    const finished = await executeImport(
      { db, pool, limits: config.dictionaryLimits, log, linesOffThread: input.linesOffThread },
      row,
      new AbortController().signal,
      async () => createReadStream(input.file, { highWaterMark: 1024 * 1024 }),
      (counts) => {
        latest = counts;
        lastBatchAt = performance.now();
        if (counts.lines >= (rssTimeline.length + 1) * rssEvery) {
          const { rss, arrayBuffers } = process.memoryUsage();
          rssTimeline.push({
            lines: counts.lines,
            rssMB: Math.round(rss / 2 ** 20),
            arrayBuffersMB: Math.round(arrayBuffers / 2 ** 20),
          });
        }
      },
    );
    const endedAt = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    delay.disable();
    const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
    if (finished?.status !== 'succeeded' || !latest) {
      throw new Error(`The import ended ${finished?.status}: ${finished?.error ?? ''} ${errors.join('; ')}`);
    }
    const indexStart = statements.started('CREATE INDEX');
    const indexEnd = statements.ended('CREATE INDEX');
    const seconds = (from: number, to: number) => Math.round(to - from) / 1000;
    return {
      importId: row.id,
      counts: finished.result as DumpCounts,
      seconds: seconds(startedAt, endedAt),
      cpuSeconds: Math.round((cpu.user + cpu.system) / 1000) / 1000,
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      rssTimeline,
      loadSeconds: seconds(startedAt, indexEnd),
      phases: {
        streamSeconds: seconds(startedAt, lastBatchAt),
        copyFinishSeconds: seconds(lastBatchAt, indexStart),
        indexSeconds: seconds(indexStart, indexEnd),
        switchSeconds: seconds(indexEnd, endedAt),
      },
    };
  } finally {
    await pool.end();
  }
});
