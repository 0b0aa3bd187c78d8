import { type ReactNode, useId } from 'react';
import { plural } from '#common/plural.ts';
import type { DictionaryImport } from '#common/schemas/dictionary.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ENTRIES, IMPORT_STATUS_BADGES, importPercent, progressLine } from './imports.ts';

/** Language names by code, for naming a pair. */
export type LanguageNames = ReadonlyMap<string, string>;

/** 'Spanish → English', with the codes for languages this site does not know (any more). */
export function pairName(pair: { source: string; target: string }, names: LanguageNames): string {
  return `${names.get(pair.source) ?? pair.source} → ${names.get(pair.target) ?? pair.target}`;
}

/** The import being run, with its progress and a way to stop it. */
export function ImportProgress({
  item,
  names,
  onCancel,
}: {
  item: DictionaryImport;
  names: LanguageNames;
  onCancel: () => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Importing {pairName(item, names)}
      </h3>
      <p className="text-sm break-all text-slate-600">{item.file_name}</p>
      <ProgressBar value={importPercent(item)} label="Import progress" tone="blue" />
      <p className="text-sm text-slate-700 tabular-nums">{progressLine(item)}</p>
      <Button variant="outline" size="sm" className="self-start max-sm:min-h-11" onClick={onCancel}>
        Cancel import
      </Button>
    </section>
  );
}

const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The latest imports, newest first, with their status. */
export function RecentImports({
  items,
  isPending,
  isError,
  running,
  names,
}: {
  items: DictionaryImport[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The import being polled: fresher than its row in the list. */
  running: DictionaryImport | undefined;
  names: LanguageNames;
}) {
  const headingId = useId();
  let content: ReactNode;
  if (isPending) {
    content = <Spinner label="Loading imports..." showLabel size="sm" className="text-slate-600" />;
  } else if (isError || !items) {
    content = <p className="text-sm font-medium text-red-700">Failed to load imports</p>;
  } else if (items.length === 0) {
    content = <p className="text-sm text-slate-600">No imports yet.</p>;
  } else {
    content = (
      <ul
        aria-labelledby={headingId}
        className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {items.map((listed) => {
          const item = listed.id === running?.id ? running : listed;
          const badge = IMPORT_STATUS_BADGES[item.status];
          const entries = item.progress?.entries;
          return (
            <li
              key={item.id}
              className="flex flex-col gap-1.5 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium text-slate-900">{pairName(item, names)}</p>
                <p className="text-sm break-all text-slate-600">{item.file_name}</p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                <Badge variant={badge.variant}>{badge.label}</Badge>
                {entries === undefined ? null : (
                  <span className="tabular-nums">{plural(entries, ENTRIES)}</span>
                )}
                <time dateTime={item.created_at}>{dates.format(new Date(item.created_at))}</time>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Recent imports
      </h3>
      {content}
    </section>
  );
}
