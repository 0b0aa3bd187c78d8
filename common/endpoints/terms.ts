// What a learner knows (issue 22): the statuses of terms, set from the word panel.
import { endpoint } from '../contract.ts';
import {
  ForgetTermsInput,
  MarkedKnown,
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
});

/**
 * Makes every new term of a chapter known ('Also mark the remaining new words as known' after Mark as Read);
 * answers the terms it changed. The chapter must be readable by the learner.
 */
export const markChapterKnown = endpoint({
  method: 'POST',
  path: '/api/chapters/:id/mark-known/',
  access: 'signed-in',
  ids: { id: 'Chapter not found' },
  response: MarkedKnown,
});

/** Undoes a mark-known: the terms still known become new again; answers how many did. */
export const forgetTerms = endpoint({
  method: 'POST',
  path: '/api/terms/forget/',
  access: 'signed-in',
  body: ForgetTermsInput,
  response: TermsChanged,
});
