// The words a learner has looked up (learner.md §7), and issue 22's additions: each word's meaning, status and
// first sentence in the list, with filters and sorting, deleting a word, and the list as a CSV file.
import { endpoint } from '../contract.ts';
import { SavedWord, SavedWordList, SavedWordsQuery, SaveWordInput } from '../schemas/reading.ts';

/** The sentence a 404 answers for a saved word that is not the learner's (or not there). */
export const WORD_NOT_FOUND = 'Saved word not found.';

/** Answers 201 for a first save, 200 for another occurrence. */
export const saveWord = endpoint({
  method: 'POST',
  path: '/api/words/save/',
  access: 'signed-in',
  body: SaveWordInput,
  response: SavedWord,
});

/**
 * The learner's saved words: the specification's fields, and (issue 22) each word's term, status, meaning,
 * first sentence and first save; filtered by language and search, sorted by `sort` and `order`.
 */
export const listWords = endpoint({
  method: 'GET',
  path: '/api/words/',
  access: 'signed-in',
  query: SavedWordsQuery,
  response: SavedWordList,
});

/** Issue 22: forgets one of the learner's saved words (204); 404 for another learner's. Its term keeps its status. */
export const deleteWord = endpoint({
  method: 'DELETE',
  path: '/api/words/:id/',
  access: 'signed-in',
  ids: { id: WORD_NOT_FOUND },
  response: 'none',
});

/**
 * Issue 22: the words the list would show (same query), as a CSV file to download (UTF-8 with a byte order
 * mark, RFC 4180 quoting), with the columns of SAVED_WORDS_CSV_COLUMNS; dates in ISO 8601, UTC.
 */
export const exportWords = endpoint({
  method: 'GET',
  path: '/api/words/export.csv',
  access: 'signed-in',
  query: SavedWordsQuery,
  response: 'file',
});
