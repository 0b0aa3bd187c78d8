import { BookMarked, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { SavedWord, SavedWordSort } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { ImportKnownWords } from './ImportKnownWords.tsx';
import { downloadCsv, useDeleteWord, useSavedWords, useSetStatus, type WordsView } from './queries.ts';
import { WordsTable } from './WordsTable.tsx';
import { WordsToolbar } from './WordsToolbar.tsx';

export const WORDS_TITLE = 'Saved Words · Catamaran';
export const NO_WORDS = 'No saved words yet';
export const NO_MATCHES = 'No saved words match your search';
export const EXPORT_FAILED = 'The words could not be exported. Please try again.';
export const STATUS_FAILED = 'The status could not be changed. Please try again.';

// The dashboard remembers the language chosen on this device under this key (features/dashboard).
const CHOSEN_LANGUAGE_KEY = 'catamaran-language';

function chosenLanguage(): string | undefined {
  try {
    return window.localStorage.getItem(CHOSEN_LANGUAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** How long typing must pause before the search is sent: one request per word typed, not per letter. */
const SEARCH_PAUSE_MS = 250;

/** The value once it has stopped changing for `delay` milliseconds. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The view sorted by a column: the other order when it already is, else the column's own first order. */
function sortedBy(view: WordsView, sort: SavedWordSort): WordsView {
  if (view.sort === sort) return { ...view, order: view.order === 'asc' ? 'desc' : 'asc' };
  // Dates and counts read best newest and largest first; words, meanings and statuses from the start.
  return {
    ...view,
    sort,
    order: sort === 'word' || sort === 'meaning' || sort === 'status' ? 'asc' : 'desc',
  };
}

/** Asks before a saved word is deleted; closes once it is. */
function DeleteWordDialog({ word, onClose }: { word: SavedWord; onClose: () => void }) {
  const removal = useDeleteWord();
  return (
    <ConfirmDeleteDialog
      title={`Delete “${word.word}”?`}
      description="It leaves your saved words with its count. What you know of it (its status) stays."
      fallback="The word could not be deleted. Please try again."
      onConfirm={async () => {
        await removal.mutateAsync(word.id);
      }}
      onClose={onClose}
    />
  );
}

/** The empty list: none saved yet, or none the search or language finds. */
function NoWords({ isFiltered, hasLanguage }: { isFiltered: boolean; hasLanguage: boolean }) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <BookMarked className="size-10 text-brand-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold text-slate-800">{isFiltered ? NO_MATCHES : NO_WORDS}</p>
      <p className="mt-1 text-sm text-slate-600">
        {isFiltered || hasLanguage
          ? 'Try another search, or choose All languages.'
          : 'Tap any word in a story to see its translation; it is saved here.'}
      </p>
    </div>
  );
}

/** The page's heading, and the import of known words beside it (in the language shown, else the chosen one). */
function WordsHeading({ language }: { language: string | undefined }) {
  const [isImporting, setImporting] = useState(false);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Saved Words</h1>
        <p className="mt-2 text-slate-600">Every word you looked up while reading, the most recent first.</p>
      </div>
      <Button variant="outline" onClick={() => setImporting(true)}>
        <Upload className="size-4" aria-hidden="true" />
        Import known words
      </Button>
      {isImporting ? (
        <ImportKnownWords
          defaultLanguage={language ?? chosenLanguage() ?? 'es'}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * /words (spec/learner.md §2): every word the learner looked up, how often, and when last, in the learner's own
 * time; with issue 22 its meaning, its status (changeable), the sentence it was first met in, a language filter
 * (the language chosen on the dashboard first), a search, sorting by any column, delete, a CSV export, and an
 * import of the words the learner already knows. A
 * failed load is only logged (§8) and reads as the empty list.
 */
export function SavedWords() {
  useDocumentTitle(WORDS_TITLE);
  const [view, setView] = useState<WordsView>(() => ({
    language: chosenLanguage(),
    search: '',
    sort: 'last_seen',
    order: 'desc',
  }));
  const search = useSettled(view.search, SEARCH_PAUSE_MS);
  const words = useSavedWords({ ...view, search });
  const setStatus = useSetStatus();
  const [deleting, setDeleting] = useState<SavedWord>();
  const [isExporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (words.error) console.warn('Could not load the saved words', words.error);
  }, [words.error]);
  const list = words.data ?? [];
  const isFiltered = view.search.trim() !== '';

  function handleSort(sort: SavedWordSort) {
    setView((current) => sortedBy(current, sort));
  }

  async function handleExport() {
    setExporting(true);
    setProblem(undefined);
    try {
      await downloadCsv(view);
    } catch (error) {
      console.warn(EXPORT_FAILED, error);
      setProblem(EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  }

  function handleStatus(word: SavedWord, status: TermStatus | null) {
    setProblem(undefined);
    setStatus.mutate({ word, status }, { onError: () => setProblem(STATUS_FAILED) });
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.dashboard} label="Back to Dashboard" />
      <main id="main" className="mx-auto w-full max-w-3xl px-3 py-8 sm:px-6 sm:py-10">
        <WordsHeading language={view.language} />
        <WordsToolbar
          view={view}
          onChange={setView}
          onExport={handleExport}
          isExporting={isExporting}
          canExport={list.length > 0}
        />
        {problem ? <InlineAlert message={problem} className="mt-4" /> : null}
        {words.isPending ? (
          <div className="py-16">
            <Spinner label="Loading..." showLabel className="justify-center text-slate-600" />
          </div>
        ) : list.length === 0 ? (
          <NoWords isFiltered={isFiltered} hasLanguage={view.language !== undefined} />
        ) : (
          <WordsTable
            words={list}
            sort={view.sort}
            order={view.order}
            onSort={handleSort}
            onStatus={handleStatus}
            onDelete={setDeleting}
          />
        )}
        {deleting ? <DeleteWordDialog word={deleting} onClose={() => setDeleting(undefined)} /> : null}
      </main>
    </div>
  );
}
