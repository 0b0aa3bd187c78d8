// An import's rows made from its dump, batch by batch, in the file's order: the file read, gunzipped and split
// into batches (json-lines.ts) shared between the line works (lines-off-thread.ts), their rows merged in
// order (line-merge.ts) and handed to `write`. The same on whichever thread runs it: the import's own (tests,
// `BENCH_DICT_LINES_IN_THREAD`) or the import's worker thread (import-off-thread.ts, docs/decisions/102).
import type { Readable } from 'node:stream';
import type { DictionaryLimits } from '#server/config.ts';
import type { DumpCounts } from './dump-lines.ts';
import type { BatchRows } from './import-lines.ts';
import { type ReadJsonLinesOptions, readRawJsonLines } from './json-lines.ts';
import { LineMerger } from './line-merge.ts';
import type { LineWork } from './lines-off-thread.ts';

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

/** A batch's COPY text, entries and forms, UTF-8, with the import's phrase numbers. */
export type CopyRows = { entries: Buffer; forms: Buffer };

/** What is known once every batch is written: the words the forms linked to, and the import's phrases. */
export interface MadeRows {
  linked: (string[] | null)[];
  phrases: { ids: number[]; texts: string[] };
}

/**
 * Makes the dump's rows on `work`, counting its lines into `counts` and handing each batch's rows to `write`
 * in the file's order; answers what the writer needs at the end. Closes the line work whatever happens. A bad
 * file throws a DumpError, glosses in another language than the target a GlossLanguageError.
 */
export async function makeRows(
  dump: DumpSource,
  counts: DumpCounts,
  work: LineWork,
  write: (rows: CopyRows) => Promise<void>,
): Promise<MadeRows> {
  try {
    const merger = new LineMerger(dump, counts, work.works);
    await streamRows(dump, counts, work, merger, write);
    const linked = await work.finish();
    return { linked, phrases: merger.finish() };
  } finally {
    work.close();
  }
}

/** What readJsonLines is told of a dump: its limits, name and signal, and where to count its bytes. */
export function readOptions(dump: DumpSource, counts: DumpCounts): ReadJsonLinesOptions {
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

/**
 * How many batches may be given to the line work ahead of the one being written: its worker parses the next
 * ones while PostgreSQL takes the last, and memory stays bounded (a batch is at most 256 KB of lines,
 * line-batches.ts, and about as much COPY text).
 */
const BATCHES_AHEAD = 4;

/**
 * Reads the dump's batches into the line work, shared between its line works, while each batch's rows are
 * handed to `write` in the file's order as soon as they are made (a batch's progress is reported as soon as
 * it is written, without waiting for the next to be read), once the merger has added its counts and numbered
 * its phrases.
 */
async function streamRows(
  dump: DumpSource,
  counts: DumpCounts,
  work: LineWork,
  merger: LineMerger,
  write: (rows: CopyRows) => Promise<void>,
): Promise<void> {
  const ahead = new AsyncQueue<{ work: number; rows: Promise<BatchRows> }>(BATCHES_AHEAD);
  const writing = (async () => {
    for (let next = await ahead.take(); next !== undefined; next = await ahead.take()) {
      await write(merger.merge(next.work, await next.rows));
    }
  })();
  // A failure to write ends the reading; a failure to read, the writing (the queue is closed).
  writing.catch((error: unknown) => ahead.close(error));
  try {
    for await (const lines of readRawJsonLines(dump.input, readOptions(dump, counts))) {
      merger.watch(lines);
      const turn = work.next();
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
