import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { DictionaryLimits } from '#server/config.ts';
import { readJsonLines } from './json-lines.ts';
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
}

export interface DumpSource {
  input: Readable;
  fileName?: string;
  /** The language whose entries are kept; other languages' lines are skipped and counted. */
  source: string;
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
  };
}

/**
 * Reads a dump line by line and maps each entry, calling `onEntries` with each batch. Bad lines (malformed
 * JSON, another language, no word or senses) are skipped and counted; a bad file throws a DumpError.
 */
async function passOver<Entry extends { senses: unknown[]; forms: unknown[] }>(
  dump: DumpSource,
  counts: DumpCounts,
  map: (value: unknown, source: string) => { ok: true; entry: Entry } | { ok: false; reason: string },
  onEntries: (entries: Entry[]) => Promise<void> | void,
  options: { maxLines?: number; stopAfter?: { lines: number; bytes: number } } = {},
): Promise<{ isTruncated: boolean }> {
  let isCut = false;
  const skip = (line: number, reason: string) => {
    counts.skipped++;
    if (counts.skipped_lines.length < REPORTED_SKIPS) counts.skipped_lines.push({ line, reason });
  };
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
      const result = map(value, dump.source);
      if (!result.ok) {
        skip(lineNumber, result.reason);
        continue;
      }
      mapped.push(result.entry);
      if (result.entry.senses.length > 0) counts.entries++;
      counts.senses += result.entry.senses.length;
      counts.forms += result.entry.forms.length;
    }
    await onEntries(mapped);
  }
  return { isTruncated: isCut };
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
  try {
    await passOver(dump, counts, mapWiktextractRows, async (entries: EntryRows[]) => {
      await writer.write(entries);
      await onProgress(counts);
    });
    if (counts.entries === 0) {
      throw new EmptyDumpError(
        `No ${dump.source} entries in the file (${counts.lines} lines read, ${counts.skipped} skipped).`,
      );
    }
    await writer.finish();
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
