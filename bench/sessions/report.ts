// What the session benchmark found: each scenario's runs summed up as medians per side, the share of the
// baseline's throughput the session check keeps (issue 20's target), the table the run ends with, and
// bench/results/sessions.json.
import { machine, median, pad, round1, yesNo } from '../stats.ts';
import type { Run, Scenario, Side } from './scenarios.ts';
import { CONNECTIONS, DURATION_S, LEARNERS, ROUNDS, TARGET_SHARE, WARMUP_S } from './settings.ts';

/** A side's figures: the median of its runs, figure by figure. */
function medians(runs: Run[]) {
  const of = (pick: (run: Run) => number | null) =>
    round1(median(runs.map(pick).filter((value): value is number => value !== null)));
  return {
    requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
    latencyP50Ms: of((run) => run.latencyP50Ms),
    latencyP99Ms: of((run) => run.latencyP99Ms),
    serverMicrosPerRequest: of((run) => run.cpu.serverMicrosPerRequest),
    postgresMicrosPerRequest: of((run) => run.cpu.postgresMicrosPerRequest),
    /** The server's and PostgreSQL's CPU a request together: steadier than requests per second on a shared machine. */
    serverAndPostgresMicrosPerRequest: of(
      (run) => (run.cpu.serverMicrosPerRequest ?? 0) + (run.cpu.postgresMicrosPerRequest ?? 0),
    ),
    queriesPerSecond: of((run) => run.queriesPerSecond),
    queriesPerThousandRequests: of((run) => run.queriesPerThousandRequests),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

export type ScenarioSummary = ReturnType<typeof summarize>;

/** A scenario's medians per side, the checked side's share of the baseline's, and every run. */
export function summarize(scenario: Scenario, runs: Run[]) {
  const side = (name: Side) => runs.filter((run) => run.side === name);
  const baseline = medians(side('baseline'));
  const checked = medians(side('checked'));
  const share = Number((checked.requestsPerSecond / baseline.requestsPerSecond).toFixed(3));
  // Each round's checked run against the baseline run just before it: how much the share moves.
  const roundShares = side('checked').map((run) => {
    const before = side('baseline').find((other) => other.round === run.round);
    return before ? Number((run.requestsPerSecond / before.requestsPerSecond).toFixed(3)) : null;
  });
  return {
    name: scenario.name,
    request: scenario.request,
    learners: scenario.learners,
    distinctRequests: scenario.requests.length,
    baseline,
    checked,
    shareOfBaseline: share,
    roundShares,
    /** The CPU a request the check adds, server and PostgreSQL together, as a share of the baseline's. */
    cpuAddedShare: Number(
      (checked.serverAndPostgresMicrosPerRequest / baseline.serverAndPostgresMicrosPerRequest - 1).toFixed(3),
    ),
    pass: share >= TARGET_SHARE,
    runs,
  };
}

/** The table, and a line per scenario with its share against the target. */
export function printSummaries(summaries: ScenarioSummary[]): void {
  const widths = [44, 8, 8, 8, 11, 8, 11, 11];
  console.info('');
  console.info(
    `Medians of ${ROUNDS} runs per side, ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s of warm-up:`,
  );
  console.info(pad(['', 'req/s', 'p50 ms', 'p99 ms', 'server µs', 'PG µs', 'queries/s', 'q/1k req'], widths));
  for (const summary of summaries) {
    console.info(`${summary.request}, ${summary.learners.toLocaleString('en')} learner(s)`);
    for (const [label, figures] of [
      ['  baseline (token only, checkSessions: false)', summary.baseline],
      ['  checked (as it ships)', summary.checked],
    ] as const) {
      console.info(
        pad(
          [
            label,
            figures.requestsPerSecond,
            figures.latencyP50Ms,
            figures.latencyP99Ms,
            figures.serverMicrosPerRequest,
            figures.postgresMicrosPerRequest,
            figures.queriesPerSecond,
            figures.queriesPerThousandRequests,
          ],
          widths,
        ),
      );
    }
  }
  console.info('');
  for (const summary of summaries) {
    console.info(
      `${summary.name} (${summary.learners.toLocaleString('en')} learner${summary.learners === 1 ? '' : 's'}): ` +
        `the session check keeps ${(summary.shareOfBaseline * 100).toFixed(1)} % of the baseline's throughput ` +
        `(target ≥ ${TARGET_SHARE * 100} %): ${yesNo(summary.pass)}; round by round ` +
        `${summary.roundShares.map((share) => (share === null ? '–' : `${(share * 100).toFixed(0)} %`)).join(', ')}; ` +
        `CPU a request (server + PostgreSQL) ${summary.baseline.serverAndPostgresMicrosPerRequest} → ` +
        `${summary.checked.serverAndPostgresMicrosPerRequest} µs (${summary.cpuAddedShare >= 0 ? '+' : ''}${(summary.cpuAddedShare * 100).toFixed(0)} %).`,
    );
  }
}

/** What bench/results/sessions.json holds. */
export function resultOf(
  summaries: ScenarioSummary[],
  context: {
    postgresVersion: string | undefined;
    loadAverageAtStart: string;
    loadAverageAtEnd: string;
    seedSeconds: number;
    endedSession: { baseline: number; checked: number };
    code: { commit: string; serverChanged: boolean };
    runSeconds: number;
  },
) {
  return {
    benchmark: 'the /api session check (issue 20) against the token alone',
    measuredAt: new Date().toISOString(),
    code: context.code,
    machine: {
      ...machine(context.postgresVersion),
      /** The machine is shared: what else ran shows here, and in each run's machineBusyShareAll. */
      loadAverageAtStart: context.loadAverageAtStart,
      loadAverageAtEnd: context.loadAverageAtEnd,
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      rounds: ROUNDS,
      order: 'per scenario: baseline, checked, baseline, checked…; each figure the median of its side',
      learners: LEARNERS,
      seedSeconds: context.seedSeconds,
      server:
        'production mode, bundled, plain node with npm start flags, one child process per side, DATABASE_POOL_MAX 10',
      baseline: 'buildApp(config, { checkSessions: false }): the token alone decides',
      checked: 'buildApp(config): the guard refuses the tokens of ended sessions (docs/decisions/065)',
      firstRequests:
        'before each run with many learners (both sides), one request per learner spread evenly over 5 s, so that a per-session cache asks again about them spread out, as in production',
      lookupNote:
        'no dictionary is imported, so the lookup answers "not found" from memory: the cheapest call, the most sensitive to the guard',
    },
    /** Sanity check before measuring: an ended session's token, as each side answered it. */
    endedSession: context.endedSession,
    targetShareOfBaseline: TARGET_SHARE,
    scenarios: Object.fromEntries(summaries.map((summary) => [summary.name, summary])),
    pass: Object.fromEntries(summaries.map((summary) => [summary.name, summary.pass])),
    runSeconds: context.runSeconds,
  };
}
