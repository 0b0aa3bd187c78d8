import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { BulkAction, BulkPreviewAnswer, BulkPreviewItem } from '#common/schemas/bulk.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/Badge.tsx';
import { DisclosureButton } from '#web/components/ui/DisclosureButton.tsx';
import { difficultyBadge, difficultyLabel } from '#web/features/library/difficulty.ts';
import { moreChapters, previewSummary } from './import.ts';

/** The workbook's warnings, as the server said them. */
export function Warnings({ warnings }: { warnings: string[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-amber-900">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Warnings:
      </h3>
      <ul className="list-disc space-y-1 pl-6 text-sm break-words text-amber-900">
        {warnings.map((warning, index) => (
          // Warnings can repeat word for word (two rows with one mistake); their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}

/** What an import would do: the first chapters with their generated prompts, and how many more. */
export function PreviewList({ answer }: { answer: BulkPreviewAnswer }) {
  const headingId = useId();
  const more = moreChapters(answer.total_chapters, answer.preview.length);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Preview
        </h3>
        <p className="text-sm text-slate-700">{previewSummary(answer)}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {answer.preview.map((item) => (
          <li key={`${item.title}\u0000${item.chapter_number}`}>
            <PreviewCard item={item} />
          </li>
        ))}
      </ul>
      {more ? <p className="text-sm font-medium text-slate-700">{more}</p> : null}
    </section>
  );
}

const ACTION_BADGES: Record<BulkAction, { label: string; variant: BadgeVariant }> = {
  create: { label: 'New', variant: 'green' },
  update: { label: 'Update', variant: 'blue' },
  unchanged: { label: 'No change', variant: 'neutral' },
};

function PreviewCard({ item }: { item: BulkPreviewItem }) {
  const [isOpen, setIsOpen] = useState(false);
  const promptId = useId();
  const action = ACTION_BADGES[item.action];
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="mr-1 text-base font-semibold break-words text-slate-900">{item.title}</h4>
        <Badge variant={difficultyBadge(item.level)}>{difficultyLabel(item.level)}</Badge>
        {item.is_adult ? <Badge variant="red">18+</Badge> : null}
        <Badge variant={action.variant}>{action.label}</Badge>
      </div>
      {item.story_description ? (
        <p className="text-sm break-words text-slate-600">{item.story_description}</p>
      ) : null}
      <p className="font-medium break-words text-slate-900">
        Chapter {item.chapter_number}: {item.chapter_title}
      </p>
      {item.chapter_purpose ? (
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium">Purpose:</span> {item.chapter_purpose}
        </p>
      ) : null}
      <div>
        <DisclosureButton
          isOpen={isOpen}
          onToggle={() => setIsOpen((open) => !open)}
          controls={promptId}
          className="-ml-1 text-sm font-semibold text-brand-800"
          iconClassName="size-4"
        >
          Generated prompt
          <span className="sr-only">
            {' '}
            for chapter {item.chapter_number} of {item.title}
          </span>
        </DisclosureButton>
        <div id={promptId} hidden={!isOpen}>
          <pre className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset">
            {item.generation_prompt}
          </pre>
        </div>
      </div>
    </article>
  );
}
