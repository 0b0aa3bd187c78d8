// What is done with each line of a dump, in the order of the file: parsed, counted, its glosses' language
// watched, mapped. The preview (importer.ts) and the import's line work (import-lines.ts, on a worker thread
// or not) both read lines through readLine, so they skip and count alike.
import { GlossLanguageDetector, glossMismatch } from './gloss-language.ts';
import { DumpError } from './json-lines.ts';

/** How many skipped lines are reported by number; the rest are only counted. */
export const REPORTED_SKIPS = 20;

export interface SkippedLine {
  line: number;
  reason: string;
}

/** What a pass over a dump found: the counts an admin sees during and after an import. */
export interface DumpCounts {
  /** Compressed bytes read so far. */
  bytes: number;
  lines: number;
  entries: number;
  senses: number;
  forms: number;
  skipped: number;
  /** The first skipped lines, with their numbers and reasons. */
  skipped_lines: SkippedLine[];
  /** Entries seen per `lang_code`, the source language's and any other. */
  languages: Record<string, number>;
  /** Every skipped line counted by its reason. */
  skipped_reasons: Record<string, number>;
  /** Lines kept only as forms of other words (no sense of their own): 'abluent', 'tables'. */
  form_of_lines: number;
  /** Links from a word to a word it is a form of (a form-of line may link to several). */
  form_of_links: number;
  /**
   * Words linked to that have no entry in the dump (their forms are answered with the form-of gloss): counted
   * when the import ends, null before (while running, and in a preview).
   */
  missing_lemmas: number | null;
  /** The language the dump's glosses are in, as told by its first lines; null when they do not say. */
  gloss_language: string | null;
}

export function emptyCounts(): DumpCounts {
  return {
    bytes: 0,
    lines: 0,
    entries: 0,
    senses: 0,
    forms: 0,
    skipped: 0,
    skipped_lines: [],
    languages: {},
    skipped_reasons: {},
    form_of_lines: 0,
    form_of_links: 0,
    missing_lemmas: null,
    gloss_language: null,
  };
}

/** How many distinct reasons are counted apart; the rest together (a reason may name a language code). */
const COUNTED_REASONS = 50;
const OTHER_REASONS = 'other reasons';

/** A dump whose glosses are not in the dictionary's target language. */
export class GlossLanguageError extends DumpError {}

/** The languages of a dump: the one whose entries are kept, and the one its glosses must be in. */
export interface DumpLanguages {
  source: string;
  target?: string;
}

/** A line's mapped entry, or why it is skipped. */
export type LineMapper<Entry> = (
  value: unknown,
  source: string,
) => { ok: true; entry: Entry } | { ok: false; reason: string };

/** What readLine counts of a mapped line. */
export interface MappedLine {
  lemma: string;
  senses: unknown[];
  forms: { lemma: string }[];
}

/**
 * Reads lines one after the other into `counts`: each line parsed, counted and mapped (readLine), or skipped
 * and counted by its reason; the first lines' glosses tell their language (GlossWatch), and a dump whose
 * glosses are told to be in another language than the target throws a GlossLanguageError (from readLine or
 * finish). An import's line workers read without watching the glosses, and count every reason apart: the
 * import's thread watches them and caps the reasons as it adds up the batches' counts (addCounts).
 */
export class DumpLineReader<Entry extends MappedLine> {
  // A dump of every language skips most of its lines: the reasons' count is kept, not taken at each line.
  private reasonsCounted: number;
  private readonly glosses: GlossWatch | undefined;

  constructor(
    private readonly languages: DumpLanguages,
    readonly counts: DumpCounts,
    private readonly map: LineMapper<Entry>,
    private readonly options: { watchGlosses: boolean; countedReasons: number } = {
      watchGlosses: true,
      countedReasons: COUNTED_REASONS,
    },
  ) {
    this.reasonsCounted = Object.keys(counts.skipped_reasons).length;
    this.glosses = options.watchGlosses ? new GlossWatch(languages, counts) : undefined;
  }

  /** One line: its mapped entry, or undefined when it is skipped. */
  readLine(lineNumber: number, text: string): Entry | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.counts.lines++;
      this.skip(lineNumber, 'malformed JSON');
      return undefined;
    }
    return this.readValue(lineNumber, value);
  }

  /** A line already parsed (json-build.ts makes it from the line's bytes): as readLine goes on after JSON.parse. */
  readValue(lineNumber: number, value: unknown): Entry | undefined {
    const counts = this.counts;
    counts.lines++;
    const language = languageOf(value);
    if (language) counts.languages[language] = (counts.languages[language] ?? 0) + 1;
    this.glosses?.observe(value);
    const result = this.map(value, this.languages.source);
    if (!result.ok) {
      this.skip(lineNumber, result.reason);
      return undefined;
    }
    countEntry(counts, result.entry);
    return result.entry;
  }

  /** After the last line: the glosses' language, when the lines read did not yet tell it. */
  finish(): void {
    this.glosses?.finish();
  }

  private skip(line: number, reason: string): void {
    const counts = this.counts;
    counts.skipped++;
    if (counts.skipped_lines.length < REPORTED_SKIPS) counts.skipped_lines.push({ line, reason });
    const reasons = counts.skipped_reasons;
    let counted = reason;
    if (!Object.hasOwn(reasons, reason)) {
      if (this.reasonsCounted < this.options.countedReasons) this.reasonsCounted += 1;
      else counted = OTHER_REASONS;
    }
    reasons[counted] = (reasons[counted] ?? 0) + 1;
  }
}

/** Reads lines without watching their glosses, every reason counted apart: an import's line worker. */
export const WORKER_READING = { watchGlosses: false, countedReasons: Number.POSITIVE_INFINITY };

/**
 * Watches the first lines' glosses (those that parse) and sets `counts.gloss_language` once they tell it;
 * throws GlossLanguageError when that is another language than the target.
 */
export class GlossWatch {
  private readonly detector = new GlossLanguageDetector();
  isJudged = false;

  constructor(
    private readonly languages: DumpLanguages,
    private readonly counts: DumpCounts,
  ) {}

  observe(value: unknown): void {
    if (!this.isJudged) this.judge(this.detector.observe(value));
  }

  finish(): void {
    if (!this.isJudged) this.judge(this.detector.finish());
  }

  private judge(language: string | null | undefined): void {
    if (language === undefined) return;
    this.isJudged = true;
    this.counts.gloss_language = language;
    const { source, target } = this.languages;
    // Refused only on the entries' own word (detector.isNamedBy): glosses' short words alone only say.
    if (
      language !== null &&
      target !== undefined &&
      language !== target &&
      this.detector.isNamedBy(language)
    ) {
      throw new GlossLanguageError(glossMismatch(language, source, target));
    }
  }
}

/**
 * Adds the counts of the lines after those `counts` holds (a batch's, read with WORKER_READING): its skipped
 * lines while fewer than REPORTED_SKIPS are listed, its reasons in the order they first came, counted apart
 * while fewer than COUNTED_REASONS are, as readLine would have counted them line by line.
 */
export function addCounts(counts: DumpCounts, batch: Omit<DumpCounts, 'bytes'>): void {
  counts.lines += batch.lines;
  counts.entries += batch.entries;
  counts.senses += batch.senses;
  counts.forms += batch.forms;
  counts.skipped += batch.skipped;
  counts.form_of_lines += batch.form_of_lines;
  counts.form_of_links += batch.form_of_links;
  for (const skipped of batch.skipped_lines) {
    if (counts.skipped_lines.length >= REPORTED_SKIPS) break;
    counts.skipped_lines.push(skipped);
  }
  for (const [language, count] of Object.entries(batch.languages)) {
    counts.languages[language] = (counts.languages[language] ?? 0) + count;
  }
  const reasons = counts.skipped_reasons;
  for (const [reason, count] of Object.entries(batch.skipped_reasons)) {
    let counted = reason;
    if (
      !Object.hasOwn(reasons, reason) &&
      Object.keys(reasons).length - (Object.hasOwn(reasons, OTHER_REASONS) ? 1 : 0) >= COUNTED_REASONS
    ) {
      counted = OTHER_REASONS;
    }
    reasons[counted] = (reasons[counted] ?? 0) + count;
  }
}

function countEntry(counts: DumpCounts, entry: MappedLine): void {
  if (entry.senses.length > 0) counts.entries++;
  else counts.form_of_lines++;
  counts.senses += entry.senses.length;
  counts.forms += entry.forms.length;
  for (const form of entry.forms) if (form.lemma !== entry.lemma) counts.form_of_links++;
}

function languageOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const code = (value as { lang_code?: unknown }).lang_code;
  return typeof code === 'string' && code.length <= 12 ? code : undefined;
}
