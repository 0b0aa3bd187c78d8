// `npm run bench:sessions`: what the /api guard's session check (issue 20, docs/decisions/065) costs the hot
// authenticated calls, measured in one run on this machine against the same app without it.
//
//   1. An embedded PostgreSQL started here, migrated and seeded with the languages; BENCH_SESSIONS_LEARNERS
//      learners (2,000 by default) signed in, one session and access token each (learners.ts).
//   2. Two servers, each in a child process of its own, bundled and run with plain node in production mode
//      (serve.ts): the app as it ships, whose guard refuses the tokens of ended sessions (today from a feed of
//      ended sessions each server reads every 2 s), and the baseline, the same app built with
//      `checkSessions: false` (the guard before issue 20: the token alone). Before anything is measured, a
//      token whose session was deleted must be refused by the first and let through by the other.
//   3. Each scenario (scenarios.ts) loaded flat out from a load child (bench/load.ts, autocannon) at 50
//      connections, requests cycling over every learner's token, so that a check that keeps an answer per
//      session (as the first design did: asked again every 5–9 s) holds all 2,000 and asks again about each
//      as it would in production (before each run the learners' first requests are spread over 5 s,
//      so that those questions are spread too rather than 2,000 at once):
//      GET /api/dict/lookup/?language=es&surface=… (the busiest call; with no dictionary imported it answers
//      from memory at once, which makes it the most sensitive to the guard's cost), GET /api/me/subscription/
//      and GET /api/daily-goal/?language=es (a query each); then the lookup again with a single learner (one
//      session: a cache's best case). Baseline, checked, baseline, checked…, each run after a warm-up of its
//      own; each figure is the median of its side's runs, since this shared 2-core machine moves by a quarter
//      between runs.
//
// Prints the table and, per scenario, the share of the baseline's throughput the check keeps (target ≥ 90 %)
// and the CPU a request it adds (server and PostgreSQL: steadier than throughput on a shared machine), and
// writes bench/results/sessions.json with every run, the queries each app sent (the checked side's extra ones
// are the check's), the commit measured, the machine and its load. About 3.5–4 minutes with the defaults.
// Settings: BENCH_DURATION (s, 7), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2),
// BENCH_SESSIONS_LEARNERS (2000), BENCH_SESSIONS_ONE_LEARNER=0 (skip the one-learner lookup),
// BENCH_SESSIONS_ONLY=lookup,subscription,dailyGoal,lookupOneLearner (only those scenarios),
// BENCH_SESSIONS_PROFILE=<dir> (a --cpu-prof of both server children there). BENCH_DURATION=3 BENCH_WARMUP=1
// BENCH_ROUNDS=1 makes it a one-minute smoke run.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { productionNodeFlags } from '../child.ts';
import { type BenchDatabase, withBenchDatabase } from '../database.ts';
import { log } from '../stats.ts';
import { bundleChildren, startChild } from './child.ts';
import { checkSides, signInLearners } from './learners.ts';
import { printSummaries, resultOf, summarize } from './report.ts';
import { measureScenario, type Side, type Sides, scenarios } from './scenarios.ts';
import type { ServeReply, ServeRequest } from './serve.ts';
import { HAS_ONE_LEARNER, LEARNERS, profileFlags } from './settings.ts';

/** The commit measured, and whether server/ differed from it (other work in progress is measured too). */
function measuredCode() {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
  return {
    commit: git('rev-parse', 'HEAD'),
    serverChanged: git('status', '--porcelain', '--', 'server', 'common') !== '',
  };
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Starts one side's server child; answers its origin, its CPU time and how to stop it. */
async function startSide(side: Side, input: { databaseUrl: string; jwtSecret: string; dataDir: string }) {
  const child = startChild<ServeRequest, ServeReply>('serve', [...productionNodeFlags(), ...profileFlags], {
    NODE_ENV: 'production',
  });
  const started = await child.expect(
    {
      kind: 'start',
      input: { ...input, dataDir: join(input.dataDir, side), checkSessions: side === 'checked' },
    },
    'started',
  );
  return {
    origin: started.origin,
    cpuSeconds: async () => (await child.expect({ kind: 'cpu' }, 'cpu')).seconds,
    queries: async () => (await child.expect({ kind: 'queries' }, 'queries')).count,
    async stop() {
      await child.ask({ kind: 'stop' });
      await child.exited;
    },
  };
}

async function benchmark({ databaseUrl, admin, scratch, postgres }: BenchDatabase): Promise<void> {
  const jwtSecret = randomBytes(48).toString('base64url');
  log(`Signing in ${LEARNERS.toLocaleString('en')} learners, a session each…`);
  const learners = await signInLearners(admin.db, jwtSecret, LEARNERS, 4);
  const { rows } = await admin.pool.query<{ server_version: string }>('SHOW server_version');
  await admin.pool.end();
  log(`  ${learners.seconds} s`);

  const input = { databaseUrl, jwtSecret, dataDir: join(scratch, 'data') };
  const baseline = await startSide('baseline', input);
  const checked = await startSide('checked', input);
  const sides: Sides = {
    origins: { baseline: baseline.origin, checked: checked.origin },
    serverCpuSeconds: { baseline: baseline.cpuSeconds, checked: checked.cpuSeconds },
    queries: { baseline: baseline.queries, checked: checked.queries },
    postgresPid: postgres.pid,
  };
  const list = scenarios(learners.tokens, HAS_ONE_LEARNER);
  const { endedSession } = await checkSides(
    sides.origins,
    list.map((scenario) => scenario.requests[0]?.path ?? '/'),
    learners,
  );
  log('An ended session: refused by the app as it ships (401), let through by the baseline (200).');

  const summaries = [];
  for (const scenario of list) summaries.push(summarize(scenario, await measureScenario(scenario, sides)));
  await baseline.stop();
  await checked.stop();

  printSummaries(summaries);
  const result = resultOf(summaries, {
    postgresVersion: rows[0]?.server_version,
    loadAverageAtStart,
    loadAverageAtEnd: loadAverage(),
    seedSeconds: learners.seconds,
    endedSession,
    code: measuredCode(),
    runSeconds: Math.round((performance.now() - runStartedAt) / 1000),
  });
  console.info(
    `The machine is shared: load average ${loadAverageAtStart} before the run, ${result.machine.loadAverageAtEnd} after.`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/sessions.json', `${JSON.stringify(result, null, 2)}\n`);
  console.info(`Written to bench/results/sessions.json (${result.runSeconds} s in all).`);
}

const runStartedAt = performance.now();
const loadAverageAtStart = loadAverage();
log(`${cpus().length} cores (${cpus()[0]?.model}), load average ${loadAverageAtStart} before the run`);
await bundleChildren();
await withBenchDatabase('catamaran-bench-sessions-', 4, benchmark);
