// An import's work on its lines, a batch at a time: each line parsed, counted and mapped (dump-lines.ts), and
// the batch's rows made into COPY text (copy-text.ts's CopyText) in UTF-8, with the words its forms link to
// gathered. Pure work without I/O, so that it can run on worker threads (dictionary-import-worker.ts, two
// of them sharing the batches) while the import's thread reads the file and feeds PostgreSQL
// (docs/decisions/090). What has to follow the file's order across batches (the counts' first skipped
// lines and reasons, the glosses' language, the phrases' numbers) is settled on the import's thread
// (line-merge.ts): a worker numbers the phrases it meets on its own, in fixed-width slots that the import's
// thread overwrites with the import's numbers.
import { CopyBytes } from './copy-bytes.ts';
import { CopyText, MAX_PHRASES, PHRASE_ID_DIGITS } from './copy-text.ts';
import {
  type DumpCounts,
  type DumpLanguages,
  DumpLineReader,
  emptyCounts,
  WORKER_READING,
} from './dump-lines.ts';
import { buildLine, NOT_BUILT } from './json-build.ts';
import type { RawLines } from './json-lines.ts';
import { pruneLine } from './json-prune.ts';
import { LinkTargets } from './links.ts';
import { type EntryRows, mapWiktextractRows } from './wiktextract.ts';

/** A batch of a dump's lines as readRawJsonLines hands them over: UTF-8 bytes, decoded here. */
export type LinesBatch = RawLines;

/** The counts of a batch's lines, all but the compressed bytes read (the reader's business). */
export type LineCounts = Omit<DumpCounts, 'bytes'>;

/** What a batch made. */
export interface BatchRows {
  /** The entries' COPY text, UTF-8. */
  entries: Uint8Array;
  /** The forms' COPY text, UTF-8, with phrase numbers of this line work's own (see `slots`). */
  forms: Uint8Array;
  /** Where in `forms` each phrase number begins: PHRASE_ID_DIGITS digits, in the order of the rows. */
  slots: Int32Array;
  /** The phrases this line work numbered in this batch, in order: the first is numbered one more than the last before. */
  newPhrases: string[];
  counts: LineCounts;
}

export interface ImportLinesOptions extends DumpLanguages {
  importId: number;
  /** How many line works share the batches: each numbers at most its share of MAX_PHRASES. */
  works: number;
}

const LF = 0x0a;
const BACKSLASH_N = 0x4e; // the N of \N, the last byte of a row with no phrase number

/** The work on an import's lines, one batch after the other. */
export class ImportLines {
  private readonly text: CopyText;
  private readonly linked = new LinkTargets();
  private readonly entryBytes = new CopyBytes();
  private readonly formBytes = new CopyBytes();
  private numbered = 0;
  /** Where a line is pruned (json-prune.ts) before it is decoded: grown to the longest line. */
  private pruned = Buffer.allocUnsafe(64 * 1024);

  constructor(private readonly options: ImportLinesOptions) {
    this.text = new CopyText(options.importId, {
      maxPhrases: Math.floor(MAX_PHRASES / options.works),
      isFixedWidth: true,
    });
  }

  batch({ bytes, ends, lineNumbers }: LinesBatch): BatchRows {
    const counts = emptyCounts();
    const reader = new DumpLineReader(this.options, counts, mapWiktextractRows, WORKER_READING);
    const lines = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    for (let index = 0; index < ends.length; index++) {
      const end = ends[index] ?? start;
      const lineNumber = lineNumbers[index] ?? 0;
      // Made from the bytes when buildLine is sure of it (json-build.ts), else pruned and parsed.
      const value = buildLine(lines, start, end);
      const entry =
        value === NOT_BUILT
          ? reader.readLine(lineNumber, this.lineText(lines, start, end))
          : reader.readValue(lineNumber, value);
      // Each entry's rows are made and encoded at once: nothing of its line outlives it (copy-bytes.ts).
      if (entry !== undefined) this.addEntry(entry);
      start = end;
    }
    const forms = this.formBytes.take();
    const { bytes: _bytes, ...lineCounts } = counts;
    const phrases = this.text.phraseList;
    const newPhrases = phrases.length > this.numbered ? phrases.slice(this.numbered) : [];
    this.numbered = phrases.length;
    return {
      entries: this.entryBytes.take(),
      forms,
      slots: phraseSlots(forms),
      newPhrases,
      counts: lineCounts,
    };
  }

  private addEntry(entry: EntryRows): void {
    const one = [entry];
    this.linked.add(one);
    const text = this.text.batch(one);
    this.entryBytes.append(text.entries);
    this.formBytes.append(text.forms);
  }

  /**
   * A line's text without the members the mapper never reads, so that JSON.parse makes only what is read; the
   * whole line when pruneLine is not sure (the mapper and the counts see the same either way).
   */
  private lineText(lines: Buffer, start: number, end: number): string {
    if (end - start > this.pruned.length) this.pruned = Buffer.allocUnsafe(end - start);
    const length = pruneLine(lines, start, end, this.pruned);
    return length < 0 ? lines.toString('utf8', start, end) : this.pruned.toString('utf8', 0, length);
  }

  /** The words the forms linked to, once every batch is done. */
  finish(): { linked: string[] | null } {
    return { linked: this.linked.export() };
  }
}

/** Where the phrase numbers of the rows begin: a row ends with its number, or with \N when it has none. */
function phraseSlots(forms: Uint8Array): Int32Array {
  const bytes = Buffer.from(forms.buffer, forms.byteOffset, forms.byteLength);
  const slots: number[] = [];
  let end = bytes.indexOf(LF);
  while (end !== -1) {
    if (bytes[end - 1] !== BACKSLASH_N) slots.push(end - PHRASE_ID_DIGITS);
    end = bytes.indexOf(LF, end + 1);
  }
  return Int32Array.from(slots);
}
