// The account a learner owns (issue 20): their signed-in devices, their data, and deleting the account.
import { endpoint } from '../contract.ts';
import { DeleteAccountInput, SignedInDevices } from '../schemas/account.ts';

/** The learner's sessions that have not ended, the most recently used first. */
export const listSessions = endpoint({
  method: 'GET',
  path: '/api/me/sessions/',
  access: 'signed-in',
  response: SignedInDevices,
});

/**
 * Ends one of the learner's own sessions (its refresh tokens go with it). The id is a UUID, read by the
 * route (route() parses integer ids only): anything else, or a session of someone else, is a 404.
 */
export const endSession = endpoint({
  method: 'DELETE',
  path: '/api/me/sessions/:id/',
  access: 'signed-in',
  response: 'none',
});

/** Everything kept about the learner, as one JSON file to save (DataExport, common/schemas/account.ts). */
export const exportData = endpoint({
  method: 'GET',
  path: '/api/me/export/',
  access: 'signed-in',
  response: 'file',
});

/** Deletes the account and everything personal, once the learner has typed its address. */
export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/api/me/',
  access: 'signed-in',
  body: DeleteAccountInput,
  response: 'none',
});
