import { ArrowLeft } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { TeacherApplication } from '#common/schemas/narrators.ts';
import { FORM_LANGUAGE_LABELS } from '#common/schemas/narrators.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useNarratorApplications } from '../queries.ts';
import { ApplicationDetail } from './ApplicationDetail.tsx';
import { DateText, EmptyState, FailedState, LoadingState } from './states.tsx';

// Applications: the list on the left, the chosen application's answers on the right (stacked on a phone).

/** Whether the list and the detail pane sit side by side (Tailwind's `lg`), rather than one at a time. */
function isSideBySide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 64rem)').matches;
}

/** The Applications sub-tab: the list, and the answers of the one chosen. */
export function ApplicationsView() {
  const applications = useNarratorApplications();
  const [selectedId, setSelectedId] = useState<number>();
  const listRef = useRef<HTMLUListElement>(null);
  const detailHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where the focus goes after the next render: to the answers once one is opened on a phone (its button is
  // hidden then), back to its button on "Back to list".
  const focusAfterRender = useRef<{ to: 'detail' } | { to: 'item'; id: number }>(undefined);

  useEffect(() => {
    if (applications.error) console.warn('Could not load the teacher applications.', applications.error);
  }, [applications.error]);

  // After every render, but it does something only when a selection asked for it.
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = undefined;
    if (target?.to === 'detail') detailHeadingRef.current?.focus();
    if (target?.to === 'item') {
      listRef.current?.querySelector<HTMLButtonElement>(`[data-application-id="${target.id}"]`)?.focus();
    }
  });

  if (applications.isPending) return <LoadingState label="Loading applications..." />;
  if (applications.isError) {
    return (
      <FailedState
        error={applications.error}
        isRetrying={applications.isFetching}
        onRetry={() => void applications.refetch()}
      />
    );
  }
  const rows = applications.data;
  if (rows.length === 0) {
    return (
      <EmptyState title="No Applications Yet">
        Applications sent through the narrator form at /apply appear here, newest first.
      </EmptyState>
    );
  }
  const selected = rows.find((application) => application.id === selectedId);

  function select(id: number) {
    if (!isSideBySide()) focusAfterRender.current = { to: 'detail' };
    setSelectedId(id);
  }

  function backToList() {
    if (selectedId !== undefined) focusAfterRender.current = { to: 'item', id: selectedId };
    setSelectedId(undefined);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
      <ApplicationList
        rows={rows}
        selectedId={selected?.id}
        listRef={listRef}
        onSelect={select}
        className={cn(selected && 'max-lg:hidden')}
      />
      <div className={cn('min-w-0', !selected && 'max-lg:hidden')}>
        {selected ? (
          <div className="flex flex-col gap-3">
            <Button variant="ghost" className="-ml-2 self-start lg:hidden" onClick={backToList}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to list
            </Button>
            <ApplicationDetail key={selected.id} application={selected} headingRef={detailHeadingRef} />
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-base text-slate-600">
            Select an application to read its answers.
          </p>
        )}
      </div>
    </div>
  );
}

/** The applications, newest first, each a button that opens its answers. */
function ApplicationList({
  rows,
  selectedId,
  listRef,
  onSelect,
  className,
}: {
  rows: readonly TeacherApplication[];
  selectedId: number | undefined;
  listRef: RefObject<HTMLUListElement | null>;
  onSelect: (id: number) => void;
  className?: string;
}) {
  const listHeadingId = useId();
  return (
    <section aria-labelledby={listHeadingId} className={cn('flex min-w-0 flex-col gap-3', className)}>
      <h3 id={listHeadingId} className="text-lg font-semibold text-slate-900">
        Applications ({rows.length})
      </h3>
      <ul
        ref={listRef}
        aria-labelledby={listHeadingId}
        className="flex flex-col divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200"
      >
        {rows.map((application) => (
          <li key={application.id}>
            <ApplicationListItem
              application={application}
              isSelected={application.id === selectedId}
              onSelect={() => onSelect(application.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ApplicationListItem({
  application,
  isSelected,
  onSelect,
}: {
  application: TeacherApplication;
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      data-application-id={application.id}
      aria-current={isSelected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'flex w-full flex-col items-start gap-1 px-4 py-3 text-left transition-colors',
        'hover:bg-slate-50 focus-visible:-outline-offset-2',
        isSelected && 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-700)] hover:bg-brand-50',
      )}
    >
      <span className="flex w-full items-start justify-between gap-2">
        <span className="min-w-0 font-semibold break-words text-slate-900">{application.full_name}</span>
        {application.contacted ? (
          <Badge variant="green" className="shrink-0">
            Contacted
          </Badge>
        ) : null}
      </span>
      <span className="max-w-full text-sm break-all text-slate-700">{application.email}</span>
      <span className="text-sm text-slate-600">
        <DateText iso={application.created_at} /> · {FORM_LANGUAGE_LABELS[application.form_language]}
      </span>
    </button>
  );
}
