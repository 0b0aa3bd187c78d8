// The keys of changes sent with an `Idempotency-Key` (decision 084): claimed in the transaction of the change
// itself and given its answer before that transaction commits, so a change and its key are kept together or not
// at all. A process killed between the two leaves neither, and the retry does the change once.
import { hash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_KEPT_DAYS,
  IDEMPOTENCY_KEY_REUSED,
} from '#common/offline.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema.ts';
import { HttpError } from './errors.ts';

/** A change sent with a key: whose, the key, and what it asked, to tell a retry from another request. */
export interface KeyedRequest {
  userId: string;
  key: string;
  /** The declaration's method and path, `POST /api/chapters/:id/mark-read/`. */
  endpoint: string;
  /** fingerprintOf the request's ids, query and body. */
  fingerprint: string;
}

/** The answer a key got: its status, and its JSON body (null for none). */
export interface RememberedAnswer {
  status: number;
  body: unknown;
}

/**
 * How long a request waits for another with the same key to finish (two tabs, two servers) before it is told
 * to try again: the first's change takes milliseconds, so a longer wait means it is stuck.
 */
const WAIT_FOR_THE_OTHER = '5s';
/** Whole seconds a request refused while the other is in flight is asked to wait (Retry-After). */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;
/** PostgreSQL's lock_not_available: the wait passed lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/** The parsed ids, query and body of a request, hashed: a retry sends the same, another request does not. */
export function fingerprintOf(parts: { ids: unknown; query: unknown; body: unknown }): string {
  return hash('sha256', JSON.stringify([parts.ids, parts.query, parts.body]), 'base64url');
}

/**
 * Takes the advisory lock of the learner's key (migration 0031) with lock_timeout set to WAIT_FOR_THE_OTHER for
 * the rest of the transaction. Every path that writes a key takes its lock first, before any row (a batch of
 * reading-time reports takes its keys' locks in ascending order, server/activity/free-reports.ts): a change and a
 * retry of it wait for each other at the lock, never in a cycle of rows (decision 106).
 */
function takeKeyLock(tx: Transaction, request: KeyedRequest) {
  return tx.execute(sql`SELECT pg_advisory_xact_lock(idempotency_key_lock(${request.userId}::uuid, ${request.key}::uuid))
    FROM (SELECT set_config('lock_timeout', ${WAIT_FOR_THE_OTHER}, true)) AS waiting`);
}

function isLockTimeout(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === LOCK_NOT_AVAILABLE || cause?.code === LOCK_NOT_AVAILABLE;
}

/**
 * Claims the learner's key inside the transaction of the change: undefined when the key is new (the change
 * follows, then rememberAnswer), or the answer given to it before. The same key in flight in another
 * transaction makes this one wait for it, at the key's lock: once it commits, its answer is the one given here;
 * if it rolls back, this one claims the key. A wait past WAIT_FOR_THE_OTHER is 409. The same key with another endpoint or
 * other ids, query or body is 422: answering it with the first's answer would tell the client a lie.
 */
export async function claimKey(
  tx: Transaction,
  request: KeyedRequest,
): Promise<RememberedAnswer | undefined> {
  let claimed: unknown[];
  try {
    await takeKeyLock(tx, request);
    claimed = await tx
      .insert(idempotencyKeys)
      .values(request)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  } catch (error) {
    if (isLockTimeout(error)) throw new HttpError(409, IDEMPOTENCY_KEY_IN_FLIGHT);
    throw error;
  }
  await tx.execute(sql`SET LOCAL lock_timeout TO DEFAULT`);
  if (claimed.length > 0) return undefined;
  const [before] = await tx
    .select({
      endpoint: idempotencyKeys.endpoint,
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!before) throw new Error('claimKey found neither a new key nor the one there was');
  if (before.endpoint !== request.endpoint || before.fingerprint !== request.fingerprint) {
    throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
  }
  // The answer is written in the claim's transaction, so a committed key always has one.
  if (before.status === null) throw new Error('claimKey found a key without its answer');
  return { status: before.status, body: before.body };
}

/** Writes the answer of a key claimed in this transaction, before it commits. */
export async function rememberAnswer(
  tx: Transaction,
  request: KeyedRequest,
  answer: RememberedAnswer,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body })
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

/** Forgets the keys older than IDEMPOTENCY_KEY_KEPT_DAYS (every hour, server/app.ts); answers how many. */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  const pruned = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(days => ${IDEMPOTENCY_KEY_KEPT_DAYS})`)
    .returning({ key: idempotencyKeys.key });
  return pruned.length;
}
