// `npm run bench`: every hot endpoint of the learner API (issue 25), each against a bare Fastify route answering
// the very bytes the app answered, both measured in this run on this machine.
//
//   1. An embedded PostgreSQL (bench/database.ts), migrated, the languages seeded.
//   2. The app in a child process (serve.ts; bundled, plain node with npm start's flags, production mode, the
//      default LOG_LEVEL with its log written to a counting stream), seeded with the demo content as a fresh
//      install is; a learner signed in with some progress (learner.ts).
//   3. For each endpoint (learner.ts's ENDPOINTS), with the learner's bearer token and a browser's headers: the
//      bare route flat out, the app flat out, then the app offered half its target rate steadily (the target:
//      TARGET_SHARE of the bare route's rate, a third or a half; "p99 ≤ 10 ms offered half of that rate")
//      (bench/load.ts, in a child process of its own; 50 connections, a warm-up before each run).
//      Per request: the app's CPU (process.cpuUsage of its process), the CPU of the PostgreSQL backends serving
//      its pool (pg_stat_activity's pids, /proc/<pid>/stat) and of the whole cluster (bench/measure.ts), and
//      the bytes it logged (per 10,000 requests).
//
// Prints the table and writes bench/results/api.json. GET /api/languages/ is its first row: bench/run.ts, the
// languages-only benchmark, stays beside it as `npm run bench:languages`.
// Settings: BENCH_DURATION (s per run, 5), BENCH_WARMUP (s, 1), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3: the
// bare route and the app in turn that many times, the median share reported),
// BENCH_API_ONLY=languages,stories,dailyGoal,chapter,activity,words,lookup,track,trackKeyed (only those),
// BENCH_API_PROFILE=<dir>: a --cpu-prof of the app's process there, pg_stat_statements on (planning tracked),
// the app flat out only, on languages, dailyGoal and chapter unless BENCH_API_ONLY says otherwise; the
// statements by total time go to bench/results/api-statements.json; BENCH_API_NODE_FLAGS: node flags for the app's
// process beyond npm start's (`--trace-gc`, a V8 option to compare). About 6 minutes with the defaults.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { productionNodeFlags } from '../child.ts';
import { type BenchDatabase, withBenchDatabase } from '../database.ts';
import { type Measured, measuredLoad } from '../measure.ts';
import { log, machine } from '../stats.ts';
import { bundleChildren, runChild, startChild } from './child.ts';
import {
  BROWSER_HEADERS,
  ENDPOINTS,
  type Endpoint,
  endpointRequests,
  fetchRaw,
  prepareLearner,
  TARGET_SHARE,
} from './learner.ts';
import type { LoadFigures, LoadRequest } from './load.ts';
import {
  backendCpuBetween,
  poolBackendCpu,
  STATEMENTS_SETTINGS,
  topStatements,
  writesPerRequest,
  writesSoFar,
} from './postgres.ts';
import { type EndpointResult, printTable } from './report.ts';
import type { Pauses, ServeReply, ServeRequest } from './serve.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds of bare route then app, flat out (BENCH_ROUNDS, 3): the median share is reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** BENCH_API_NODE_FLAGS: node flags for the app's process beyond npm start's (e.g. `--trace-gc`). */
const NODE_FLAGS = process.env.BENCH_API_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
const PROFILE_DIR = process.env.BENCH_API_PROFILE ? resolve(process.env.BENCH_API_PROFILE) : undefined;
const ONLY = (process.env.BENCH_API_ONLY?.split(',').map((name) => name.trim()) ??
  (PROFILE_DIR ? ['languages', 'dailyGoal', 'chapter'] : [...ENDPOINTS])) as Endpoint[];

type Server = ReturnType<typeof startChild<ServeRequest, ServeReply>>;
type LogCount = Extract<ServeReply, { kind: 'log' }>;
interface Round {
  bare: Measured | undefined;
  app: Measured;
  backends: ReturnType<typeof backendCpuBetween>;
  logBefore: LogCount;
  logAfter: LogCount;
  writes: ReturnType<typeof writesPerRequest>;
  share: number;
}

/**
 * The bare route and the app in turn, ROUNDS times (once when profiling): the machine's other work moves both,
 * so the round whose share of the bare route is the median is reported (with every round in the JSON).
 */
async function measureRounds(
  load: (origin: string) => Promise<Measured>,
  context: { bareOrigin: string | undefined; appOrigin: string; server: Server; client: pg.Client },
): Promise<Round[]> {
  const { bareOrigin, appOrigin, server, client } = context;
  const rounds: Round[] = [];
  for (let round = 0; round < (PROFILE_DIR ? 1 : ROUNDS); round++) {
    const bare = bareOrigin ? await load(bareOrigin) : undefined;
    if (bare) log(`  bare route ${bare.requestsPerSecond} req/s, p99 ${bare.latencyP99Ms} ms`);
    const logBefore = await server.expect({ kind: 'log' }, 'log');
    const backendsBefore = await poolBackendCpu(client);
    const writesBefore = await writesSoFar(client);
    const app = await load(appOrigin);
    const backends = backendCpuBetween(backendsBefore, await poolBackendCpu(client));
    const writes = writesPerRequest(writesBefore, await writesSoFar(client), app.allRequests);
    const logAfter = await server.expect({ kind: 'log' }, 'log');
    log(
      `  app ${app.requestsPerSecond} req/s, p99 ${app.latencyP99Ms} ms, ${app.cpu.serverMicrosPerRequest} µs CPU` +
        (writes.recordsPerRequest > 0.5
          ? `; WAL ${writes.bytesPerRequest} B, ${writes.recordsPerRequest} records, ${writes.fullPagesPerRequest} full ` +
            `pages a request; ${writes.rollbacks} rollbacks, ${writes.deadlocks} deadlocks`
          : ''),
    );
    const share = bare ? app.requestsPerSecond / bare.requestsPerSecond : 0;
    rounds.push({ bare, app, backends, logBefore, logAfter, writes, share });
  }
  return rounds;
}

/**
 * The bare route, then the app, offered `rate` steadily, with the app's GC pauses and event-loop delay during
 * its run. The bare route at the same rate is the control: the latency the load generator, the loopback and
 * the machine's other work add on their own, since the bare route does nothing else.
 */
async function steadyRun(
  rate: number,
  load: (origin: string) => Promise<Measured>,
  origins: { bare: string; app: string },
  server: Server,
): Promise<{
  atHalf: Measured & { offeredRequestsPerSecond: number };
  bareAtHalf: Measured;
  pausesAtHalf: Pauses;
}> {
  const bareAtHalf = await load(origins.bare);
  await server.expect({ kind: 'pauses' }, 'pauses');
  const atHalf = { offeredRequestsPerSecond: rate, ...(await load(origins.app)) };
  const { kind: _kind, ...pausesAtHalf } = await server.expect({ kind: 'pauses' }, 'pauses');
  const generator = (figures: Measured) =>
    `load generator's loop max ${figures.loadGeneratorLoopDelay?.maxMs ?? '–'} ms`;
  log(
    `  offered ${rate} req/s (half the target): bare route p99 ${bareAtHalf.latencyP99Ms} ms ` +
      `(${generator(bareAtHalf)}); app p99 ${atHalf.latencyP99Ms} ms (${generator(atHalf)}); app's event ` +
      `loop delay p99 ${pausesAtHalf.loopDelayP99Ms} ms, max ${pausesAtHalf.loopDelayMaxMs}; GC longest ` +
      `${pausesAtHalf.gcMaxMs} ms (${pausesAtHalf.gcMaxKind}), ${pausesAtHalf.gcOver5Ms} over 5 ms of ${pausesAtHalf.gcCount}`,
  );
  return { atHalf, bareAtHalf, pausesAtHalf };
}

async function measureEndpoint(
  name: Endpoint,
  requests: LoadRequest[],
  context: { server: Server; appOrigin: string; client: pg.Client; postgresPid: number },
): Promise<EndpointResult> {
  const { server, appOrigin, client } = context;
  // The first request shows what the bare route answers: the same bytes for each (another learner's as much).
  const request = requests[0] as LoadRequest;
  const answer = await fetchRaw(appOrigin, request);
  if (answer.status >= 300) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
  const load = async (origin: string, overallRate?: number): Promise<Measured> =>
    measuredLoad(
      {
        origin,
        requests,
        headers: BROWSER_HEADERS,
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        ...(overallRate ? { overallRate } : {}),
      },
      {
        runLoad: async (input) => (await runChild<LoadFigures>('load', input)).result,
        serverCpuSeconds: async () => (await server.expect({ kind: 'cpu' }, 'cpu')).seconds,
        postgresPid: context.postgresPid,
      },
    );
  log(`${name}: ${request.method} ${request.path} (${answer.raw.length} bytes sent, ${answer.encoding})`);
  const bareInput = {
    method: request.method,
    body64: answer.raw.toString('base64'),
    contentEncoding: answer.encoding,
  };
  const bareOrigin = PROFILE_DIR
    ? undefined
    : (await server.expect({ kind: 'bare', input: bareInput }, 'bare')).origin;
  const rounds = await measureRounds((origin) => load(origin), { bareOrigin, appOrigin, server, client });
  const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(rounds.length / 2)] as Round;
  const { bare, app } = median;
  const rate = bare ? Math.max(1, Math.round((bare.requestsPerSecond * TARGET_SHARE[name]) / 2)) : 0;
  // Offered more than it answers flat out, the app would only queue: the steady run sends rate × duration
  // requests and waits for every answer, minutes for the slow endpoints, and its p99 is the queue's length.
  const offered = bare && app.requestsPerSecond >= rate;
  if (bare && !offered) log(`  half the target rate (${rate} req/s) is beyond the app's: not offered`);
  const { atHalf, bareAtHalf, pausesAtHalf } =
    offered && bareOrigin
      ? await steadyRun(rate, (origin) => load(origin, rate), { bare: bareOrigin, app: appOrigin }, server)
      : { atHalf: null, bareAtHalf: null, pausesAtHalf: null };
  return {
    request: `${request.method} ${request.path}`,
    status: answer.status,
    responseBytes: Buffer.byteLength(answer.body),
    wireBytes: answer.raw.length,
    contentEncoding: answer.encoding,
    bare,
    app,
    appAtHalfTarget: atHalf,
    bareAtHalfTarget: bareAtHalf,
    pausesAtHalfTarget: pausesAtHalf,
    targetShare: TARGET_SHARE[name],
    halfTargetRate: bare ? rate : null,
    shareOfBare: bare ? Number((app.requestsPerSecond / bare.requestsPerSecond).toFixed(3)) : null,
    rounds: rounds.map((round) => ({
      bareRequestsPerSecond: round.bare?.requestsPerSecond ?? null,
      appRequestsPerSecond: round.app.requestsPerSecond,
      appMicrosPerRequest: round.app.cpu.serverMicrosPerRequest,
      shareOfBare: round.bare ? Number(round.share.toFixed(3)) : null,
      writes: round.writes,
    })),
    ...backendsAndLog(median),
  };
}

/** The reported round's PostgreSQL backends' CPU and log volume, per request. */
function backendsAndLog({ app, backends, logBefore, logAfter }: Round) {
  const perTenThousand = (value: number) => Math.round((value * 10_000) / app.allRequests);
  return {
    postgresBackends: backends
      ? {
          backends: backends.backends,
          microsPerRequest: Math.round((backends.seconds * 1e6) / app.allRequests),
        }
      : null,
    log: {
      linesPer10kRequests: perTenThousand(logAfter.lines - logBefore.lines),
      bytesPer10kRequests: perTenThousand(logAfter.bytes - logBefore.bytes),
      sample: logAfter.sample.slice(-2),
    },
  };
}

async function benchmark({ databaseUrl, admin, scratch, postgres }: BenchDatabase): Promise<void> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const { rows } = await admin.pool.query<{ server_version: string }>('SHOW server_version');
  if (PROFILE_DIR) await admin.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const server = startChild<ServeRequest, ServeReply>(
    'serve',
    [
      ...productionNodeFlags(),
      ...NODE_FLAGS,
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ],
    { NODE_ENV: 'production' },
  );
  log('Starting the app and seeding the demo content…');
  const started = await server.expect(
    { kind: 'start', input: { databaseUrl, jwtSecret, dataDir: join(scratch, 'data') } },
    'started',
  );
  const learner = await prepareLearner(admin.db, jwtSecret, started.origin);
  await admin.pool.end();
  log(
    `  ${started.seededStories} demo stories; LOG_LEVEL ${started.logLevel}; the learner looks up "${learner.word}"`,
  );
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'catamaran-bench' });
  await client.connect();
  if (PROFILE_DIR) await client.query('SELECT pg_stat_statements_reset()');

  const requests = endpointRequests(learner);
  const results: Partial<Record<Endpoint, EndpointResult>> = {};
  const context = { server, appOrigin: started.origin, client, postgresPid: postgres.pid };
  for (const name of ENDPOINTS.filter((endpoint) => ONLY.includes(endpoint)))
    results[name] = await measureEndpoint(name, requests[name], context);
  const statements = PROFILE_DIR ? await topStatements(client) : undefined;
  await client.end();
  await server.ask({ kind: 'stop' });
  await server.exited;

  printTable(results);
  mkdirSync('bench/results', { recursive: true });
  if (statements) {
    writeFileSync('bench/results/api-statements.json', `${JSON.stringify(statements, null, 2)}\n`);
    log(`Statements by total time in bench/results/api-statements.json; the profile in ${PROFILE_DIR}`);
    return;
  }
  const result = {
    benchmark: 'the hot endpoints of the learner API, each against a bare route answering the same bytes',
    measuredAt: new Date().toISOString(),
    machine: machine(rows[0]?.server_version),
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      logLevel: started.logLevel,
      headers: BROWSER_HEADERS,
    },
    endpoints: results,
  };
  writeFileSync('bench/results/api.json', `${JSON.stringify(result, null, 2)}\n`);
  log(`Written to bench/results/api.json (${Math.round(performance.now() / 1000)} s in all).`);
}

await bundleChildren();
await withBenchDatabase('catamaran-bench-api-', 2, benchmark, PROFILE_DIR ? STATEMENTS_SETTINGS : undefined);
