// The account a learner owns (issue 20): their signed-in devices, and deleting the account with everything
// personal kept about them. The download of their data is in export.ts.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  ACCOUNT_GONE,
  CONFIRMATION_MISMATCH,
  confirmsAddress,
  LAST_ADMIN,
  SESSION_NOT_FOUND,
} from '#common/schemas/account.ts';
import { cancelSubscriptionNow } from '#server/billing/service.ts';
import type { BillingSettings } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import {
  applicantVideos,
  authEmailThrottle,
  authSessions,
  feedback,
  teacherApplications,
  users,
} from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';

export interface SessionRow {
  id: string;
  createdAt: Date;
  refreshedAt: Date | null;
  notAfter: Date;
  userAgent: string | null;
}

/** A session as the devices list and the export read it. */
export const sessionColumns = {
  id: authSessions.id,
  createdAt: authSessions.createdAt,
  refreshedAt: authSessions.refreshedAt,
  notAfter: authSessions.notAfter,
  userAgent: authSessions.userAgent,
};

/** The learner's sessions that have not ended (within their 90 days), the most recently used first. */
export async function listSessions(db: Database, userId: string, now = new Date()): Promise<SessionRow[]> {
  return db
    .select(sessionColumns)
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.notAfter, now)))
    .orderBy(
      desc(sql`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt})`),
      desc(authSessions.createdAt),
      desc(authSessions.id),
    );
}

/** Ends one of the learner's own sessions (its refresh tokens go with it, by cascade); 404 for any other. */
export async function endSession(db: Database, userId: string, sessionId: string): Promise<void> {
  const ended = await db
    .delete(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .returning({ id: authSessions.id });
  if (ended.length === 0) throw new HttpError(404, SESSION_NOT_FOUND);
}

/**
 * The 401 of a user who no longer exists (the access token outlives the account by up to its hour): the API's
 * sentence, and GoTrue's code, as server/http/deleted-user.ts answers a write by such a user.
 */
export function accountGone(): HttpError {
  return new HttpError(401, ACCOUNT_GONE, { code: 'session_not_found', error_code: 'session_not_found' });
}

/** The learner's account row; 401 when it is gone. */
export async function accountOf(
  db: Database | Transaction,
  userId: string,
): Promise<typeof users.$inferSelect> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw accountGone();
  return user;
}

/** Admins deleting themselves take turns, so two of the last two cannot both go (any number, one lock). */
const ADMIN_DELETION_LOCK = 7_200_020;

export interface DeletedAccount {
  email: string;
  /** The storage keys of the applicant videos whose rows went: removed once the deletion has committed. */
  videoKeys: string[];
  /** The Stripe subscription cancelled first, if there was one that could still charge. */
  cancelledSubscription: string | undefined;
}

/**
 * Deletes the learner's account once `typedEmail` names its address (any case): a live Stripe subscription is
 * cancelled first (if Stripe cannot be reached, nothing is deleted: 502), then in one transaction the rows
 * kept by address (narrator applications and videos, feedback, the sign-in mail slot) and the user, whose
 * sessions, progress, words, reading days, goals and subscription row go by cascade. The last administrator
 * is refused (409). The video files are the caller's to remove after this answers.
 */
export async function deleteAccount(
  db: Database,
  billing: BillingSettings | undefined,
  request: {
    userId: string;
    typedEmail: string;
    /** The policy that keeps the last administrator (mayDeleteOwnAccount), asked in the given database. */
    mayDelete: (db: Database | Transaction) => Promise<boolean>;
  },
): Promise<DeletedAccount> {
  const { userId, mayDelete } = request;
  const user = await accountOf(db, userId);
  if (!confirmsAddress(request.typedEmail, user.email)) throw new HttpError(400, CONFIRMATION_MISMATCH);
  if (!(await mayDelete(db))) throw new HttpError(409, LAST_ADMIN);
  const cancelledSubscription = await cancelSubscriptionNow(db, billing, userId);
  const videoKeys = await db.transaction(async (tx) => {
    // Deletions take turns here, so two of the last two administrators cannot both go.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_DELETION_LOCK})`);
    if (!(await mayDelete(tx))) throw new HttpError(409, LAST_ADMIN);
    return deleteRows(tx, user);
  });
  return { email: user.email, videoKeys, cancelledSubscription };
}

/** Deletes the user and what is kept by their address; answers the keys of the videos whose rows went. */
async function deleteRows(tx: Transaction, user: { id: string; email: string }): Promise<string[]> {
  const address = user.email.toLowerCase();
  const videos = await tx
    .delete(applicantVideos)
    .where(sql`lower(${applicantVideos.email}) = ${address}`)
    .returning({ key: applicantVideos.storagePath });
  await tx.delete(teacherApplications).where(sql`lower(${teacherApplications.email}) = ${address}`);
  // feedback.user_id is ON DELETE SET NULL, to keep the team's copy of a deleted account's words: they are
  // the learner's, and go with the account. Rows already orphaned under the same address go too.
  await tx
    .delete(feedback)
    .where(
      or(
        eq(feedback.userId, user.id),
        and(isNull(feedback.userId), sql`lower(${feedback.email}) = ${address}`),
      ),
    );
  await tx.delete(authEmailThrottle).where(sql`lower(${authEmailThrottle.email}) = ${address}`);
  const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
  // Deleted by another request meanwhile: that one answered; this one is a call by a user who is gone.
  if (deleted.length === 0) throw accountGone();
  return videos.map((video) => video.key);
}

/** Removes stored files that no row names any more; a key already gone is no error. */
export async function removeStoredFiles(storage: ObjectStorage, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await storage.delete(keys);
}
