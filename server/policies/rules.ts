// The rules of who may do what (learner.md §6, admin.md §1): the one place each is decided. The pure ones take
// a row already read; the others ask the request's viewer, whose admin role and plan are read at most once.
import type { Database, Transaction } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import type { Viewer } from './viewer.ts';

/** The 404 of a chapter that does not exist, or that the viewer may not know of. */
export const CHAPTER_NOT_FOUND = 'Chapter not found';
const PRO_ONLY = 'This story is for Pro members. Upgrade to read it.';

/** The admin rule for a user row: marked admin, or listed in ADMIN_EMAILS (kept in lower case). */
export function isAdminUser(
  user: { email: string; isAdmin: boolean },
  adminEmails: readonly string[],
): boolean {
  return user.isAdmin || adminEmails.includes(user.email.toLowerCase());
}

/** A subscription that is paid for, now: active or trialing. */
export function isPaying(status: string): boolean {
  return status === 'active' || status === 'trialing';
}

/** Pro while the subscription is active or trialing (learner.md §6), or when it was granted by hand. */
export function isPro(row: { status: string; isGrantedPro: boolean } | undefined): boolean {
  if (!row) return false;
  return row.isGrantedPro || isPaying(row.status);
}

/**
 * Whether the viewer may delete their own account: anyone but the last administrator, who must make someone
 * else one first (read in `db`, so a deletion's transaction asks under its own lock).
 */
export async function mayDeleteOwnAccount(viewer: Viewer, db: Database | Transaction): Promise<boolean> {
  if (!(await isAdmin(viewer))) return true;
  return viewer.hasAnotherAdmin(db);
}

/** Whether the viewer is an administrator. */
export async function isAdmin(viewer: Viewer): Promise<boolean> {
  return (await viewer.access()).isAdmin;
}

/**
 * Whether the viewer may see a story at all: a published one, anyone; an unpublished one, admins only (to
 * everyone else it does not exist). Asks for the viewer's role only for an unpublished story.
 */
export async function canSee(viewer: Viewer | null, story: { isPublished: boolean }): Promise<boolean> {
  if (story.isPublished) return true;
  return viewer !== null && (await viewer.access()).isAdmin;
}

/**
 * Whether the story's chapters are closed to the viewer: it is not free, and they have neither Pro nor the
 * admin role (a visitor without a token has neither). Asks for the viewer's plan only for a story not free.
 */
export async function isLocked(viewer: Viewer | null, story: { isFree: boolean }): Promise<boolean> {
  if (story.isFree) return false;
  if (viewer === null) return true;
  const access = await viewer.access();
  return !(access.isPro || access.isAdmin);
}

/**
 * Refuses a chapter the viewer may not open: one of a story they cannot see is hidden (404), one of a locked
 * story needs Pro (403). `checkPlan: false` skips the lock (taking a chapter back is allowed to anyone who
 * could see it).
 */
export async function requireReadable(
  viewer: Viewer,
  story: { isPublished: boolean; isFree: boolean },
  options: { checkPlan: boolean } = { checkPlan: true },
): Promise<void> {
  if (!(await canSee(viewer, story))) throw new HttpError(404, CHAPTER_NOT_FOUND);
  if (options.checkPlan && (await isLocked(viewer, story))) throw new HttpError(403, PRO_ONLY);
}
