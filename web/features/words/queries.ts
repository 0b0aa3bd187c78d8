// The saved words' calls (issue 22): the list as filtered and sorted, a term's status, a delete, the CSV file
// and the Anki deck.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resetTerm, setTermStatus } from '#common/endpoints/terms.ts';
import { deleteWord, exportWords, exportWordsAnki, listWords } from '#common/endpoints/words.ts';
import type { SavedWord, SavedWordSort, SavedWordsQuery, SortOrder } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { saveFile } from '#web/lib/saveFile.ts';

/** What the learner chose to see: a language (undefined: all), a search, a column and its order. */
export interface WordsView {
  language: string | undefined;
  search: string;
  sort: SavedWordSort;
  order: SortOrder;
}

/** The query the server is sent for a view: only what differs from its defaults. */
export function queryOf(view: WordsView): SavedWordsQuery {
  return {
    ...(view.language ? { language: view.language } : {}),
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...(view.sort === 'last_seen' && view.order === 'desc' ? {} : { sort: view.sort, order: view.order }),
  };
}

/** The words of a view (GET /api/words/); the previous list stays on screen while the next one loads. */
export function useSavedWords(view: WordsView) {
  const query = queryOf(view);
  return useQuery({
    queryKey: queryKeys.wordList(JSON.stringify(query)),
    queryFn: ({ signal }) => call(listWords, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sets a word's term's status (PUT /api/terms/status/), or makes it new again (null: POST /api/terms/reset/):
 * every listed word of that term shows it at once, and the lists and the reader's chapters are read again after.
 */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { word: SavedWord; status: TermStatus | null }) => {
      const body = { language: input.word.language, term: input.word.term ?? input.word.word };
      if (input.status === null) await call(resetTerm, { body });
      else await call(setTermStatus, { body: { ...body, status: input.status } });
    },
    onMutate: ({ word, status }) => {
      const term = word.term ?? word.word;
      queryClient.setQueriesData<SavedWord[]>({ queryKey: queryKeys.words() }, (words) =>
        words?.map((each) =>
          each.language === word.language && (each.term ?? each.word) === term ? { ...each, status } : each,
        ),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.words() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chapters() });
    },
  });
}

/** Deletes a saved word (DELETE /api/words/{id}/), then reads the lists again. */
export function useDeleteWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteWord, { params: { id } }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueriesData<SavedWord[]>({ queryKey: queryKeys.words() }, (words) =>
        words?.filter((word) => word.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.words() }),
  });
}

/** The day in the learner's own time, as a file name wants it. */
function localDay(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Downloads the words of a view as CSV (GET /api/words/export.csv), in the order shown. */
export async function downloadCsv(view: WordsView): Promise<void> {
  const blob = await call(exportWords, { query: queryOf(view) });
  saveFile(blob, `catamaran-words-${view.language ? `${view.language}-` : ''}${localDay()}.csv`);
}

/** Downloads the words of a view as an Anki deck (GET /api/words/export.apkg): a card per word, in the order shown. */
export async function downloadAnki(view: WordsView): Promise<void> {
  const blob = await call(exportWordsAnki, { query: queryOf(view) });
  saveFile(blob, `catamaran-words-${view.language ? `${view.language}-` : ''}${localDay()}.apkg`);
}
