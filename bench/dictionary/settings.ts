// The dictionary benchmark's settings (from the environment; bench/dictionary/run.ts lists them), what it looks
// up, and the targets.
import { resolve } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { DEFAULT_ENTRIES } from './generate.ts';

export const ENTRIES = Number(process.env.BENCH_DICT_ENTRIES ?? DEFAULT_ENTRIES);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const WARMUP_S = 3;
export const OWN_DUMP = process.env.BENCH_DICT_DUMP;
export const HAS_STAGES = process.env.BENCH_DICT_STAGES !== '0';
/** Only steps 1 to 4: the import and its baseline, no lookups. */
export const IMPORT_ONLY = process.env.BENCH_DICT_IMPORT_ONLY === '1';
/** The import's line work on the import's own thread rather than on worker threads (a comparison). */
export const LINES_IN_THREAD = process.env.BENCH_DICT_LINES_IN_THREAD === '1';
const PROFILE_DIR = process.env.BENCH_DICT_PROFILE;
export const SOURCE = 'es';
export const TARGET = 'en';
export const LOOKUP_PATH = '/api/dict/lookup/';
export const LOOKUP_SURFACES = { lemmas: 30_000, inflected: 60_000, unknown: 10_000 };
/** Taps follow Zipf's law over the surfaces above (exponent 1, as word frequencies in text do). */
export const ZIPF_EXPONENT = 1;
export const ZIPF_REQUESTS = 400_000;
/** The app's default lookup cache (DICT_LOOKUP_CACHE_ENTRIES). */
export const CACHE_ENTRIES = loadConfig({}).lookupCacheEntries;

/** The performance section. */
export const TARGETS = {
  importShareOfBaseline: 0.6,
  importPeakRssMB: 200,
  lookupRequestsPerSecond: 5000,
  lookupP99Ms: 10,
  lookupConnections: 50,
  surfaceFormsLoaded: 1_000_000,
};

export const profileFlags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${resolve(PROFILE_DIR)}`] : [];
/**
 * Node flags for the import's child alone (BENCH_DICT_IMPORT_FLAGS, space-separated), e.g.
 * `--max-semi-space-size=64`, npm start's, to see what an import run inside the server takes (decision 099).
 */
export const importFlags = (process.env.BENCH_DICT_IMPORT_FLAGS ?? '').split(/\s+/).filter(Boolean);
