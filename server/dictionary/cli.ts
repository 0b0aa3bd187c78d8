// `npm run dict:import -- --source es --target en dump.jsonl.gz`: imports a wiktextract dump from a local file
// into DATABASE_URL's database (or the embedded one in DATA_DIR), as the admin area's import does, with a
// progress bar. The language pair switches to the new dictionary only when the whole file is in; then the
// chapters of the language get their terms from it (issue 22).
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import { formatCount, plural } from '#common/plural.ts';
import { type Command, CommandFailure, commandConfig, runAsProcess } from '#server/command.ts';
import { openDatabase } from '#server/db/client.ts';
import { openCommandLineDatabase } from '#server/db/command-line.ts';
import { languageCodes } from '#server/languages/service.ts';
import { refreshStaleChapterTerms } from '#server/terms/service.ts';
import { languageName } from './gloss-language.ts';
import type { DumpCounts } from './importer.ts';
import { claimImport, createImport, executeImport } from './imports/service.ts';

const USAGE = 'Usage: npm run dict:import -- --source <code> --target <code> <dump.jsonl[.gz]>';

function readArguments(args: string[]): { source: string; target: string; file: string } {
  let parsed: { values: { source?: string; target?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: { source: { type: 'string' }, target: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new CommandFailure(`${(error as Error).message}\n${USAGE}`);
  }
  const { source, target } = parsed.values;
  const [file, ...extra] = parsed.positionals;
  if (!source || !target || !file || extra.length > 0) throw new CommandFailure(USAGE);
  return { source, target, file };
}

const ENTRIES = { one: 'entry', other: 'entries' } as const;

/** A one-line progress bar: how much of the file is read, entries per second, and the time left. */
function progressLine(counts: DumpCounts, size: number, startedAt: number): string {
  const fraction = size > 0 ? Math.min(1, counts.bytes / size) : 0;
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? counts.entries / seconds : 0;
  const left = fraction > 0.01 ? (seconds / fraction) * (1 - fraction) : undefined;
  const width = 24;
  const filled = Math.round(fraction * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return (
    `[${bar}] ${(fraction * 100).toFixed(1).padStart(5)} %  ${plural(counts.entries, ENTRIES)}` +
    `  ${Math.round(rate).toLocaleString('en')}/s  ${left === undefined ? '' : `${formatDuration(left)} left`}` +
    `  ${counts.skipped.toLocaleString('en')} skipped`
  );
}

/** The report's first line: what was imported, into which dictionary, how fast, and what was skipped. */
function importedLine(result: DumpCounts, run: { source: string; target: string; seconds: number }): string {
  const entries = plural(result.entries, {
    one: `{count} ${run.source} entry`,
    other: `{count} ${run.source} entries`,
  });
  const forms = plural(result.forms, { one: 'form', other: 'forms' });
  const senses = plural(result.senses, { one: 'sense', other: 'senses' });
  const lines = plural(result.lines, { one: 'line', other: 'lines' });
  return (
    `Imported ${entries} (${forms}, ${senses}) into the ${run.source}→${run.target} dictionary in ` +
    `${formatDuration(run.seconds)}; ${formatCount(result.skipped)} of ${lines} skipped.`
  );
}

/** What the import's summary adds to the counts: form-of lines, words they lack, reasons, gloss language. */
function summaryLines(result: DumpCounts): string[] {
  const formLines = plural(result.form_of_lines, {
    one: '{count} line is only a form of another word',
    other: '{count} lines are only forms of other words',
  });
  const links = plural(result.form_of_links, { one: 'link', other: 'links' });
  const missing = plural(result.missing_lemmas ?? 0, {
    one: '{count} word the dump has no entry for',
    other: '{count} words the dump has no entry for',
  });
  const lines = [`${formLines} (${links}, to ${missing}: those forms answer with what they are).`];
  if (result.gloss_language !== null)
    lines.push(`The glosses are in ${languageName(result.gloss_language)}.`);
  const reasons = Object.entries(result.skipped_reasons).sort(([, a], [, b]) => b - a);
  for (const [reason, count] of reasons) lines.push(`  ${count.toLocaleString('en')} skipped: ${reason}`);
  return lines;
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

export const dictionaryImportCommand: Command = async (args, { env, stdout, stderr, signal }) => {
  const { source, target, file } = readArguments(args);
  if (source === target)
    throw new CommandFailure('The source language must differ from the target language.');

  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new CommandFailure(`Cannot read ${file}.`);
  }

  const config = commandConfig(env);

  const database = await openCommandLineDatabase(config);
  const { db, pool } = openDatabase(database.url, { max: 4, onIdleError: () => undefined });
  try {
    const known = await languageCodes(db);
    for (const code of [source, target]) {
      if (!known.has(code)) throw new CommandFailure(`There is no language with the code "${code}".`);
    }
    const created = await createImport(db, { source, target, fileName: basename(file), fileSize: size });
    const row = await claimImport(db, created.id);
    if (!row) throw new CommandFailure('The import could not start.');

    const startedAt = Date.now();
    const isTerminal = stderr.isTTY === true;
    let lastDrawn = 0;
    let latest: DumpCounts | undefined;
    const draw = (counts: DumpCounts) => {
      latest = counts;
      const now = Date.now();
      if (now - lastDrawn < (isTerminal ? 200 : 5000)) return;
      lastDrawn = now;
      const line = progressLine(counts, size, startedAt);
      stderr.write(isTerminal ? `\r${line}` : `${line}\n`);
    };
    const say = (_details: object, message: string) => stderr.write(`\n${message}\n`);
    const finished = await executeImport(
      {
        db,
        pool,
        limits: config.dictionaryLimits,
        log: { info: () => undefined, warn: say, error: say },
        // From source too (tsx): the lines on the import's worker, whose heap has bounds of its own (decision 102).
        linesOffThread: true,
      },
      row,
      signal,
      async () => createReadStream(file, { highWaterMark: 1024 * 1024 }),
      draw,
    );
    if (latest) {
      const bytes = finished?.status === 'succeeded' ? size : latest.bytes;
      stderr.write(`${isTerminal ? '\r' : ''}${progressLine({ ...latest, bytes }, size, startedAt)}\n`);
    }
    if (finished?.status !== 'succeeded')
      throw new CommandFailure(finished?.error ?? 'The import did not finish.');
    const result = finished.result as DumpCounts;
    const seconds = (Date.now() - startedAt) / 1000;
    stdout.write(`${importedLine(result, { source, target, seconds })}\n`);
    for (const { line, reason } of result.skipped_lines) stdout.write(`  line ${line}: ${reason}\n`);
    for (const line of summaryLines(result)) stdout.write(`${line}\n`);
    // A running server remakes them when its own import finishes; this one is outside any server, so it does
    // it here rather than leave the chapters' terms on the old dictionary until the next start.
    if (target === BASE_LANGUAGE_CODE) {
      const remade = await refreshStaleChapterTerms(db, { language: source, signal });
      const chapters = plural(remade, {
        one: `{count} ${source} chapter`,
        other: `{count} ${source} chapters`,
      });
      stdout.write(`Remade the words of ${chapters} for the new dictionary.\n`);
    }
  } finally {
    await pool.end();
    await database.close();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await runAsProcess(dictionaryImportCommand);
