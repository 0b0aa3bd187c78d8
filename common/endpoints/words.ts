// The words a learner has looked up (learner.md §7), and issue 22's additions: each word's meaning, status and
// first sentence in the list, with filters and sorting, deleting a word, and the list as a CSV file or as an
// Anki deck.
import { endpoint } from '../contract.ts';
import { formatCount } from '../plural.ts';
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
  offline: true,
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

/** The most words an Anki deck export holds: its collection is built in memory, which this keeps bounded. */
export const MAX_ANKI_WORDS = 20_000;

/** The sentence a 400 answers for an Anki export of more than MAX_ANKI_WORDS words. */
export const ANKI_DECK_TOO_LARGE = `An Anki deck holds at most ${formatCount(MAX_ANKI_WORDS)} words: choose a language or search to export fewer.`;

/**
 * Issue 22: the words the list would show (same query), as an Anki deck to download (an .apkg file, the legacy
 * schema 11 every Anki imports: decision 074): a note per word, its word on the front and its reading, meaning
 * and sentence (the word in bold) on the back; a deck per language, "Catamaran — Spanish". No words, an empty
 * deck; more than MAX_ANKI_WORDS, 400.
 */
export const exportWordsAnki = endpoint({
  method: 'GET',
  path: '/api/words/export.apkg',
  access: 'signed-in',
  query: SavedWordsQuery,
  response: 'file',
});
