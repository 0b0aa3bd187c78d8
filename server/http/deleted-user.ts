// A token outlives its user: the /api guard checks the token alone, with no database round trip (decision
// 018), so a user deleted after signing in still gets through it for up to the token's hour. Their reads find
// nothing; their writes name a user_id that no longer exists, and PostgreSQL refuses them with a foreign-key
// violation. That refusal is the check, at no cost to any other request: it is answered 401, as GoTrue
// answers a session that is gone, so the client signs out.
const FOREIGN_KEY_VIOLATION = '23503';
const SESSION_GONE = 'Your session has ended: sign in again.';

/** The database's error inside `error` (Drizzle wraps it as the cause of its own), if there is one. */
function databaseError(error: unknown): { code?: unknown; detail?: unknown } | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    if ('code' in current && 'detail' in current) return current as { code?: unknown; detail?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The body of the 401 for an error that says the request's user no longer exists (a write naming a deleted
 * user's id): the API's sentence and GoTrue's code, which the auth client reads; undefined for any other error.
 */
export function deletedUserAnswer(error: unknown): Record<string, string> | undefined {
  const cause = databaseError(error);
  if (cause?.code !== FOREIGN_KEY_VIOLATION || typeof cause.detail !== 'string') return undefined;
  if (!/^Key \(user_id\)=.* is not present in table "users"\.$/.test(cause.detail)) return undefined;
  return {
    error: SESSION_GONE,
    code: 'session_not_found',
    error_code: 'session_not_found',
    msg: SESSION_GONE,
  };
}
