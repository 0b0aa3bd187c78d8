import { SlidersHorizontal } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { lazyDialog, useLazyDialog } from '#web/components/ui/lazyDialog.ts';
import { filterBadgeCount, type StoryFilters } from './filters.ts';

// The panel loads when the learner first reaches for it, out of the library's first load (decision 094).
const Sheet = lazyDialog(() => import('./FiltersSheet.tsx').then((module) => module.FiltersSheet));

/**
 * The 'Filters' button with its count, and the full-screen panel it opens (FiltersSheet.tsx, spec/learner.md
 * §2). The panel edits a copy; the list changes only on Show Results.
 */
export function FiltersPanel({
  applied,
  onApply,
}: {
  applied: StoryFilters;
  onApply: (filters: StoryFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const { triggerProps, dialogProps } = useLazyDialog(Sheet.preload, { open, onOpenChange: setOpen });
  const count = filterBadgeCount(applied);
  return (
    <>
      <Button variant="outline" aria-label={`Filters, ${count} selected`} {...triggerProps}>
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <Sheet.Dialog {...dialogProps} applied={applied} onApply={onApply} />
        </Suspense>
      ) : null}
    </>
  );
}
