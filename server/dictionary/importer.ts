import type { Readable } from 'node:stream';
import type pg from 'pg';
import { formatCount, plural } from '#common/plural.ts';
import type { DictionaryLimits } from '#server/config.ts';
import {
  type DumpCounts,
  DumpLineReader,
  emptyCounts,
  type LineMapper,
  type MappedLine,
} from './dump-lines.ts';
import type { BatchRows } from './import-lines.ts';
import { type ReadJsonLinesOptions, readJsonLines, readRawJsonLines } from './json-lines.ts';
import { LineMerger } from './line-merge.ts';
import { isSource, type LineWork, linesInThread, linesOffThread } from './lines-off-thread.ts';
import { LinkTargets } from './links.ts';
import { dropImportTables, ImportWriter } from './store.ts';
import { type MappedEntry, mapWiktextractEntry } from './wiktextract.ts';

export {
  type DumpCounts,
  GlossLanguageError,
  REPORTED_SKIPS,
  type SkippedLine,
} from './dump-lines.ts';

export interface DumpSource {
  input: Readable;
  fileName?: string;
  /** The language whose entries are kept; other languages' lines are skipped and counted. */
  source: string;
  /** The language the glosses must be in: a dump whose glosses are in another is refused (GlossLanguageError). */
  target?: string;
  limits: DictionaryLimits;
  signal?: AbortSignal;
  /** The input is the start of a longer file (a preview's sample), cut after its last whole line or within one. */
  isPartial?: boolean;
}

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

/** What readJsonLines is told of a dump: its limits, name and signal, and where to count its bytes. */
function readOptions(dump: DumpSource, counts: DumpCounts): ReadJsonLinesOptions {
  return {
    limits: { maxDecompressedBytes: dump.limits.decompressedBytes, maxLineBytes: dump.limits.lineBytes },
    fileName: dump.fileName,
    signal: dump.signal,
    isPartial: dump.isPartial,
    onProgress: (bytes) => {
      counts.bytes = bytes;
    },
  };
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
  const languages = { importId, source: dump.source, target: dump.target };
  const work = (options.offThread ?? !isSource) ? linesOffThread(languages) : linesInThread(languages);
  const merger = new LineMerger(languages, counts, work.works);
  try {
    await streamRows(dump, counts, work, merger, async (rows) => {
      await writer.write(rows);
      await onProgress(counts);
    });
    const linked = await work.finish();
    const phrases = merger.finish();
    if (counts.entries === 0) {
      throw new EmptyDumpError(
        `No ${dump.source} entries in the file (${plural(counts.lines, { one: 'line', other: 'lines' })} read, ` +
          `${formatCount(counts.skipped)} skipped).`,
      );
    }
    await writer.finish(phrases);
    // A count, not the dictionary: should it fail, the import stands, its missing lemmas uncounted (null).
    counts.missing_lemmas = await LinkTargets.of(linked)
      .countMissing(pool, importId)
      .catch(() => null);
    return counts;
  } catch (error) {
    writer.abort();
    dump.input.destroy();
    await dropImportTables(pool, importId).catch(() => undefined);
    throw error;
  } finally {
    work.close();
  }
}

/**
 * How many batches may be given to the line work ahead of the one being written: its worker parses the next
 * ones while PostgreSQL takes the last, and memory stays bounded (a batch is at most 256 KB of lines,
 * line-batches.ts, and about as much COPY text).
 */
const BATCHES_AHEAD = 4;

/**
 * Reads the dump's batches into the line work, its line works taking turns, while each batch's rows are
 * handed to `write` in the file's order as soon as they are made (a batch's progress is reported as soon as
 * it is written, without waiting for the next to be read), once the merger has added its counts and numbered
 * its phrases.
 */
async function streamRows(
  dump: DumpSource,
  counts: DumpCounts,
  work: LineWork,
  merger: LineMerger,
  write: (rows: { entries: Buffer; forms: Buffer }) => Promise<void>,
): Promise<void> {
  const ahead = new AsyncQueue<{ work: number; rows: Promise<BatchRows> }>(BATCHES_AHEAD);
  const writing = (async () => {
    for (let next = await ahead.take(); next !== undefined; next = await ahead.take()) {
      await write(merger.merge(next.work, await next.rows));
    }
  })();
  // A failure to write ends the reading; a failure to read, the writing (the queue is closed).
  writing.catch((error: unknown) => ahead.close(error));
  let batches = 0;
  try {
    for await (const lines of readRawJsonLines(dump.input, readOptions(dump, counts))) {
      merger.watch(lines);
      const turn = work.turns[batches++ % work.turns.length] ?? 0;
      const rows = work.batch(turn, lines);
      // Awaited in turn by the writing; a failure meanwhile is not an unhandled rejection.
      rows.catch(() => undefined);
      await ahead.put({ work: turn, rows });
    }
    ahead.end();
    await writing;
  } catch (error) {
    ahead.close(error);
    await writing.catch(() => undefined);
    throw error;
  } finally {
    // Every batch asked for is answered (or failed) before the line work is closed.
    await Promise.allSettled(ahead.drain().map((next) => next.rows));
  }
}

/** A queue of at most `size` items between one producer and one consumer, who wait for each other. */
class AsyncQueue<Item> {
  private readonly items: Item[] = [];
  private wakeTaker: (() => void) | undefined;
  private wakePutter: (() => void) | undefined;
  private isEnded = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly size: number) {}

  /** Adds an item, once there is room; throws what closed the queue. */
  async put(item: Item): Promise<void> {
    while (this.items.length >= this.size && this.failure === undefined) {
      await new Promise<void>((resolve) => {
        this.wakePutter = resolve;
      });
    }
    if (this.failure !== undefined) throw this.failure.error;
    this.items.push(item);
    this.wake();
  }

  /** The next item; undefined once the queue is ended and empty, or closed. */
  async take(): Promise<Item | undefined> {
    while (this.items.length === 0 && !this.isEnded && this.failure === undefined) {
      await new Promise<void>((resolve) => {
        this.wakeTaker = resolve;
      });
    }
    if (this.failure !== undefined) return undefined;
    const item = this.items.shift();
    this.wake();
    return item;
  }

  /** No more items will come. */
  end(): void {
    this.isEnded = true;
    this.wake();
  }

  /** Stops both sides: `put` throws `error`, `take` answers undefined. */
  close(error: unknown): void {
    this.failure ??= { error };
    this.wake();
  }

  /** The items left. */
  drain(): Item[] {
    return this.items.splice(0);
  }

  private wake(): void {
    const taker = this.wakeTaker;
    const putter = this.wakePutter;
    this.wakeTaker = undefined;
    this.wakePutter = undefined;
    taker?.();
    putter?.();
  }
}

/** A readable dump with nothing to import for its language: refused rather than emptying the dictionary. */
export class EmptyDumpError extends Error {}
