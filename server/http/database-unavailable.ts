// When the database stops answering (it restarts, fails over, or was killed), every call that needs it fails
// with a connection-level error. Those are not bugs of ours: the caller is told to try again in a moment (503
// with Retry-After) instead of a 500, and the outage is logged once, not as a stack per request.

/** The answer of any call that needed the database while it was not answering. */
export const DATABASE_UNAVAILABLE = 'The database is not answering. Try again in a moment.';

/** Seconds a client is asked to wait before trying again (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket errors of a connection that could not be made or was cut. (Kept to these two: a timeout or an
// unreachable host is as likely to come from S3 or Stripe, and must not be blamed on the database.)
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET']);

// SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping).
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

// node-postgres and pg-pool say these in words only: a connection cut under a query, or none to be had in time.
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/**
 * True when `error`, or an error it wraps (Drizzle wraps the driver's in `cause`; a failed connect to several
 * addresses is an AggregateError), says the database could not be reached or went away, rather than that a
 * query was wrong.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
  }
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

interface WarnLog {
  warn(details: object, message: string): void;
}

/**
 * Logs an outage at warn once, then at most once every `intervalMs` while it lasts, with how many failed calls
 * went unlogged in between: an outage under load would otherwise write a stack per request.
 */
export function outageReporter(intervalMs = 30_000, now: () => number = Date.now) {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (log: WarnLog, error: unknown): void => {
    const time = now();
    if (time - lastLogged < intervalMs) {
      unlogged += 1;
      return;
    }
    const cause = error instanceof Error ? innermostMessage(error) : String(error);
    log.warn(
      { cause, failedCallsSinceLastLine: unlogged },
      'the database is not answering: calls that need it answer 503 until it is back',
    );
    lastLogged = time;
    unlogged = 0;
  };
}

function innermostMessage(error: Error): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (current as { cause?: unknown }).cause;
    if (!(cause instanceof Error)) break;
    current = cause;
  }
  return (current as Error).message;
}
