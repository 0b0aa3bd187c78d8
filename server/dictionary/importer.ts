import type pg from 'pg';
import { formatCount, plural } from '#common/plural.ts';
import {
  type DumpCounts,
  DumpLineReader,
  emptyCounts,
  type LineMapper,
  type MappedLine,
} from './dump-lines.ts';
import { rowsOffThread } from './import-off-thread.ts';
import { type CopyRows, type DumpSource, type MadeRows, makeRows, readOptions } from './import-rows.ts';
import { readJsonLines } from './json-lines.ts';
import { hasImportWorker, isSource, linesInThread } from './lines-off-thread.ts';
import { LinkTargets } from './links.ts';
import { dropImportTables, ImportWriter } from './store.ts';
import { type MappedEntry, mapWiktextractEntry } from './wiktextract.ts';

export {
  type DumpCounts,
  GlossLanguageError,
  REPORTED_SKIPS,
  type SkippedLine,
} from './dump-lines.ts';
export type { DumpSource } from './import-rows.ts';

/**
 * Reads a dump line by line and maps each entry, calling `onEntries` with each batch. Bad lines (malformed
 * JSON, another language, no word or senses) are skipped and counted by reason; a bad file throws a DumpError,
 * and a dump whose glosses are told to be in another language than the target a GlossLanguageError.
 */
async function passOver<Entry extends MappedLine>(
  dump: DumpSource,
  counts: DumpCounts,
  map: LineMapper<Entry>,
  onEntries: (entries: Entry[]) => Promise<void> | void,
  options: { maxLines?: number; stopAfter?: { lines: number; bytes: number } } = {},
): Promise<{ isTruncated: boolean }> {
  let isCut = false;
  const reader = new DumpLineReader(dump, counts, map);
  const lines = readJsonLines(dump.input, {
    ...readOptions(dump, counts),
    stopAfter: options.stopAfter,
    onStoppedEarly: () => {
      isCut = true;
    },
  });
  for await (const batch of lines) {
    const mapped: Entry[] = [];
    for (const { lineNumber, text } of batch) {
      if (options.maxLines !== undefined && counts.lines >= options.maxLines) {
        await onEntries(mapped);
        reader.finish();
        return { isTruncated: true };
      }
      const entry = reader.readLine(lineNumber, text);
      if (entry !== undefined) mapped.push(entry);
    }
    await onEntries(mapped);
  }
  reader.finish();
  return { isTruncated: isCut };
}

export interface DumpPreview extends DumpCounts {
  /** True when the preview stopped before the end of the file, or was sent only the file's start. */
  truncated: boolean;
  /** The first entries as they would be stored. */
  sample: MappedEntry[];
}

/**
 * What a preview reads at most besides its entries' lines: lines of any kind (blank lines are not entries, and
 * a gzip bomb of them once held a request for half a minute), and decompressed bytes (a thousand real lines
 * are a few MB). The import itself reads on, up to DICT_DECOMPRESSED_MAX_MB.
 */
export const PREVIEW_READS_AT_MOST = { lines: 10_000, bytes: 64 * 1024 * 1024 };

/** Reads the first lines of a dump without writing anything: the counts and a few mapped entries. */
export async function previewDump(dump: DumpSource, maxLines = 1000): Promise<DumpPreview> {
  const counts = emptyCounts();
  const sample: MappedEntry[] = [];
  const { isTruncated } = await passOver(
    dump,
    counts,
    mapWiktextractEntry,
    (entries) => {
      for (const entry of entries) if (sample.length < 5) sample.push(entry);
    },
    { maxLines, stopAfter: PREVIEW_READS_AT_MOST },
  );
  return { ...counts, truncated: isTruncated || dump.isPartial === true, sample };
}

/**
 * Loads a whole dump into an import's own tables; the caller then switches the language
 * pair to it (store.ts). On any failure the tables are dropped, the input is destroyed and the error is thrown:
 * the pair's current dictionary is never touched here. `onProgress` receives the running counts after each
 * batch.
 */
export async function loadDump(
  pool: pg.Pool,
  importId: number,
  dump: DumpSource,
  onProgress: (counts: DumpCounts) => Promise<void> | void = () => {},
  options: { offThread?: boolean } = {},
): Promise<DumpCounts> {
  const counts = emptyCounts();
  let writer: ImportWriter;
  try {
    writer = await ImportWriter.open(pool, importId);
  } catch (error) {
    // Nothing has read the input yet (the reader destroys it once it starts): an open object-storage stream
    // or file would otherwise stay open.
    dump.input.destroy();
    throw error;
  }
  const write = async (rows: CopyRows) => {
    await writer.write(rows);
    await onProgress(counts);
  };
  try {
    const { linked, phrases } = await rowsOf(dump, importId, counts, write, options.offThread ?? !isSource);
    if (counts.entries === 0) {
      throw new EmptyDumpError(
        `No ${dump.source} entries in the file (${plural(counts.lines, { one: 'line', other: 'lines' })} read, ` +
          `${formatCount(counts.skipped)} skipped).`,
      );
    }
    // A count, not the dictionary: should it fail, the import stands, its missing lemmas uncounted (null). From
    // the entries alone, it is made while the forms' index is built.
    const targets = LinkTargets.of(linked);
    const counted = await writer.finish(
      phrases,
      targets.isCountedFromEntries ? (client) => targets.countMissing(client, importId) : undefined,
    );
    counts.missing_lemmas =
      counted !== undefined ? counted : await targets.countMissing(pool, importId).catch(() => null);
    return counts;
  } catch (error) {
    writer.abort();
    dump.input.destroy();
    await dropImportTables(pool, importId).catch(() => undefined);
    throw error;
  }
}

/**
 * The dump's rows, made on the import's worker thread (the server bundled, the command line) or on this
 * thread (tests from source; a bundle without the worker beside it).
 */
function rowsOf(
  dump: DumpSource,
  importId: number,
  counts: DumpCounts,
  write: (rows: CopyRows) => Promise<void>,
  offThread: boolean,
): Promise<MadeRows> {
  // A bundle of one's own may lack the worker's module beside it: then on this thread.
  if (offThread && hasImportWorker()) return rowsOffThread({ ...dump, importId }, counts, write);
  return makeRows(dump, counts, linesInThread({ importId, source: dump.source, target: dump.target }), write);
}

/** A readable dump with nothing to import for its language: refused rather than emptying the dictionary. */
export class EmptyDumpError extends Error {}
