import { and, eq, gt, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';

/**
 * Wrong 6-digit codes one address may send in an hour, across all its codes. Each code takes five tries, but a
 * new code comes every minute: without this, a guesser would get 5 more tries a minute, 300 an hour.
 */
export const CODE_FAILURES_PER_HOUR = 10;
const WINDOW_MS = 60 * 60 * 1000;

// Counted in the table the per-IP limits use (server/http/rate-limit-store.ts), so every app server agrees:
// one row per address, a fixed window from its first wrong code.
const keyOf = (email: string) => `code-failures:${email}`;

/**
 * Waits for any other verification of the same address to finish (held until the transaction ends), so that
 * guesses sent at once to several servers are counted one after the other.
 */
export async function lockAddress(tx: Transaction, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${keyOf(email)}, 0))`);
}

/** The seconds until the address may try a code again; 0 when it may now. */
export async function codeLockSeconds(tx: Transaction, email: string, now: Date): Promise<number> {
  const [row] = await tx
    .select()
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(email)), gt(rateLimits.resetAt, now)));
  if (!row || row.count < CODE_FAILURES_PER_HOUR) return 0;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
}

/** Counts a wrong code, in a window that starts with the first one and lasts an hour. */
export async function countCodeFailure(tx: Transaction, email: string, now: Date): Promise<void> {
  const resetAt = new Date(now.getTime() + WINDOW_MS);
  await tx
    .insert(rateLimits)
    .values({ key: keyOf(email), count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    });
}

/** A right code proves the address is the learner's: the wrong ones before it no longer count. */
export async function forgetCodeFailures(tx: Transaction, email: string): Promise<void> {
  await tx.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
}

/** What the sign-in screen shows to an address that sent too many wrong codes. */
export function tooManyCodesMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return (
    'Too many wrong codes for this address. Use the link in the e-mail instead, or try a code again in ' +
    `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
  );
}
