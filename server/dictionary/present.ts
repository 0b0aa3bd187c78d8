import type { DictionaryImport, DumpCounts, Translation } from '#common/schemas/dictionary.ts';
import type { ImportRow } from './imports/service.ts';
import type { DictionarySense } from './wiktextract.ts';

/** An import as the admin area sees it. */
export function presentImport(row: ImportRow): DictionaryImport {
  const counts = (row.status === 'succeeded' ? row.result : row.progress) as DumpCounts | null;
  return {
    id: row.id,
    source: row.sourceCode,
    target: row.targetCode,
    status: row.status as DictionaryImport['status'],
    file_name: row.fileName,
    file_size: row.fileSize,
    progress: counts && 'lines' in counts ? counts : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** A sense of a looked-up word as a translation: its gloss, definition and example with its translation. */
export function presentSense(sense: DictionarySense): Translation {
  const example =
    sense.example && sense.example_translation
      ? `${sense.example} — ${sense.example_translation}`
      : sense.example;
  return { gloss: sense.gloss, definition: sense.definition, example, source: 'wiktextract' };
}
