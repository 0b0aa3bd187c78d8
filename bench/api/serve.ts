// The servers the load is aimed at, in a child process of their own (bench/child.ts): the real app in production
// mode at the default log level, seeded with the demo content as a fresh install seeds it, its log written to a
// stream that counts lines and bytes (instead of 'silent', so that logging costs what it costs in production);
// and bare Fastify routes answering fixed bytes (the ceiling of each endpoint).
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seedDemoContent } from '../../server/demo/seed.ts';
import { refreshStaleChapterTerms } from '../../server/terms/service.ts';
import { type AppInput, answerParent, type CommonReply, type CommonRequest, listen } from '../serve.ts';

export interface BareInput {
  method: 'GET' | 'POST';
  /** The bytes the app sent, base64: compressed as it compressed them. */
  body64: string;
  contentEncoding: string;
}

export type ServeRequest =
  | { kind: 'start'; input: AppInput }
  | { kind: 'bare'; input: BareInput }
  | { kind: 'log' }
  | { kind: 'pauses' }
  | CommonRequest;

export type ServeReply =
  | { kind: 'started'; origin: string; logLevel: string; seededStories: number }
  | { kind: 'bare'; origin: string }
  | { kind: 'log'; lines: number; bytes: number; sample: string[] }
  | ({ kind: 'pauses' } & Pauses)
  | CommonReply;

/**
 * What held the app's event loop since the last reading: its garbage collector's pauses (how many, over 5 ms,
 * the longest, in all) and the loop's own delay (p99 and max, ms), which a pause, a long task or the machine's
 * other work all show. For a p99 at a steady rate, whether a stall was the app's own.
 */
export interface Pauses {
  gcCount: number;
  gcOver5Ms: number;
  gcMaxMs: number;
  /** What the longest pause was: minor (scavenge), major (mark-compact), incremental (marking), weakcb. */
  gcMaxKind: string;
  gcTotalMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
const gc = { count: 0, over5: 0, max: 0, maxKind: '', total: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.total += entry.duration;
    if (entry.duration > gc.max) {
      gc.max = entry.duration;
      const { kind } = (entry as { detail?: { kind?: number } }).detail ?? {};
      gc.maxKind = (kind !== undefined && GC_KINDS[kind]) || 'other';
    }
    if (entry.duration > 5) gc.over5++;
  }
}).observe({ entryTypes: ['gc'] });
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

/** The pauses since the last call, which starts the next reading. */
function pausesSinceLast(): Pauses {
  const round = (ms: number) => Number(ms.toFixed(2));
  const pauses = {
    gcCount: gc.count,
    gcOver5Ms: gc.over5,
    gcMaxMs: round(gc.max),
    gcMaxKind: gc.maxKind,
    gcTotalMs: round(gc.total),
    loopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
    loopDelayMaxMs: round(loopDelay.max / 1e6),
  };
  Object.assign(gc, { count: 0, over5: 0, max: 0, maxKind: '', total: 0 });
  loopDelay.reset();
  return pauses;
}

/** What the app has logged so far: lines, bytes, and the last few lines (to show what a line holds). */
const logged = { lines: 0, bytes: 0, sample: [] as string[] };
const countingStream = {
  write(line: string) {
    logged.lines++;
    logged.bytes += Buffer.byteLength(line);
    if (logged.sample.length < 20) logged.sample.push(line);
    else logged.sample[logged.lines % 20] = line;
  },
};

async function start(input: AppInput): Promise<ServeReply> {
  // As bench/serve.ts's benchAppConfig, but LOG_LEVEL left to its default: the log volume is measured too.
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: input.jwtSecret,
    SMTP_URL: 'smtp://127.0.0.1:9',
    STORAGE: 'local',
    DEMO_CONTENT: 'off',
    DATA_DIR: input.dataDir,
  });
  const app = await buildApp(
    { ...config, databaseUrl: input.databaseUrl, jwtSecret: input.jwtSecret },
    { logStream: countingStream },
  );
  // What main does on a fresh install with DEMO_CONTENT=on: the demo dictionaries and library, then the terms.
  const seeded = await seedDemoContent({
    db: app.db,
    pool: app.pool,
    limits: config.dictionaryLimits,
    log: app.log,
    storage: app.storage,
  });
  await refreshStaleChapterTerms(app.db);
  return {
    kind: 'started',
    origin: await listen(app),
    logLevel: config.logLevel,
    seededStories: seeded.stories,
  };
}

async function bare(input: BareInput): Promise<ServeReply> {
  const server = Fastify({ logger: false });
  const body = Buffer.from(input.body64, 'base64');
  // Any path: the baseline answers every request of the list it replaces with the same bytes.
  server.route({
    method: input.method,
    url: '/*',
    handler: (_request, reply) => {
      reply.type('application/json; charset=utf-8');
      if (input.contentEncoding !== 'identity') reply.header('content-encoding', input.contentEncoding);
      return reply.send(body);
    },
  });
  return { kind: 'bare', origin: await listen(server) };
}

answerParent<ServeRequest>(async (request) => {
  if (request.kind === 'start') return start(request.input);
  if (request.kind === 'bare') return bare(request.input);
  if (request.kind === 'pauses') return { kind: 'pauses', ...pausesSinceLast() };
  return { kind: 'log', ...logged, sample: [...logged.sample] };
});
