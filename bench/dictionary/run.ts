// `npm run bench:dictionary`: the dictionary's performance contract, measured in one run on this machine.
//
//   1. A generated Spanish wiktextract dump (generate.ts; BENCH_DICT_ENTRIES entries, 500,000 by default),
//      cached under the system's temporary folder by size and generator version.
//   2. The baseline, in a child process: gunzip, split and JSON.parse of the same file, nothing else; run
//      again after the import, and the import compared with the mean of the two runs.
//   3. A diagnostic child: the importer's reader, parser, mapper and COPY text, each stage timed, no database.
//   4. The import, in a child process: executeImport into an embedded PostgreSQL started here, migrated and
//      seeded, reading the file from disk; entries per second over the whole wall time and per phase, its CPU
//      time and PostgreSQL's, and its RSS as it goes.
//   5. The lookup: the real app over that database, GET /api/dict/lookup/ signed in, requests drawn by Zipf's
//      law from 100,000 surfaces (lemmas, inflections, capitalised or punctuated taps, ~10 % unknown words),
//      against a bare Fastify route answering a body of the same size, both loaded by autocannon from a child
//      process; then the bare route and the app again at a steady 5,000 requests per second (bench/load.ts's
//      own open-loop client: autocannon's overallRate sends per-second bursts), and lookup() behind a bare
//      route (no token check, no app plugins) to tell the database's cost from the app's. CPU per request for
//      each process.
//
// Steps 1 to 4 are import-scenario.ts, step 5 lookup-scenario.ts (its requests: surfaces.ts). The children run
// bundled by esbuild with plain node, as production runs (child.ts): the import, the load generator, and the
// servers it loads (serve.ts), each charged with its own CPU time.
//
// Prints the figures and writes bench/results/dictionary.json with the targets and a pass flag for each
// (report.ts).
// Settings: BENCH_DICT_ENTRIES, BENCH_DURATION (s, 10), BENCH_CONNECTIONS (50), BENCH_DICT_DUMP (a dump of
// your own instead of the generated one), BENCH_DICT_STAGES=0 (skip step 3), BENCH_DICT_IMPORT_ONLY=1 (skip
// step 5: the import's figures alone, in a minute), BENCH_DICT_PROFILE=<dir> (a --cpu-prof of the import,
// stage and server children there), BENCH_DICT_IMPORT_FLAGS (node flags for the import's child alone, e.g.
// `--max-semi-space-size=64` as npm start runs the server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { type BenchDatabase, withBenchDatabase } from '../database.ts';
import { bundleChildren } from './child.ts';
import { type BeforeImport, beforeImport, measureImport } from './import-scenario.ts';
import { measureLookup } from './lookup-scenario.ts';
import { printImport, printLookup, resultOf } from './report.ts';
import { IMPORT_ONLY } from './settings.ts';

/** Steps 4 and 5, in the benchmark's database; then the figures, printed and written. */
async function benchmark(database: BenchDatabase, before: BeforeImport): Promise<void> {
  const imported = await measureImport(database, before);
  const lookup = IMPORT_ONLY
    ? undefined
    : await measureLookup(database, {
        importId: imported.imported.result.importId,
        formRows: imported.database.formRows,
      });
  const result = resultOf(imported, lookup, runStartedAt);
  printImport(result, imported);
  if (lookup) printLookup(result, lookup);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/dictionary.json', `${JSON.stringify(result, null, 2)}\n`);
  console.info(`Written to bench/results/dictionary.json (${result.runSeconds} s in all).`);
}

const runStartedAt = performance.now();
await bundleChildren();
const before = await beforeImport();
await withBenchDatabase('catamaran-bench-', 2, (database) => benchmark(database, before));
