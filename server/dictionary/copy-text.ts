// The COPY text of an import's rows, as store.ts's ImportWriter streams it into the import's tables: made on the
// line workers (import-lines.ts), its phrase numbers overwritten on the import's thread (line-merge.ts).
import { describeRow, type EntryRows, type FormRow } from './wiktextract.ts';

// COPY's text format: tabs between columns, \N for null, a newline after each row, and backslash escapes
// inside values.
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES = /[\\\t\n\r]/g;
const COPY_ESCAPE_OF: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function escapeCopy(character: string): string {
  return COPY_ESCAPE_OF[character] ?? character;
}

/** A value as a column of COPY's text format. */
function copyValue(value: string): string {
  return COPY_SPECIAL.test(value) ? value.replace(COPY_ESCAPES, escapeCopy) : value;
}

/**
 * A surface or its key as a column: a form's surface is one word, with no whitespace (wiktextract.ts), so
 * only a backslash can need escaping; one search, not a pattern, for the millions of them.
 */
function copyWord(value: string): string {
  return value.includes('\\') ? copyValue(value) : value;
}

/**
 * How many distinct phrases an import stores once each: far more than any language's table forms need (a few
 * hundred), and a bound on the memory the writer keeps. Forms past it carry their description whole.
 */
export const MAX_PHRASES = 50_000;
/** The digits of a phrase number written at a fixed width (CopyText's isFixedWidth): MAX_PHRASES's. */
export const PHRASE_ID_DIGITS = String(MAX_PHRASES).length;

/**
 * The COPY text of an import's rows, batch by batch. A form's description is mostly a phrase shared by
 * millions of forms and the form's lemma ('first-person singular present indicative' of hablar): the phrase
 * is given a number the first time it comes, the form row carries the number, and the phrases are written
 * once, at the end, into the import's phrase table; the lookup puts the description back together. Other
 * descriptions are written whole.
 */
export class CopyText {
  /** The phrases met so far, each with its number (from 1), in the order they were met. */
  readonly phrases = new Map<string, number>();
  /** The same phrases, in the same order: the phrase numbered n is at n - 1. */
  readonly phraseList: string[] = [];
  /** Per phrase, the end of a form row naming it: the description column empty, then its number. */
  private readonly phraseEnds = new Map<string, string>();
  /** The import id column, and its tab. */
  private readonly start: string;
  private readonly maxPhrases: number;
  private readonly isFixedWidth: boolean;

  /**
   * `maxPhrases` (MAX_PHRASES by default) bounds the phrases numbered; `isFixedWidth` writes their numbers
   * with leading zeros, PHRASE_ID_DIGITS digits, so that they can be overwritten in place (line-merge.ts).
   */
  constructor(importId: number, options: { maxPhrases?: number; isFixedWidth?: boolean } = {}) {
    this.start = `${importId}\t`;
    this.maxPhrases = Math.min(options.maxPhrases ?? MAX_PHRASES, MAX_PHRASES);
    this.isFixedWidth = options.isFixedWidth ?? false;
  }

  /** The rows of a batch of mapped entries: each entry with senses of its own, and every form. */
  batch(entries: readonly EntryRows[]): { entries: string; forms: string } {
    const start = this.start;
    let entryText = '';
    let formText = '';
    for (const entry of entries) {
      // Made once for the entry's forms, which mostly lead to it.
      const lemma = copyValue(entry.lemma);
      const lemmaColumn = `${lemma}\t`;
      if (entry.senses.length > 0) {
        // JSON escapes every control character: only its backslashes need doubling.
        const senses = JSON.stringify(entry.senses);
        const column = senses.includes('\\') ? senses.replaceAll('\\', '\\\\') : senses;
        const audio = entry.audio === null ? '\\N' : copyValue(entry.audio);
        entryText += `${start}${lemma}\t${copyValue(entry.pos)}\t${column}\t${audio}\n`;
      }
      for (const form of entry.forms) {
        const lemmaOf = form.lemma === entry.lemma ? lemmaColumn : `${copyValue(form.lemma)}\t`;
        // Most words are written as their key: the column stays empty for them (the lookup fills it in).
        formText +=
          form.surface === form.key
            ? `${start}${copyWord(form.key)}\t\\N\t${lemmaOf}${this.describedBy(form)}`
            : `${start}${copyWord(form.key)}\t${copyWord(form.surface)}\t${lemmaOf}${this.describedBy(form)}`;
      }
    }
    return { entries: entryText, forms: formText };
  }

  /** The end of a form's row: its description and phrase_id columns, and the newline. */
  private describedBy(form: FormRow): string {
    if (form.phrase === null) return '\\N\t\\N\n';
    if (form.isOfLemma) {
      const end = this.phraseEnds.get(form.phrase) ?? this.numberPhrase(form.phrase);
      if (end !== undefined) return end;
    }
    return `${copyValue(describeRow(form) ?? '')}\t\\N\n`;
  }

  /** Numbers a phrase met for the first time; undefined when there are too many to keep. */
  private numberPhrase(phrase: string): string | undefined {
    if (this.phrases.size >= this.maxPhrases) return undefined;
    const id = this.phrases.size + 1;
    this.phrases.set(phrase, id);
    this.phraseList.push(phrase);
    const number = this.isFixedWidth ? String(id).padStart(PHRASE_ID_DIGITS, '0') : String(id);
    const end = `\\N\t${number}\n`;
    this.phraseEnds.set(phrase, end);
    return end;
  }
}
