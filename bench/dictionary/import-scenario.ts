// The import scenario, steps 1 to 4 of run.ts: the dump (generated and cached, or one of your own), the
// baseline run before the import and again after it, the diagnostic stages, and the import itself into the
// benchmark's database, with PostgreSQL's CPU time over it and what it loaded.
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChildRun } from '../child.ts';
import type { BenchDatabase } from '../database.ts';
import { postgresCpuSeconds } from '../measure.ts';
import { log } from '../stats.ts';
import type { BaselineInput, BaselineResult } from './baseline.ts';
import { runChild } from './child.ts';
import { GENERATOR_VERSION, generateDump } from './generate.ts';
import type { ImportInput, ImportResult } from './import.ts';
import {
  ENTRIES,
  HAS_STAGES,
  importFlags,
  LINES_IN_THREAD,
  OWN_DUMP,
  profileFlags,
  SOURCE,
  TARGET,
} from './settings.ts';
import type { StagesInput, StagesResult } from './stages.ts';

/** What is measured before the database starts: the dump, the first baseline run and the stages. */
export interface BeforeImport {
  dump: { path: string; generatedSeconds: number | null };
  dumpBytes: number;
  baseline: ChildRun<BaselineResult>;
  stages: ChildRun<StagesResult> | undefined;
}

/** What the import measured, with the baseline's second run. */
export interface ImportMeasured extends BeforeImport {
  postgresVersion: string | undefined;
  imported: ChildRun<ImportResult>;
  importPostgresCpuSeconds: number | null;
  baselineAgain: ChildRun<BaselineResult>;
  database: {
    formRows: number;
    distinctSurfaceKeys: number;
    entryRows: number;
    formsTableMB: number;
    entriesTableMB: number;
  };
}

/** The dump to import: BENCH_DICT_DUMP, or a generated one kept between runs (same size, same version). */
async function dumpFile(): Promise<BeforeImport['dump']> {
  if (OWN_DUMP) return { path: resolve(OWN_DUMP), generatedSeconds: null };
  const folder = join(tmpdir(), 'catamaran-bench-dictionary');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${SOURCE}-${ENTRIES}-v${GENERATOR_VERSION}.jsonl.gz`);
  if (existsSync(path)) {
    log(`Reusing ${path}`);
    return { path, generatedSeconds: null };
  }
  log(`Generating ${ENTRIES.toLocaleString('en')} entries into ${path}…`);
  const partial = `${path}.${process.pid}.partial`;
  const generated = await generateDump(partial, ENTRIES);
  renameSync(partial, path);
  return { path, generatedSeconds: Number(generated.seconds.toFixed(1)) };
}

async function runBaseline(file: string): Promise<ChildRun<BaselineResult>> {
  const run = await runChild<BaselineResult>('baseline', { file } satisfies BaselineInput);
  log(`  ${run.result.entries.toLocaleString('en')} entries in ${run.result.seconds.toFixed(1)} s`);
  return run;
}

/** The dump, the baseline's first run and the diagnostic stages (steps 1 to 3), before any database. */
export async function beforeImport(): Promise<BeforeImport> {
  const dump = await dumpFile();
  const dumpBytes = statSync(dump.path).size;
  log('Baseline: gunzip, split and JSON.parse in a child process…');
  // Run twice, before and after the import: this machine's speed drifts by up to ±10 % between runs, and
  // the import is compared with the mean of the two.
  const baseline = await runBaseline(dump.path);
  let stages: ChildRun<StagesResult> | undefined;
  if (HAS_STAGES) {
    log('Diagnostic: the importer’s reader, parser, mapper and COPY text, without a database…');
    stages = await runChild<StagesResult>(
      'stages',
      { file: dump.path, source: SOURCE } satisfies StagesInput,
      profileFlags,
    );
  }
  return { dump, dumpBytes, baseline, stages };
}

/** The import into the benchmark's database (step 4), then the baseline again and what was loaded. */
export async function measureImport(
  { databaseUrl, postgres, admin }: BenchDatabase,
  before: BeforeImport,
): Promise<ImportMeasured> {
  const postgresVersion = (await admin.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]
    ?.server_version;

  log(
    `Import: executeImport in a child process${importFlags.length > 0 ? ` (${importFlags.join(' ')})` : ''}…`,
  );
  const postgresCpuBeforeImport = postgresCpuSeconds(postgres.pid);
  const imported = await runChild<ImportResult>(
    'import',
    {
      databaseUrl,
      file: before.dump.path,
      fileSize: before.dumpBytes,
      expectedLines: before.baseline.result.entries,
      source: SOURCE,
      target: TARGET,
      linesOffThread: LINES_IN_THREAD ? false : undefined,
    } satisfies ImportInput,
    [...profileFlags, ...importFlags],
  );
  const postgresCpuAfterImport = postgresCpuSeconds(postgres.pid);
  const importPostgresCpuSeconds =
    postgresCpuBeforeImport === undefined || postgresCpuAfterImport === undefined
      ? null
      : Number((postgresCpuAfterImport - postgresCpuBeforeImport).toFixed(1));
  log(
    `  ${imported.result.counts.lines.toLocaleString('en')} lines in ${imported.result.seconds.toFixed(1)} s`,
  );

  log('Baseline again, after the import…');
  const baselineAgain = await runBaseline(before.dump.path);
  const database = await loadedRows(admin.pool, imported.result.importId);
  return { ...before, postgresVersion, imported, importPostgresCpuSeconds, baselineAgain, database };
}

/** What the import loaded: rows, distinct surface keys and the tables' sizes. */
async function loadedRows(pool: BenchDatabase['admin']['pool'], importId: number) {
  const loaded = (
    await pool.query<{
      form_rows: string;
      surface_keys: string;
      entry_rows: string;
      forms_mb: string;
      entries_mb: string;
    }>(
      `SELECT (SELECT count(*) FROM dictionary_forms WHERE import_id = $1) AS form_rows,
              (SELECT count(DISTINCT surface_key) FROM dictionary_forms WHERE import_id = $1) AS surface_keys,
              (SELECT count(*) FROM dictionary_entries WHERE import_id = $1) AS entry_rows,
              pg_total_relation_size('dictionary_forms_i' || $1) / 1048576 AS forms_mb,
              pg_total_relation_size('dictionary_entries_i' || $1) / 1048576 AS entries_mb`,
      [importId],
    )
  ).rows[0];
  return {
    formRows: Number(loaded?.form_rows),
    distinctSurfaceKeys: Number(loaded?.surface_keys),
    entryRows: Number(loaded?.entry_rows),
    formsTableMB: Number(loaded?.forms_mb),
    entriesTableMB: Number(loaded?.entries_mb),
  };
}
