import { useQuery } from '@tanstack/react-query';
import { BookMarked } from 'lucide-react';
import { useEffect } from 'react';
import { listWords } from '#common/endpoints/words.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';

export const WORDS_TITLE = 'Saved Words · Catamaran';
export const NO_WORDS = 'No saved words yet';

/** The words a learner looked up, newest first (GET /api/words/). */
export function useSavedWords() {
  return useQuery({
    queryKey: queryKeys.words(),
    queryFn: ({ signal }) => call(listWords, { signal }),
  });
}

const lastSeenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /words (spec/learner.md §2): every word the learner looked up, how often, and when last, in the learner's
 * own time. A failed load is only logged (§8) and reads as the empty list.
 */
export function SavedWords() {
  useDocumentTitle(WORDS_TITLE);
  const words = useSavedWords();
  useEffect(() => {
    if (words.error) console.warn('Could not load the saved words', words.error);
  }, [words.error]);
  const list = words.data ?? [];

  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.dashboard} label="Back to Dashboard" />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Saved Words</h1>
        <p className="mt-2 text-slate-600">Every word you looked up while reading, the most recent first.</p>
        {words.isPending ? (
          <div className="py-16">
            <Spinner label="Loading..." showLabel className="justify-center text-slate-600" />
          </div>
        ) : list.length === 0 ? (
          <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <BookMarked className="size-10 text-brand-600" aria-hidden="true" />
            <p className="mt-3 text-lg font-semibold text-slate-800">{NO_WORDS}</p>
            <p className="mt-1 text-sm text-slate-600">
              Tap any word in a story to see its translation; it is saved here.
            </p>
          </div>
        ) : (
          <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full table-fixed text-left">
              <caption className="sr-only">Your saved words</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Word
                  </th>
                  <th scope="col" className="w-24 px-2 py-3 text-right sm:w-32 sm:px-4">
                    Occurrences
                  </th>
                  <th scope="col" className="w-32 px-4 py-3 sm:w-52">
                    Last Seen
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((word) => (
                  <tr key={word.id}>
                    <td className="px-4 py-3 font-medium break-words text-slate-900" lang={word.language}>
                      {word.word}
                    </td>
                    <td className="px-2 py-3 text-right text-slate-700 tabular-nums sm:px-4">
                      {word.occurrences}
                    </td>
                    <td className="px-4 py-3 text-sm text-slate-600">
                      <time dateTime={word.last_seen_at}>
                        {lastSeenFormat.format(new Date(word.last_seen_at))}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </div>
  );
}
