// The reading benchmark's settings (from the environment; bench/reading/run.ts lists them) and issue 6's targets.

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
/** The learner signed in to the reader. */
export const READER_LEARNER = 10;

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
