import { and, gt, inArray, sql } from 'drizzle-orm';
import { plural } from '#common/plural.ts';
import type { Transaction } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { HOURS, MINUTES } from '#server/http/retry-after.ts';

/**
 * Wrong 6-digit codes one address may send, across all its codes. Each code takes five tries, but a new code
 * comes every minute: without a bound per address a guesser would get 300 tries an hour. Ten an hour alone
 * would still allow 240 a day, a chance of 1 in 4,200 of guessing a code; twenty a day keeps it at 1 in 50,000.
 */
export const CODE_FAILURE_WINDOWS = [
  { name: 'hour', ms: 60 * 60 * 1000, limit: 10 },
  { name: 'day', ms: 24 * 60 * 60 * 1000, limit: 20 },
] as const;
export const CODE_FAILURES_PER_HOUR = CODE_FAILURE_WINDOWS[0].limit;

// Counted in the table the per-IP limits use (server/http/rate-limit-store.ts), so every app server agrees:
// one row per address and window, a fixed window from its first wrong code.
const keyOf = (email: string, window = 'hour') =>
  window === 'hour' ? `code-failures:${email}` : `code-failures-${window}:${email}`;
const keysOf = (email: string) => CODE_FAILURE_WINDOWS.map((window) => keyOf(email, window.name));

/**
 * Waits for any other verification of the same address to finish (held until the transaction ends), so that
 * guesses sent at once to several servers are counted one after the other.
 */
export async function lockAddress(tx: Transaction, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${keyOf(email)}, 0))`);
}

/** The seconds until the address may try a code again (the longest of its full windows); 0 when it may now. */
export async function codeLockSeconds(tx: Transaction, email: string, now: Date): Promise<number> {
  const rows = await tx
    .select()
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keysOf(email)), gt(rateLimits.resetAt, now)));
  let seconds = 0;
  for (const window of CODE_FAILURE_WINDOWS) {
    const row = rows.find((candidate) => candidate.key === keyOf(email, window.name));
    if (!row || row.count < window.limit) continue;
    seconds = Math.max(seconds, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000), 1);
  }
  return seconds;
}

/** Counts a wrong code in each window, each starting with the first wrong code and lasting its length. */
export async function countCodeFailure(tx: Transaction, email: string, now: Date): Promise<void> {
  for (const window of CODE_FAILURE_WINDOWS) {
    const resetAt = new Date(now.getTime() + window.ms);
    await tx
      .insert(rateLimits)
      .values({ key: keyOf(email, window.name), count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
        },
      });
  }
}

/** A right code proves the address is the learner's: the wrong ones before it no longer count. */
export async function forgetCodeFailures(tx: Transaction, email: string): Promise<void> {
  await tx.delete(rateLimits).where(inArray(rateLimits.key, keysOf(email)));
}

/** What the sign-in screen shows to an address that sent too many wrong codes. */
export function tooManyCodesMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const hours = Math.ceil(minutes / 60);
  const wait = minutes <= 90 ? plural(minutes, MINUTES) : plural(hours, HOURS);
  return (
    'Too many wrong codes for this address. Use the link in the e-mail instead, or try a code again in ' +
    `${wait}.`
  );
}
