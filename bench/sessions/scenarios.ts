// What is loaded, and in which order: each scenario's requests (one per learner, cycled through by all the
// connections), then for each scenario the baseline and the app as it ships in turn (baseline, checked, baseline,
// checked…), each run after a warm-up of its own. Beside each run: the CPU each process spent a request
// (bench/measure.ts), how many queries the app sent, and how busy the whole machine was, since it is shared.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Measured, measuredLoad } from '../measure.ts';
import { log, round1 } from '../stats.ts';
import { runChild } from './child.ts';
import type { LoadFigures, LoadRequest } from './load.ts';
import { BROWSER_HEADERS, CONNECTIONS, DURATION_S, ONLY, ROUNDS, WARMUP_S, WORDS } from './settings.ts';

export const SIDES = ['baseline', 'checked'] as const;
export type Side = (typeof SIDES)[number];

export interface Scenario {
  name: string;
  request: string;
  learners: number;
  requests: LoadRequest[];
}

/** The scenarios: the three hot calls with every learner, and the lookup with one learner. */
export function scenarios(tokens: string[], hasOneLearner: boolean): Scenario[] {
  const signed = (path: (index: number) => string, count: number): LoadRequest[] =>
    Array.from({ length: count }, (_, index) => ({
      method: 'GET',
      path: path(index),
      headers: { authorization: `Bearer ${tokens[index % tokens.length]}` },
    }));
  const lookup = (index: number) =>
    `/api/dict/lookup/?language=es&surface=${encodeURIComponent(WORDS[index % WORDS.length] as string)}`;
  const many = tokens.length;
  const list: Scenario[] = [
    { name: 'lookup', request: 'GET /api/dict/lookup/?language=es&surface=…', learners: many, requests: [] },
    { name: 'subscription', request: 'GET /api/me/subscription/', learners: many, requests: [] },
    { name: 'dailyGoal', request: 'GET /api/daily-goal/?language=es', learners: many, requests: [] },
  ];
  const [lookupMany, subscription, goal] = list as [Scenario, Scenario, Scenario];
  lookupMany.requests = signed(lookup, many);
  subscription.requests = signed(() => '/api/me/subscription/', many);
  goal.requests = signed(() => '/api/daily-goal/?language=es', many);
  if (hasOneLearner) {
    list.push({
      name: 'lookupOneLearner',
      request: lookupMany.request,
      learners: 1,
      requests: signed(lookup, WORDS.length).map((request) => ({
        ...request,
        headers: { authorization: `Bearer ${tokens[0]}` },
      })),
    });
  }
  const only = ONLY;
  return only ? list.filter((scenario) => only.includes(scenario.name)) : list;
}

/** One load run of one side, with what the machine and PostgreSQL did meanwhile. */
export type Run = Measured & {
  side: Side;
  round: number;
  /** Queries the side's app sent over the warm-up and the run (the checked side's extra ones are the check's). */
  queries: number;
  queriesPerSecond: number;
  /** Queries a thousand requests (the warm-up's and the run's). */
  queriesPerThousandRequests: number;
  /** The whole machine's busy share over the warm-up and the run (/proc/stat), other people's work included. */
  machineBusyShareAll: number | null;
  loadAverageBefore: number;
};

/** Busy and total CPU ticks of the whole machine so far, from /proc/stat (undefined elsewhere). */
async function machineTicks(): Promise<{ busy: number; total: number } | undefined> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => undefined);
  const line = stat?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return undefined;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle and iowait
  return { busy: total - idle, total };
}

export interface Sides {
  origins: Record<Side, string>;
  serverCpuSeconds: Record<Side, () => Promise<number>>;
  /** The queries each side's app has sent so far (serve.ts counts them). */
  queries: Record<Side, () => Promise<number>>;
  postgresPid: number;
}

/** Over how long the learners' first requests are spread before a run with many learners. */
const SPREAD_MS = 5_000;

/**
 * Each learner's first request, spread evenly over SPREAD_MS, before each warm-up with many learners.
 * Learners start at any time, so in production a check that asks again about each session every few seconds
 * (as the first design did: fresh 5 s, served stale up to 9 s) asks about them spread out; the warm-up alone
 * would have it ask about all of them within a few milliseconds and again together every 5 s, 2,000 queries
 * at once. Between its runs such a check's answers grow stale, so this is done before each of them, on both
 * sides alike, so that nothing but the check tells them apart.
 */
async function spreadFirstChecks(origin: string, requests: LoadRequest[]): Promise<void> {
  const interval = SPREAD_MS / requests.length;
  const startedAt = performance.now();
  const answers: Promise<number>[] = [];
  for (const [index, request] of requests.entries()) {
    const wait = startedAt + index * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const headers = { ...BROWSER_HEADERS, ...request.headers };
    answers.push(
      fetch(origin + request.path, { headers }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    );
  }
  const failed = (await Promise.all(answers)).filter((status) => status !== 200).length;
  if (failed > 0) throw new Error(`${failed} of the spread first requests did not answer 200.`);
}

/** One side loaded with a scenario's requests (a warm-up, then the measured run). */
async function loadSide(scenario: Scenario, side: Side, round: number, sides: Sides): Promise<Run> {
  if (scenario.learners > 1) await spreadFirstChecks(sides.origins[side], scenario.requests);
  const loadAverageBefore = Number((loadavg()[0] ?? 0).toFixed(2));
  const queriesBefore = await sides.queries[side]();
  const ticksBefore = await machineTicks();
  const startedAt = performance.now();
  const figures = await measuredLoad(
    {
      origin: sides.origins[side],
      requests: scenario.requests,
      headers: BROWSER_HEADERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
    },
    {
      runLoad: async (input) => (await runChild<LoadFigures>('load', input)).result,
      serverCpuSeconds: sides.serverCpuSeconds[side],
      postgresPid: sides.postgresPid,
    },
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const ticksAfter = await machineTicks();
  const queries = (await sides.queries[side]()) - queriesBefore;
  const machineBusyShareAll =
    ticksBefore && ticksAfter
      ? Number(((ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total)).toFixed(2))
      : null;
  return {
    side,
    round,
    ...figures,
    queries,
    queriesPerSecond: Math.round(queries / seconds),
    queriesPerThousandRequests: round1((queries * 1000) / figures.allRequests),
    machineBusyShareAll,
    loadAverageBefore,
  };
}

/** A scenario's runs: baseline then checked, ROUNDS times. */
export async function measureScenario(scenario: Scenario, sides: Sides): Promise<Run[]> {
  log(
    `${scenario.request}, ${scenario.learners.toLocaleString('en')} learner${scenario.learners === 1 ? '' : 's'}: ` +
      `${ROUNDS} rounds of baseline then checked, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s of warm-up…`,
  );
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const side of SIDES) {
      const run = await loadSide(scenario, side, round, sides);
      runs.push(run);
      log(
        `  ${side.padEnd(8)} ${String(run.requestsPerSecond).padStart(6)} req/s, p50 ${run.latencyP50Ms} ms, ` +
          `p99 ${run.latencyP99Ms} ms, server ${run.cpu.serverMicrosPerRequest} µs a request, ` +
          `${run.queriesPerSecond} queries/s, machine ${Math.round((run.machineBusyShareAll ?? 0) * 100)} % busy` +
          `${run.errors + run.non2xx > 0 ? `, ${run.errors} errors, ${run.non2xx} non-2xx` : ''}`,
      );
    }
  }
  return runs;
}
