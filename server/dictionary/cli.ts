// `npm run dict:import -- --source es --target en dump.jsonl.gz`: imports a wiktextract dump from a local file
// into DATABASE_URL's database (or the embedded one in DATA_DIR), as the admin area's import does, with a
// progress bar. The language pair switches to the new dictionary only when the whole file is in.
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { languageCodes } from '#server/languages/service.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { openCommandLineDatabase } from '../db/command-line.ts';
import type { DumpCounts } from './importer.ts';
import { claimImport, createImport, executeImport } from './service.ts';

const USAGE = 'Usage: npm run dict:import -- --source <code> --target <code> <dump.jsonl[.gz]>';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readArguments(): { source: string; target: string; file: string } {
  let parsed: { values: { source?: string; target?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { source: { type: 'string' }, target: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const { source, target } = parsed.values;
  const [file, ...extra] = parsed.positionals;
  if (!source || !target || !file || extra.length > 0) fail(USAGE);
  return { source, target, file };
}

const { source, target, file } = readArguments();
if (source === target) fail('The source language must differ from the target language.');

let size: number;
try {
  size = statSync(file).size;
} catch {
  fail(`Cannot read ${file}.`);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

/** A one-line progress bar: how much of the file is read, entries per second, and the time left. */
function progressLine(counts: DumpCounts, startedAt: number): string {
  const fraction = size > 0 ? Math.min(1, counts.bytes / size) : 0;
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? counts.entries / seconds : 0;
  const left = fraction > 0.01 ? (seconds / fraction) * (1 - fraction) : undefined;
  const width = 24;
  const filled = Math.round(fraction * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return (
    `[${bar}] ${(fraction * 100).toFixed(1).padStart(5)} %  ${counts.entries.toLocaleString('en')} entries` +
    `  ${Math.round(rate).toLocaleString('en')}/s  ${left === undefined ? '' : `${formatDuration(left)} left`}` +
    `  ${counts.skipped.toLocaleString('en')} skipped`
  );
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

/** A refusal found once the database is open: said after it is closed again. */
class Refusal extends Error {}

const database = await openCommandLineDatabase(config);
const { db, pool } = openDatabase(database.url, { max: 4, onIdleError: () => undefined });
const stop = new AbortController();
process.once('SIGINT', () => stop.abort(new Error('Interrupted.')));
let exitCode = 0;
try {
  const known = await languageCodes(db);
  for (const code of [source, target]) {
    if (!known.has(code)) throw new Refusal(`There is no language with the code "${code}".`);
  }
  const created = await createImport(db, { source, target, fileName: basename(file), fileSize: size });
  const row = await claimImport(db, created.id);
  if (!row) throw new Refusal('The import could not start.');

  const startedAt = Date.now();
  const isTerminal = process.stderr.isTTY === true;
  let lastDrawn = 0;
  let latest: DumpCounts | undefined;
  const draw = (counts: DumpCounts) => {
    latest = counts;
    const now = Date.now();
    if (now - lastDrawn < (isTerminal ? 200 : 5000)) return;
    lastDrawn = now;
    const line = progressLine(counts, startedAt);
    process.stderr.write(isTerminal ? `\r${line}` : `${line}\n`);
  };
  const say = (_details: object, message: string) => process.stderr.write(`\n${message}\n`);
  const finished = await executeImport(
    { db, pool, limits: config.dictionaryLimits, log: { info: () => undefined, warn: say, error: say } },
    row,
    stop.signal,
    async () => createReadStream(file, { highWaterMark: 1024 * 1024 }),
    draw,
  );
  if (latest) {
    const line = progressLine(
      { ...latest, bytes: finished?.status === 'succeeded' ? size : latest.bytes },
      startedAt,
    );
    process.stderr.write(`${isTerminal ? '\r' : ''}${line}\n`);
  }
  if (finished?.status !== 'succeeded') throw new Refusal(finished?.error ?? 'The import did not finish.');
  const result = finished.result as DumpCounts;
  const seconds = (Date.now() - startedAt) / 1000;
  process.stdout.write(
    `Imported ${result.entries.toLocaleString('en')} ${source} entries (${result.forms.toLocaleString('en')} forms, ` +
      `${result.senses.toLocaleString('en')} senses) into the ${source}→${target} dictionary in ` +
      `${formatDuration(seconds)}; ${result.skipped.toLocaleString('en')} of ${result.lines.toLocaleString('en')} lines skipped.\n`,
  );
  for (const { line, reason } of result.skipped_lines) process.stdout.write(`  line ${line}: ${reason}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Refusal ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  await pool.end();
  await database.close();
}
process.exit(exitCode);
