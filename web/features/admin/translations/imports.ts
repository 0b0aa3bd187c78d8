import { type PluralForms, plural } from '#common/plural.ts';
import type { DictionaryImport } from '#common/schemas/dictionary.ts';
import type { BadgeVariant } from '#web/components/ui/Badge.tsx';

type ImportStatus = DictionaryImport['status'];

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** Whether the import has yet to finish: it is worth polling and can be cancelled. */
export function isImportActive(status: ImportStatus | undefined): boolean {
  return status === 'queued' || status === 'running';
}

export const IMPORT_STATUS_BADGES: Readonly<Record<ImportStatus, { label: string; variant: BadgeVariant }>> =
  {
    queued: { label: 'Queued', variant: 'neutral' },
    running: { label: 'Running', variant: 'blue' },
    succeeded: { label: 'Succeeded', variant: 'green' },
    failed: { label: 'Failed', variant: 'red' },
    cancelled: { label: 'Cancelled', variant: 'amber' },
  };

/** The nouns of an import's counts, for plural(): '1 entry', '12,345 entries'. */
export const ENTRIES: PluralForms = { one: 'entry', other: 'entries' };
export const LINES: PluralForms = { one: 'line', other: 'lines' };

/**
 * How far the import has read, 0–100: compressed bytes read over the file's size. Rounded down, so 100 means
 * every byte was read.
 */
export function importPercent(item: DictionaryImport): number {
  if (!item.progress || item.file_size <= 0) return 0;
  return Math.min(100, Math.floor((item.progress.bytes / item.file_size) * 100));
}

/** The line under the progress bar: '12,345 entries · 40% · 3,210 lines skipped'. */
export function progressLine(item: DictionaryImport): string {
  if (!item.progress) return item.status === 'queued' ? 'Waiting to start...' : 'Starting...';
  const { entries, skipped } = item.progress;
  return [plural(entries, ENTRIES), `${importPercent(item)}%`, `${plural(skipped, LINES)} skipped`].join(
    ' · ',
  );
}

/** What the result box says about a finished import: its counts as JSON, or 'Error: …' when it failed. */
export function importResultText(item: DictionaryImport): string {
  if (item.status === 'failed') return `Error: ${item.error ?? 'The import failed.'}`;
  return JSON.stringify(item, null, 2);
}

/** The one-line announcement of a finished import, for screen readers. */
export function importSummary(item: DictionaryImport): string {
  if (item.status === 'failed') return `Import failed: ${item.error ?? 'The import failed.'}`;
  if (item.status === 'cancelled') return 'Import cancelled.';
  return `Import finished: ${plural(item.progress?.entries ?? 0, ENTRIES)}.`;
}
