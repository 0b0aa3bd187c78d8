// What a learner knows (issue 22): the statuses of terms, set from the word panel.
import { endpoint } from '../contract.ts';
import { SetTermStatusInput, TermStatusResult } from '../schemas/terms.ts';

/** Sets a term's status for the learner (any status: the learner may lower it too). */
export const setTermStatus = endpoint({
  method: 'PUT',
  path: '/api/terms/status/',
  access: 'signed-in',
  body: SetTermStatusInput,
  response: TermStatusResult,
});
