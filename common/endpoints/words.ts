// The words a learner has looked up (learner.md §7).
import { endpoint } from '../contract.ts';
import { SavedWord, SavedWordList, SavedWordsQuery, SaveWordInput } from '../schemas/reading.ts';

/** Answers 201 for a first save, 200 for another occurrence. */
export const saveWord = endpoint({
  method: 'POST',
  path: '/api/words/save/',
  access: 'signed-in',
  body: SaveWordInput,
  response: SavedWord,
});

export const listWords = endpoint({
  method: 'GET',
  path: '/api/words/',
  access: 'signed-in',
  query: SavedWordsQuery,
  response: SavedWordList,
});
