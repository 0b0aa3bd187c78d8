// What a learner knows (issue 22): the statuses of terms, set from the word panel.
import { endpoint } from '../contract.ts';
import {
  ForgetTermsInput,
  ImportKnownInput,
  ImportKnownResult,
  KnownWords,
  KnownWordsQuery,
  MarkedKnown,
  ResetTermInput,
  SetTermStatusInput,
  TermStatusResult,
  TermsChanged,
} from '../schemas/terms.ts';

/** Sets a term's status for the learner (any status: the learner may lower it too). */
export const setTermStatus = endpoint({
  method: 'PUT',
  path: '/api/terms/status/',
  access: 'signed-in',
  body: SetTermStatusInput,
  response: TermStatusResult,
  offline: true,
});

/** Makes a term new again (its status forgotten, e.g. from /words); answers 1 if it had a status, else 0. */
export const resetTerm = endpoint({
  method: 'POST',
  path: '/api/terms/reset/',
  access: 'signed-in',
  body: ResetTermInput,
  response: TermsChanged,
});

/**
 * Makes every new term of a chapter known ('Also mark the remaining new words as known' after Mark as Read);
 * answers the terms it changed. The chapter must be readable by the learner. Sent late from the outbox too
 * (issue 24): known from its Occurred-At.
 */
export const markChapterKnown = endpoint({
  method: 'POST',
  path: '/api/chapters/:id/mark-known/',
  access: 'signed-in',
  ids: { id: 'Chapter not found' },
  response: MarkedKnown,
  offline: true,
});

/** Undoes a mark-known: the terms still known become new again; answers how many did. */
export const forgetTerms = endpoint({
  method: 'POST',
  path: '/api/terms/forget/',
  access: 'signed-in',
  body: ForgetTermsInput,
  response: TermsChanged,
});

/**
 * What importing a list of known words would do, without doing it: the rows read and skipped, the terms they
 * lead to and how many would change, with examples.
 */
export const previewKnownImport = endpoint({
  method: 'POST',
  path: '/api/terms/import/preview/',
  access: 'signed-in',
  body: ImportKnownInput,
  response: ImportKnownResult,
});

/**
 * Imports a list of known words: new and learning terms become known (or the learning level a LingQ export
 * gives them); a status is never lowered, and known or ignored terms stay. Answers what changed.
 */
export const importKnown = endpoint({
  method: 'POST',
  path: '/api/terms/import/',
  access: 'signed-in',
  body: ImportKnownInput,
  response: ImportKnownResult,
});

/** The learner's known words per language: the count, those learned today, and the count day by day. */
export const knownWords = endpoint({
  method: 'GET',
  path: '/api/terms/known/',
  access: 'signed-in',
  query: KnownWordsQuery,
  response: KnownWords,
});
