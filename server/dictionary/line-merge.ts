// The import's thread's side of the line work (import-lines.ts): what has to follow the file's order across
// batches, settled as the batches' rows come back in that order. The glosses' language is told by the first
// lines before they go to a line work; the batches' counts are added up; and each phrase a line work numbered
// on its own gets the import's number, the one it would have had with every line read on one thread (in the
// order the rows first name the phrases), written over the line work's own in the forms' COPY text.
import { PHRASE_ID_DIGITS } from './copy-text.ts';
import { addCounts, type DumpCounts, type DumpLanguages, GlossWatch } from './dump-lines.ts';
import type { BatchRows, LinesBatch } from './import-lines.ts';

const ZERO = 0x30;

export class LineMerger {
  private readonly glosses: GlossWatch;
  /** The import's phrases, each with its number (from 1), in the order they were first named. */
  private readonly phrases = new Map<string, number>();
  /** Per line work, its phrases in its own order: its number n is at n - 1. */
  private readonly workPhrases: string[][];
  /** Per line work, the import's number of each of its own numbers. */
  private readonly importNumbers: number[][];

  constructor(
    languages: DumpLanguages,
    private readonly counts: DumpCounts,
    works: number,
  ) {
    this.glosses = new GlossWatch(languages, counts);
    this.workPhrases = Array.from({ length: works }, () => []);
    this.importNumbers = Array.from({ length: works }, () => []);
  }

  /**
   * Watches the glosses of a batch's lines while their language is not yet told, before the batch goes to a
   * line work: throws GlossLanguageError as reading line by line would, at the same line.
   */
  watch({ bytes, ends }: LinesBatch): void {
    const lines = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    for (const end of ends) {
      if (this.glosses.isJudged) return;
      let value: unknown;
      try {
        value = JSON.parse(lines.toString('utf8', start, end));
      } catch {
        value = undefined; // a malformed line, counted by the line work
      }
      if (value !== undefined) this.glosses.observe(value);
      start = end;
    }
  }

  /** A batch's rows, next in the file's order, from line work `work`: counted, its phrase numbers the import's. */
  merge(work: number, rows: BatchRows): { entries: Buffer; forms: Buffer } {
    addCounts(this.counts, rows.counts);
    const own = this.workPhrases[work];
    const numbers = this.importNumbers[work];
    if (own === undefined || numbers === undefined) throw new Error(`No line work ${work}.`);
    for (const phrase of rows.newPhrases) own.push(phrase);
    const forms = Buffer.from(rows.forms.buffer, rows.forms.byteOffset, rows.forms.byteLength);
    for (const at of rows.slots) {
      let ownNumber = 0;
      for (let digit = 0; digit < PHRASE_ID_DIGITS; digit++) {
        ownNumber = ownNumber * 10 + (forms[at + digit] ?? ZERO) - ZERO;
      }
      let number = numbers[ownNumber];
      if (number === undefined) {
        number = this.numberOf(own[ownNumber - 1] ?? '');
        numbers[ownNumber] = number;
      }
      for (let digit = PHRASE_ID_DIGITS - 1; digit >= 0; digit--) {
        forms[at + digit] = ZERO + (number % 10);
        number = Math.floor(number / 10);
      }
    }
    const entries = Buffer.from(rows.entries.buffer, rows.entries.byteOffset, rows.entries.byteLength);
    return { entries, forms };
  }

  /** After the last batch: the glosses' language if not yet told (may throw), and the import's phrases. */
  finish(): { ids: number[]; texts: string[] } {
    this.glosses.finish();
    return { ids: [...this.phrases.values()], texts: [...this.phrases.keys()] };
  }

  private numberOf(phrase: string): number {
    let number = this.phrases.get(phrase);
    if (number === undefined) {
      number = this.phrases.size + 1;
      this.phrases.set(phrase, number);
    }
    return number;
  }
}
