import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronDown, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { focusTriggerOnClose, type LazyDialogProps } from '#web/components/ui/lazyDialog.ts';
import { Switch } from '#web/components/ui/Switch.tsx';
import { CLEARED_FILTERS, FILTER_SECTIONS, type StoryFilters } from './filters.ts';

type SectionKey = (typeof FILTER_SECTIONS)[number]['key'];

/**
 * The full-screen filters panel (spec/learner.md §2), mounted while it is open (FiltersPanel.tsx loads it then):
 * collapsible sections of options, 'Hide 18+ Content', 'Clear All' and 'Show Results'. The panel edits a copy
 * of the applied filters; the list changes only on Show Results.
 */
export function FiltersSheet({
  applied,
  onApply,
  open,
  onOpenChange,
  contentId,
  trigger,
}: LazyDialogProps & { applied: StoryFilters; onApply: (filters: StoryFilters) => void }) {
  const [draft, setDraft] = useState(applied);

  function toggle(key: SectionKey, value: string) {
    setDraft((current) => {
      const chosen = current[key] as readonly string[];
      const next = chosen.includes(value) ? chosen.filter((item) => item !== value) : [...chosen, value];
      return { ...current, [key]: next };
    });
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-scrim/50 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          id={contentId}
          onCloseAutoFocus={focusTriggerOnClose(trigger)}
          className="fixed inset-0 z-50 flex flex-col bg-white data-[state=open]:animate-fade-in sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[28rem] sm:shadow-2xl"
        >
          <PanelHeader />
          <div className="flex-1 overflow-y-auto px-4 py-2">
            {FILTER_SECTIONS.map((section) => (
              <FilterSection
                key={section.key}
                section={section}
                chosen={draft[section.key]}
                onToggle={toggle}
              />
            ))}
            <div className="py-4">
              <Switch
                label="Hide 18+ Content"
                description="Filter out adult-only stories"
                checked={draft.hideAdult}
                onCheckedChange={(hideAdult) => setDraft((current) => ({ ...current, hideAdult }))}
              />
            </div>
          </div>
          <PanelFooter
            onClear={() => setDraft(CLEARED_FILTERS)}
            onShow={() => {
              onApply(draft);
              onOpenChange(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** One collapsible section of options, each a checkbox. */
function FilterSection({
  section,
  chosen,
  onToggle,
}: {
  section: (typeof FILTER_SECTIONS)[number];
  chosen: StoryFilters[SectionKey];
  onToggle: (key: SectionKey, value: string) => void;
}) {
  return (
    <details open className="group border-b border-slate-100 py-2">
      <summary className="flex min-h-11 items-center justify-between rounded-lg text-base font-semibold text-slate-900">
        {section.title}
        <ChevronDown
          className="size-5 text-slate-500 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <fieldset className="pb-2">
        <legend className="sr-only">{section.title}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {section.options.map((option) => {
            const checked = (chosen as readonly string[]).includes(option.value);
            return (
              <label
                key={option.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onToggle(section.key, option.value)}
                  className="size-5 accent-brand-700"
                />
                {option.label}
              </label>
            );
          })}
        </div>
      </fieldset>
    </details>
  );
}

/** Clear All, and Show Results, which applies the panel's choices and closes it. */
function PanelFooter({ onClear, onShow }: { onClear: () => void; onShow: () => void }) {
  return (
    <div className="flex gap-3 border-t border-slate-200 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <Button variant="outline" className="flex-1" onClick={onClear}>
        Clear All
      </Button>
      <Button className="flex-1" onClick={onShow}>
        Show Results
      </Button>
    </div>
  );
}

/** The panel's title, what it is for (for screen readers) and its close button. */
function PanelHeader() {
  return (
    <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
      <DialogPrimitive.Title className="text-xl font-semibold text-slate-900">Filters</DialogPrimitive.Title>
      <DialogPrimitive.Description className="sr-only">
        Choose the stories to show; nothing changes until Show Results.
      </DialogPrimitive.Description>
      <DialogPrimitive.Close
        aria-label="Close filters"
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
      >
        <X className="size-5" aria-hidden="true" />
      </DialogPrimitive.Close>
    </div>
  );
}
