// The reading benchmark's settings (from the environment; bench/reading/run.ts lists them) and the targets of
// issues 6 and 22.

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const READER_RUNS = Number(process.env.BENCH_READING_RUNS ?? 7);
export const TAPS_PER_RUN = 5;
export const HAS_API = process.env.BENCH_READING_API !== '0';
export const HAS_BROWSER = process.env.BENCH_READING_BROWSER !== '0';
export const HAS_BUILD = process.env.BENCH_READING_BUILD !== '0';
export const CPU_SLOWDOWN = Number(process.env.BENCH_READING_CPU_SLOWDOWN ?? 1);
export const TRACE_FILE = process.env.BENCH_READING_TRACE;
export const PROFILE_DIR = process.env.BENCH_READING_PROFILE;
/** Learners whose tokens the load cycles through: every 50th of the 10,000. */
export const SAMPLE_STRIDE = 50;
/** The learner signed in to the reader, without statuses (issue 6's figures). */
export const READER_LEARNER = 10;
/** The reader's learner with 5,000 known Spanish terms (issue 22), like the sampled learners. */
export const READER_KNOWING_LEARNER = 20;
/**
 * The learners of today's list (issue 22's baseline): the sampled learners' next ones (2, 52, …), who also
 * read Spanish but have no statuses, so their list carries no shares.
 */
export const FRESH_LEARNER_OFFSET = 1;
/** Rounds of today's list and the list with shares, in turn, for their ratio (each as long as a scenario). */
export const KNOWN_LIST_ROUNDS = Number(process.env.BENCH_READING_KNOWN_ROUNDS ?? 2);
/** Mark-known calls timed (each undone untimed), and as many reading-time reports beside them. */
export const MARK_KNOWN_SAMPLES = Number(process.env.BENCH_READING_MARK_SAMPLES ?? 200);

/** Issue 6's performance section. */
export const TARGETS = {
  connections: 50,
  listRequestsPerSecond: 300,
  listP99Ms: 50,
  filteredRequestsPerSecond: 1000,
  searchRequestsPerSecond: 1000,
  trackRequestsPerSecond: 2500,
  trackP99Ms: 20,
  goalRequestsPerSecond: 2500,
  goalP99Ms: 20,
  chapterWords: 10_000,
  chapterRenderMs: 150,
  tapToPanelMs: 100,
};

/** Issue 22's performance section (the list's p99 at 300 req/s and the render are issue 6's, with statuses). */
export const KNOWN_TARGETS = {
  knownTerms: 5_000,
  listShareOfTodaysList: 0.7,
  listWithSharesP99Ms: TARGETS.listP99Ms,
  listRequestsPerSecond: TARGETS.listRequestsPerSecond,
  markKnownNewTerms: 300,
  markKnownP99Ms: 200,
  chapterWithStatusesRenderMs: TARGETS.chapterRenderMs,
  chapterStatusesMin: 1_000,
};
