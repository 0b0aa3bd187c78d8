// `npm run bench:reading`: the learner API's and the reader's performance targets (issues 6 and 22),
// measured in one run on this machine.
//
//   1. An embedded PostgreSQL started here, migrated and seeded, and a library generated into it in SQL
//      (data.ts): the demo dictionaries imported, 14 languages × 500 published stories × 10 chapters with their
//      terms (terms.ts; the Spanish chapters with a lexicon's words besides, lexicon.ts), 10,000 learners with
//      the chapters they read, a year of reading days, goals and saved words; the 200 sampled learners and the
//      reader's knowing learner with 5,000 known Spanish terms and a few hundred learning and ignored, and their
//      kept counts of every Spanish story (knowledge.ts, checked against the server's recount_story_known).
//      Nothing is kept between runs.
//   2. The API (api.ts): the app in a child process in production mode (serve.ts, bundled and run with plain
//      node as the site runs), loaded by autocannon from another child (load.ts) at 50 connections, each
//      request signed as one of the 200 sampled learners in turn and sending what a browser sends
//      (Accept-Encoding, X-Timezone): the whole Spanish list with the learner's progress and shares, the list
//      filtered, the list searched (accented words), POST /api/track-reading-time/ and GET /api/daily-goal/.
//      Each beside a baseline measured in the same run: a bare Fastify route answering a body of the same size,
//      compressed as the app compresses. CPU per request of the server process, PostgreSQL and the load
//      generator. Then issue 22's (known-api.ts): the list with shares against today's list (learners without
//      statuses) in turn, and a chapter's ~300 new terms marked known, one call at a time, each undone, beside
//      a reading-time report timed the same way.
//   3. The reader (reader.ts), in Chromium against the built app (npm run build, then dist/server/main.js over
//      the same database): a 10,000-word chapter's render, from the start of its markup to its paint, and a
//      word tap to the word panel's paint, from the performance marks of web/features/reader; the same chapter
//      for the knowing learner, its words marked with their statuses (issue 22); a 41-word chapter's render as
//      the baseline, and one traced load telling where the render's time goes. The same for an analysed
//      chapter (issue 21): 10,000 characters of Japanese stored with the words the server finds, in a
//      child-level story so furigana shows (<ruby> above every kanji run), its taps on inflected verbs and
//      adjectives; and the same chapter at the teen level, without readings, as the ruby's baseline.
//
// Prints the figures and writes bench/results/reading.json with the targets and a pass flag for each.
// Settings: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50), BENCH_READING_RUNS (page
// loads per chapter, 7), BENCH_READING_KNOWN_ROUNDS (rounds of the two lists, 2), BENCH_READING_MARK_SAMPLES
// (mark-known calls, 200), BENCH_READING_API=0 or BENCH_READING_BROWSER=0 (skip step 2 or 3),
// BENCH_READING_BUILD=0 (use dist/ as it is), BENCH_READING_CPU_SLOWDOWN (Chrome's CPU throttling, 1),
// BENCH_READING_TRACE=<file> (keep the traced load's trace), BENCH_READING_PROFILE=<dir> (a --cpu-prof of
// the API's server child).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { type BenchDatabase, signedInToken, withBenchDatabase } from '../database.ts';
import { log, machine, round1 } from '../stats.ts';
import { type ApiResult, BROWSER_HEADERS, measureApi } from './api.ts';
import { bundleChildren } from './child.ts';
import { type GeneratedLibrary, generateLibrary, LEARNERS, learnerUserId } from './data.ts';
import { japaneseTapLemmas } from './japanese.ts';
import { type KnownApiResult, measureKnownApi } from './known-api.ts';
import { knownPass, printKnown } from './known-report.ts';
import { measureReader } from './reader.ts';
import { printReader, type ReaderFigures, readerFigures, readerPass } from './reader-report.ts';
import { apiPass, printApiTargets, printData } from './report.ts';
import {
  CONNECTIONS,
  CPU_SLOWDOWN,
  DURATION_S,
  FRESH_LEARNER_OFFSET,
  HAS_API,
  HAS_BROWSER,
  HAS_BUILD,
  KNOWN_LIST_ROUNDS,
  KNOWN_TARGETS,
  MARK_KNOWN_SAMPLES,
  PROFILE_DIR,
  READER_KNOWING_LEARNER,
  READER_LEARNER,
  READER_RUNS,
  SAMPLE_STRIDE,
  TAPS_PER_RUN,
  TARGETS,
  TRACE_FILE,
  WARMUP_S,
} from './settings.ts';

/** The API's figures: issue 6's scenarios, and issue 22's list and mark-known. */
interface ApiPart {
  api: ApiResult;
  known: KnownApiResult;
}

/** What the run measures with: the library, the learners' tokens and the reader's learners. */
interface Prepared {
  library: GeneratedLibrary;
  postgresVersion: string | undefined;
  jwtSecret: string;
  /** The sampled learners, with 5,000 known Spanish terms each. */
  tokens: string[];
  /** Their next ones, without statuses: today's list. */
  freshTokens: string[];
  readerLearner: string;
  readerKnowingLearner: string;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The sampled learners' numbers: every SAMPLE_STRIDE-th of the 10,000, from the first. */
const SAMPLED = Array.from(
  { length: Math.ceil(LEARNERS / SAMPLE_STRIDE) },
  (_, index) => 1 + index * SAMPLE_STRIDE,
);

/** Generates the library into the database, and signs in the sampled learners. */
async function prepare({ databaseUrl, admin }: BenchDatabase): Promise<Prepared> {
  log('Generating the library, the learners and their reading…');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const library = await generateLibrary(client, {
    handle: admin,
    log,
    knowingLearners: [...SAMPLED, READER_KNOWING_LEARNER],
  });
  const { rows: versionRows } = await client.query<{ server_version: string }>('SHOW server_version');
  log(
    `  ${library.seconds} s: ${Object.entries(library.counts)
      .map(([name, count]) => `${count.toLocaleString('en')} ${name}`)
      .join(', ')}`,
  );

  // Tokens for a sample of learners, signed as the auth server signs them, each with a session of its own.
  const jwtSecret = randomBytes(48).toString('base64url');
  const signIn = async (number: number) =>
    signedInToken(admin.db, jwtSecret, await learnerUserId(client, number));
  const tokens: string[] = [];
  const freshTokens: string[] = [];
  for (const number of SAMPLED) {
    tokens.push(await signIn(number));
    freshTokens.push(await signIn(number + FRESH_LEARNER_OFFSET));
  }
  const readerLearner = await learnerUserId(client, READER_LEARNER);
  const readerKnowingLearner = await learnerUserId(client, READER_KNOWING_LEARNER);
  await client.end();
  await admin.pool.end();
  return {
    library,
    postgresVersion: versionRows[0]?.server_version,
    jwtSecret,
    tokens,
    freshTokens,
    readerLearner,
    readerKnowingLearner,
  };
}

/** The API under load (step 2), then issue 22's list and mark-known on the same app. */
async function measureApiPart(
  { databaseUrl, scratch, postgres }: BenchDatabase,
  prepared: Prepared,
): Promise<ApiPart> {
  const chapterIds = prepared.library.freeSpanishChapterIds;
  const { api, more } = await measureApi(
    {
      databaseUrl,
      jwtSecret: prepared.jwtSecret,
      dataDir: join(scratch, 'data'),
      postgresPid: postgres.pid,
      tokens: prepared.tokens,
      chapterIds,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      targetRates: {
        list: TARGETS.listRequestsPerSecond,
        track: TARGETS.trackRequestsPerSecond,
        goal: TARGETS.goalRequestsPerSecond,
      },
      ...(PROFILE_DIR ? { profileDir: PROFILE_DIR } : {}),
    },
    (app) =>
      measureKnownApi(app, {
        tokens: prepared.tokens,
        freshTokens: prepared.freshTokens,
        chapterIds,
        rounds: KNOWN_LIST_ROUNDS,
        targetRate: TARGETS.listRequestsPerSecond,
        samples: MARK_KNOWN_SAMPLES,
        databaseUrl,
      }),
  );
  return { api, known: more };
}

/** The reader in Chromium (step 3), against the app built first unless BENCH_READING_BUILD=0. */
async function measureReaderPart(
  { databaseUrl, scratch }: BenchDatabase,
  prepared: Prepared,
): Promise<ReaderFigures> {
  let buildSeconds: number | null = null;
  if (HAS_BUILD) {
    log('npm run build…');
    const buildStartedAt = performance.now();
    const built = spawnSync('npm', ['run', 'build'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
    buildSeconds = round1((performance.now() - buildStartedAt) / 1000);
  }
  log(
    `The reader in Chromium: ${READER_RUNS} loads of each chapter, ${TAPS_PER_RUN} taps in the long Spanish ` +
      'one and in the Japanese one with furigana…',
  );
  const { reader } = prepared.library;
  const measuredReader = await measureReader({
    databaseUrl,
    jwtSecret: prepared.jwtSecret,
    dataDir: join(scratch, 'built-app'),
    learnerUserId: prepared.readerLearner,
    knowingLearnerUserId: prepared.readerKnowingLearner,
    storyId: reader.storyId,
    longChapterId: reader.longChapterId,
    tinyChapterId: reader.tinyChapterId,
    japanese: {
      storyId: reader.japanese.storyId,
      chapterId: reader.japanese.chapterId,
      plainStoryId: reader.japanese.plainStoryId,
      plainChapterId: reader.japanese.plainChapterId,
      tapLemmas: await japaneseTapLemmas(),
    },
    runs: READER_RUNS,
    tapsPerRun: TAPS_PER_RUN,
    cpuSlowdown: CPU_SLOWDOWN,
    traceFile: TRACE_FILE ? resolve(TRACE_FILE) : join(scratch, 'reader-trace.json'),
    log,
  });
  return readerFigures(measuredReader, reader, buildSeconds);
}

/** What bench/results/reading.json holds. */
function resultOf(prepared: Prepared, api: ApiPart | null, reader: ReaderFigures | null) {
  const { library } = prepared;
  const pass = {
    ...(api ? apiPass(api.api) : {}),
    ...(reader ? readerPass(reader) : {}),
    ...knownPass(library.knowledge, api, reader),
  };
  return {
    benchmark: 'learner API and reader (issues 6 and 22)',
    measuredAt: new Date().toISOString(),
    /** The commit measured, and the app's files that differed from it at the start (others share the tree). */
    ...measuredCode,
    machine: {
      ...machine(prepared.postgresVersion),
      /** The machine is shared: what else ran shows here. */
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      sampledLearners: prepared.tokens.length,
      learnersWithoutStatuses: `the sampled learners' next ones (+${FRESH_LEARNER_OFFSET}): today's list`,
      knownListRounds: KNOWN_LIST_ROUNDS,
      markKnownSamples: MARK_KNOWN_SAMPLES,
      requestHeaders: BROWSER_HEADERS,
      server: 'production mode, bundled, plain node, DATABASE_POOL_MAX 10 (the default)',
      readerRuns: READER_RUNS,
      tapsPerRun: TAPS_PER_RUN,
    },
    targets: { ...TARGETS, issue22: KNOWN_TARGETS },
    data: {
      generatedSeconds: library.seconds,
      steps: library.steps,
      counts: library.counts,
      reader: library.reader,
      knowledge: library.knowledge,
    },
    api: api?.api ?? null,
    known: api?.known ?? null,
    reader,
    pass,
    runSeconds: Math.round((performance.now() - runStartedAt) / 1000),
  };
}

async function benchmark(database: BenchDatabase): Promise<void> {
  const prepared = await prepare(database);
  const api = HAS_API ? await measureApiPart(database, prepared) : null;
  const reader = HAS_BROWSER ? await measureReaderPart(database, prepared) : null;
  const result = resultOf(prepared, api, reader);
  printData(prepared.library);
  if (api) printApiTargets(api.api);
  if (reader) printReader(reader);
  printKnown(prepared.library.knowledge, api, reader);
  console.info(
    `The machine is shared: load average ${loadAverageAtStart} before the run, ${result.machine.loadAverageAtEnd} after.`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/reading.json', `${JSON.stringify(result, null, 2)}\n`);
  console.info(`Written to bench/results/reading.json (${result.runSeconds} s in all).`);
}

const runStartedAt = performance.now();
const measuredCode = {
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim(),
  uncommittedAppFiles: spawnSync('git', ['status', '--porcelain', 'server', 'common', 'web'], {
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean).length,
};
const loadAverageAtStart = loadAverage();
log(`${cpus().length} cores (${cpus()[0]?.model}), load average ${loadAverageAtStart} before the run`);
await bundleChildren();
await withBenchDatabase('catamaran-bench-reading-', 4, benchmark);
