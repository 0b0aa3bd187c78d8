// When a change happened, in SQL (decision 084): the moment a learner made it offline (the Occurred-At header,
// already checked), or the database's now() when it came with none, as every write did before the outbox.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The change's moment: `at`, or now() when none was sent. */
export function momentOf(at: Date | undefined): SQL {
  return at === undefined ? sql`now()` : sql`${at.toISOString()}::timestamptz`;
}

/**
 * A timestamp the change moves forward but never back: a change made offline on Monday and sent on Wednesday
 * leaves a Tuesday's time as it is. now() when no moment was sent.
 */
export function laterOf(column: AnyColumn | SQL, at: Date | undefined): SQL {
  return at === undefined ? sql`now()` : sql`greatest(${column}, ${momentOf(at)})`;
}
