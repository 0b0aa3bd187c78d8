import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import { screenPath } from '#common/routes.ts';
import type { BulkImportAnswer } from '#common/schemas/bulk.ts';
import { importSummary, resultCounts } from './import.ts';

/** What an import did: its counts, and a link to each story it changed, to write its chapters. */
export function ImportResult({
  result,
  headingRef,
}: {
  result: BulkImportAnswer;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  const changed = result.stories.filter(
    (story) => story.action !== 'unchanged' || story.changed_chapters > 0,
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-200 ring-inset"
    >
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-green-900 focus:outline-none"
      >
        Import complete
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {resultCounts(result).map(({ label, value }) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-sm text-green-900">{label}</dt>
            <dd className="text-2xl font-bold text-green-950 tabular-nums">
              {value.toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
      {changed.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-green-900">
            Open a story to write its chapters (new stories are drafts):
          </p>
          <ul className="flex flex-wrap gap-2">
            {changed.map((story) => (
              <li key={story.id}>
                <Link
                  to={screenPath('adminStory', { storyId: story.id })}
                  className="inline-flex min-h-11 items-center rounded-lg bg-white px-3 text-sm font-semibold text-brand-800 underline-offset-2 ring-1 ring-green-200 hover:underline"
                >
                  {story.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-green-900">{importSummary(result)}</p>
      )}
    </section>
  );
}
