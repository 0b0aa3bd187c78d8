import type { Readable } from 'node:stream';
import type pg from 'pg';
import { formatCount, plural } from '#common/plural.ts';
import type { DictionaryLimits } from '#server/config.ts';
import { GlossLanguageDetector, glossMismatch } from './gloss-language.ts';
import { DumpError, readJsonLines } from './json-lines.ts';
import { LinkTargets } from './links.ts';
import { dropImportTables, ImportWriter } from './store.ts';
import { type EntryRows, type MappedEntry, mapWiktextractEntry, mapWiktextractRows } from './wiktextract.ts';

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

function emptyCounts(): DumpCounts {
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

/** Watches the first lines' glosses; throws GlossLanguageError once they are told to be in another language. */
function glossCheck(dump: DumpSource, counts: DumpCounts): { observe(value: unknown): void; finish(): void } {
  const detector = new GlossLanguageDetector();
  let isDone = false;
  const judge = (language: string | null | undefined) => {
    if (language === undefined) return;
    isDone = true;
    counts.gloss_language = language;
    // Refused only on the entries' own word (detector.isNamedBy): glosses' short words alone only say.
    if (
      language !== null &&
      dump.target !== undefined &&
      language !== dump.target &&
      detector.isNamedBy(language)
    ) {
      throw new GlossLanguageError(glossMismatch(language, dump.source, dump.target));
    }
  };
  return {
    observe: (value) => {
      if (!isDone) judge(detector.observe(value));
    },
    finish: () => {
      if (!isDone) judge(detector.finish());
    },
  };
}

/**
 * Reads a dump line by line and maps each entry, calling `onEntries` with each batch. Bad lines (malformed
 * JSON, another language, no word or senses) are skipped and counted by reason; a bad file throws a DumpError,
 * and a dump whose glosses are told to be in another language than the target a GlossLanguageError.
 */
async function passOver<Entry extends MappedLine>(
  dump: DumpSource,
  counts: DumpCounts,
  map: (value: unknown, source: string) => { ok: true; entry: Entry } | { ok: false; reason: string },
  onEntries: (entries: Entry[]) => Promise<void> | void,
  options: { maxLines?: number; stopAfter?: { lines: number; bytes: number } } = {},
): Promise<{ isTruncated: boolean }> {
  let isCut = false;
  // A dump of every language skips most of its lines: the reasons' count is kept, not taken at each line.
  let reasonsCounted = Object.keys(counts.skipped_reasons).length;
  const skip = (line: number, reason: string) => {
    counts.skipped++;
    if (counts.skipped_lines.length < REPORTED_SKIPS) counts.skipped_lines.push({ line, reason });
    const reasons = counts.skipped_reasons;
    let counted = reason;
    if (!Object.hasOwn(reasons, reason)) {
      if (reasonsCounted < COUNTED_REASONS) reasonsCounted += 1;
      else counted = OTHER_REASONS;
    }
    reasons[counted] = (reasons[counted] ?? 0) + 1;
  };
  const glosses = glossCheck(dump, counts);
  const lines = readJsonLines(dump.input, {
    limits: { maxDecompressedBytes: dump.limits.decompressedBytes, maxLineBytes: dump.limits.lineBytes },
    fileName: dump.fileName,
    signal: dump.signal,
    isPartial: dump.isPartial,
    onProgress: (bytes) => {
      counts.bytes = bytes;
    },
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
        glosses.finish();
        return { isTruncated: true };
      }
      counts.lines++;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        skip(lineNumber, 'malformed JSON');
        continue;
      }
      const language = languageOf(value);
      if (language) counts.languages[language] = (counts.languages[language] ?? 0) + 1;
      glosses.observe(value);
      const result = map(value, dump.source);
      if (!result.ok) {
        skip(lineNumber, result.reason);
        continue;
      }
      mapped.push(result.entry);
      countEntry(counts, result.entry);
    }
    await onEntries(mapped);
  }
  glosses.finish();
  return { isTruncated: isCut };
}

/** What passOver counts of a mapped line. */
interface MappedLine {
  lemma: string;
  senses: unknown[];
  forms: { lemma: string }[];
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
  const linked = new LinkTargets();
  try {
    await passOver(dump, counts, mapWiktextractRows, async (entries: EntryRows[]) => {
      linked.add(entries);
      await writer.write(entries);
      await onProgress(counts);
    });
    if (counts.entries === 0) {
      throw new EmptyDumpError(
        `No ${dump.source} entries in the file (${plural(counts.lines, { one: 'line', other: 'lines' })} read, ` +
          `${formatCount(counts.skipped)} skipped).`,
      );
    }
    await writer.finish();
    // A count, not the dictionary: should it fail, the import stands, its missing lemmas uncounted (null).
    counts.missing_lemmas = await linked.countMissing(pool, importId).catch(() => null);
    return counts;
  } catch (error) {
    writer.abort();
    dump.input.destroy();
    await dropImportTables(pool, importId).catch(() => undefined);
    throw error;
  }
}

/** A readable dump with nothing to import for its language: refused rather than emptying the dictionary. */
export class EmptyDumpError extends Error {}
