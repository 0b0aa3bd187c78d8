// The learner API under load: the app in a child process (serve.ts), the load generator in another (load.ts:
// bench/load.ts, as fast as 50 connections go, then steadily at the target rate), each scenario's requests
// signed as the sampled learners in turn and sending what a browser sends; each beside a bare Fastify route
// answering the scenario's median body, compressed as the app compresses. CPU per request of the server
// process, PostgreSQL and the load generator, as bench/dictionary measures them.
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import pg from 'pg';
import { productionNodeFlags } from '../child.ts';
import { fetchRaw as fetchAnswer } from '../fetch.ts';
import { type Measured, measuredLoad } from '../measure.ts';
import { log, median } from '../stats.ts';
import { runChild, startChild } from './child.ts';
import type { LoadFigures, LoadRequest } from './load.ts';
import type { ServeReply, ServeRequest } from './serve.ts';
import { SPANISH_FILTERS, SPANISH_SEARCHES } from './texts.ts';

/** What Chrome sends with a fetch of the app (web/lib/api.ts adds X-Timezone). */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'x-timezone': 'Europe/Madrid',
};

export const SCENARIOS = ['list', 'filtered', 'search', 'track', 'goal'] as const;
export type Scenario = (typeof SCENARIOS)[number];

const SCENARIO_REQUESTS: Record<Scenario, string> = {
  list: 'GET /api/stories/?language=es',
  filtered: `GET /api/stories/?language=es&{${SPANISH_FILTERS.length} filter sets in turn}`,
  search: `GET /api/stories/?language=es&search={${SPANISH_SEARCHES.length} searches in turn}`,
  track: 'POST /api/track-reading-time/ {chapter_id, seconds: 30}',
  goal: 'GET /api/daily-goal/?language=es',
};

export interface ApiInput {
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
  postgresPid: number;
  /** Access tokens of the sampled learners. */
  tokens: string[];
  /** Chapters of free published Spanish stories, for the reading-time reports (the learners have no Pro). */
  chapterIds: number[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** A folder for a --cpu-prof of the server child. */
  profileDir?: string;
  /**
   * Rates to offer the app once more, for the scenarios whose latency target holds at a rate: at full speed
   * 50 connections always wait in line (mean latency = connections ÷ throughput), so a p99 target is read
   * at the target's own rate, as bench/dictionary reads the lookup's.
   */
  targetRates: Partial<Record<Scenario, number>>;
}

export interface ScenarioResult {
  request: string;
  responseBytesMedian: number;
  wireBytesMedian: number;
  contentEncoding: string;
  /** For the lists: how many stories the checked answers held, and how many the learner had begun. */
  answers: Record<string, number> | null;
  /** Compressing the median body once, in this process: what every answer of the scenario costs on top. */
  compressionMs: { brotliQuality4: number; brotliQuality1: number; gzip: number } | null;
  baseline: Measured & { what: string };
  catamaran: Measured;
  /** The app again, offered the target's rate. */
  catamaranAtTargetRate: (Measured & { offeredRequestsPerSecond: number }) | null;
  shareOfBaseline: number;
  /** The full list only: the baseline once more, answering the same JSON uncompressed. */
  baselineUncompressed?: Measured & { what: string };
}

export type ApiResult = Record<Scenario, ScenarioResult>;

/** One request as the wire carries it: status, the raw (compressed) size, its encoding and the decoded text. */
export async function fetchRaw(
  origin: string,
  sent: LoadRequest,
): Promise<{ status: number; encoding: string; wireBytes: number; body: string }> {
  const answer = await fetchAnswer(origin, sent, BROWSER_HEADERS);
  return {
    status: answer.status,
    encoding: answer.encoding,
    wireBytes: answer.raw.length,
    body: answer.body,
  };
}

/** The requests of each scenario, one per sampled learner, cycled through by the load. */
function scenarioRequests(tokens: string[], chapterIds: number[]): Record<Scenario, LoadRequest[]> {
  const auth = (index: number) => ({ authorization: `Bearer ${tokens[index] ?? ''}` });
  const get = (path: string, index: number): LoadRequest => ({ method: 'GET', path, headers: auth(index) });
  const each = <T>(make: (index: number) => T) => tokens.map((_, index) => make(index));
  return {
    list: each((i) => get('/api/stories/?language=es', i)),
    filtered: each((i) => get(`/api/stories/?language=es&${SPANISH_FILTERS[i % SPANISH_FILTERS.length]}`, i)),
    search: each((i) =>
      get(
        `/api/stories/?${new URLSearchParams({ language: 'es', search: SPANISH_SEARCHES[i % SPANISH_SEARCHES.length] ?? '' })}`,
        i,
      ),
    ),
    track: each((i) => ({
      method: 'POST',
      path: '/api/track-reading-time/',
      headers: { ...auth(i), 'content-type': 'application/json' },
      body: JSON.stringify({ chapter_id: chapterIds[(i * 7) % chapterIds.length], seconds: 30 }),
    })),
    goal: each((i) => get('/api/daily-goal/?language=es', i)),
  };
}

/** Milliseconds to compress `body` once, the mean of a few runs: brotli as @fastify/compress sets it, and others. */
function compressionCost(body: string): ScenarioResult['compressionMs'] {
  const input = Buffer.from(body);
  const time = (compress: () => Buffer) => {
    compress();
    const runs = 20;
    const startedAt = performance.now();
    for (let run = 0; run < runs; run++) compress();
    return Number(((performance.now() - startedAt) / runs).toFixed(2));
  };
  const brotli = (quality: number) => () =>
    brotliCompressSync(input, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: quality,
      },
    });
  return {
    brotliQuality4: time(brotli(4)),
    brotliQuality1: time(brotli(1)),
    gzip: time(() => gzipSync(input)),
  };
}

/** The servers' child, started: the app's origin, the child's CPU time, and bare routes on request. */
interface Servers {
  appOrigin: string;
  serverCpuSecondsNow(): Promise<number>;
  bare(method: 'GET' | 'POST', body: string, isCompressed: boolean): Promise<string>;
  stop(): Promise<void>;
}

async function startServers(input: ApiInput): Promise<Servers> {
  const servers = startChild<ServeRequest, ServeReply>(
    'serve',
    [
      ...productionNodeFlags(),
      ...(input.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(input.profileDir)}`] : []),
    ],
    { NODE_ENV: 'production' },
  );
  const started = await servers.expect(
    {
      kind: 'start',
      input: {
        databaseUrl: input.databaseUrl,
        jwtSecret: input.jwtSecret,
        dataDir: join(input.dataDir, 'app'),
      },
    },
    'started',
  );
  return {
    appOrigin: started.origin,
    serverCpuSecondsNow: async () => (await servers.expect({ kind: 'cpu' }, 'cpu')).seconds,
    bare: async (method, body, isCompressed) =>
      (await servers.expect({ kind: 'bare', input: { method, body, isCompressed } }, 'bare')).origin,
    async stop() {
      await servers.ask({ kind: 'stop' });
      await servers.exited;
    },
  };
}

/** For the lists: how many stories the checked answers held, and how many the learner had begun. */
function listAnswers(checked: { body: string }[]): ScenarioResult['answers'] {
  type Listed = { user_progress: { completion_percentage: number; words_read: number } };
  const lists = checked.map((check) => JSON.parse(check.body) as Listed[]);
  const begun = lists.map(
    (list) =>
      list.filter(
        (story) => story.user_progress.words_read > 0 || story.user_progress.completion_percentage > 0,
      ).length,
  );
  return {
    storiesMedian: median(lists.map((list) => list.length)),
    storiesMin: Math.min(...lists.map((list) => list.length)),
    storiesMax: Math.max(...lists.map((list) => list.length)),
    learnersWithBegunStories: begun.filter((count) => count > 0).length,
    learnersChecked: lists.length,
    begunStoriesMax: Math.max(...begun),
  };
}

/**
 * What the scenario answers, learner by learner: all 2xx, how large, how compressed. The median body is what
 * the baseline answers.
 */
async function checkScenario(scenario: Scenario, requests: LoadRequest[], appOrigin: string) {
  const checked = [];
  for (const sent of requests) checked.push(await fetchRaw(appOrigin, sent));
  const failed = checked.filter((check) => check.status >= 300);
  if (failed.length > 0) {
    throw new Error(
      `${scenario}: ${failed.length} answers were not 2xx, e.g. ${failed[0]?.status} ${failed[0]?.body}`,
    );
  }
  const bySize = [...checked].sort((a, b) => Buffer.byteLength(a.body) - Buffer.byteLength(b.body));
  const middle = bySize[Math.floor(bySize.length / 2)];
  if (!middle) throw new Error(`${scenario}: no answer`);
  const isList = scenario === 'list' || scenario === 'filtered' || scenario === 'search';
  return { middle, isList, answers: isList ? listAnswers(checked) : null };
}

/**
 * Each scenario starts from a settled database: the tens of thousands of rows one that writes updated would
 * otherwise be vacuumed, and their pages written by a checkpoint, during the next one's measurement.
 */
async function settleAfterWrites(databaseUrl: string): Promise<void> {
  log('  vacuum and checkpoint after its writes…');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('VACUUM (ANALYZE) reading_days');
  await client.query('CHECKPOINT');
  await client.end();
}

export type Load = (origin: string, requests: LoadRequest[], overallRate?: number) => Promise<Measured>;

/** The app as the scenarios left it, for more measurements before it stops (issue 22's, known-api.ts). */
export interface AppUnderLoad {
  origin: string;
  load: Load;
}

/** One scenario: its answers checked, its baseline, the app, the app at the target's rate if it has one. */
async function measureScenario(
  scenario: Scenario,
  requests: LoadRequest[],
  input: ApiInput,
  servers: Servers,
  load: Load,
): Promise<ScenarioResult> {
  const { appOrigin } = servers;
  const { middle, isList, answers } = await checkScenario(scenario, requests, appOrigin);
  const bytes = Buffer.byteLength(middle.body);
  log(
    `${scenario}: ${bytes.toLocaleString('en')} bytes (median answer), ${middle.wireBytes.toLocaleString('en')} ` +
      `sent (${middle.encoding})${answers ? ` ${JSON.stringify(answers)}` : ''}; baseline then app, ` +
      `${input.connections} connections, ${input.durationSeconds} s after ${input.warmupSeconds} s of warm-up…`,
  );
  const method = requests[0]?.method ?? 'GET';
  const baseline = await load(await servers.bare(method, middle.body, true), requests);
  const catamaran = await load(appOrigin, requests);
  log(
    `  ${catamaran.requestsPerSecond} req/s, p99 ${catamaran.latencyP99Ms} ms ` +
      `(baseline ${baseline.requestsPerSecond} req/s, p99 ${baseline.latencyP99Ms} ms)`,
  );
  const rate = input.targetRates[scenario];
  let atRate: ScenarioResult['catamaranAtTargetRate'] = null;
  if (rate) {
    log(`  the app again at ${rate} requests per second offered…`);
    atRate = { offeredRequestsPerSecond: rate, ...(await load(appOrigin, requests, rate)) };
    log(`  ${atRate.requestsPerSecond} req/s, p99 ${atRate.latencyP99Ms} ms`);
  }
  const result: ScenarioResult = {
    request: SCENARIO_REQUESTS[scenario],
    responseBytesMedian: bytes,
    wireBytesMedian: middle.wireBytes,
    contentEncoding: middle.encoding,
    answers,
    compressionMs: isList ? compressionCost(middle.body) : null,
    baseline: {
      what: 'a bare Fastify route answering the median body, with @fastify/compress registered as the app does',
      ...baseline,
    },
    catamaran,
    catamaranAtTargetRate: atRate,
    shareOfBaseline: Number((catamaran.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)),
  };
  if (method === 'POST') await settleAfterWrites(input.databaseUrl);
  if (scenario === 'list') {
    log('  and the baseline once more, answering the same JSON uncompressed…');
    result.baselineUncompressed = {
      what: 'a bare Fastify route answering the median body uncompressed',
      ...(await load(await servers.bare(method, middle.body, false), requests)),
    };
  }
  return result;
}

/** Loads each scenario, its baseline first, and answers the figures; then what `more` measures on the app. */
export async function measureApi<T>(
  input: ApiInput,
  more: (app: AppUnderLoad) => Promise<T>,
): Promise<{ api: ApiResult; more: T }> {
  const scenarios = scenarioRequests(input.tokens, input.chapterIds);
  const servers = await startServers(input);
  const load: Load = (origin, requests, overallRate) =>
    measuredLoad(
      {
        origin,
        requests,
        headers: BROWSER_HEADERS,
        connections: input.connections,
        durationSeconds: input.durationSeconds,
        warmupSeconds: input.warmupSeconds,
        ...(overallRate ? { overallRate } : {}),
      },
      {
        runLoad: async (loadInput) => (await runChild<LoadFigures>('load', loadInput)).result,
        serverCpuSeconds: servers.serverCpuSecondsNow,
        postgresPid: input.postgresPid,
      },
    );
  const result = {} as ApiResult;
  for (const scenario of SCENARIOS) {
    result[scenario] = await measureScenario(scenario, scenarios[scenario], input, servers, load);
  }
  const measured = await more({ origin: servers.appOrigin, load });
  await servers.stop();
  return { api: result, more: measured };
}
