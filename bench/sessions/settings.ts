// The session benchmark's settings (from the environment; bench/sessions/run.ts lists them) and issue 20's target.
import { resolve } from 'node:path';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 7);
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds of (baseline, checked) per scenario; each figure is the median of its side's rounds. */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
/** Signed-in learners, one session each, whose tokens the load cycles through. */
export const LEARNERS = Math.max(1, Number(process.env.BENCH_SESSIONS_LEARNERS ?? 2000));
export const HAS_ONE_LEARNER = process.env.BENCH_SESSIONS_ONE_LEARNER !== '0';
/** Only these scenarios (comma-separated names: lookup, subscription, dailyGoal, lookupOneLearner), if set. */
export const ONLY = process.env.BENCH_SESSIONS_ONLY?.split(',').map((name) => name.trim());
const PROFILE_DIR = process.env.BENCH_SESSIONS_PROFILE;
export const profileFlags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${resolve(PROFILE_DIR)}`] : [];

/** What a browser sends with a fetch of the app (web/lib/api.ts adds X-Timezone). */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'x-timezone': 'Europe/Madrid',
};

/** Words a Spanish learner taps; with no dictionary imported each is answered "not found" from memory. */
export const WORDS = (
  'casa perro hablaba mañana ciudad niños tenía después corazón mujer ' +
  'caminamos ventana árbol quería pequeño noche dijo agua libros pensaba'
).split(' ');

/** Issue 20: with the session checked, the hot endpoints keep at least this share of today's throughput. */
export const TARGET_SHARE = 0.9;
