import { and, eq, ne, sql } from 'drizzle-orm';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { emailChangeMessage, emailChangeNoticeMessage } from '#server/mail/messages.ts';
import { claimEmailSlot, EMAIL_INTERVAL_SECONDS, LINK_LIFETIME_MS, replaceLink } from './mailed-links.ts';
import type { UserRow } from './users.ts';

const UNIQUE_VIOLATION = '23505';

export type EmailChangeOutcome =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'email_exists' | 'user_not_found' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

export interface EmailChangeRequest {
  userId: string;
  newEmail: string;
  /** Where the confirmation link leads once opened (already checked to be on this site). */
  redirectTo: string;
}

/**
 * GoTrue's e-mail change (docs/decisions/064): the new address gets a link and a code that confirm it, the
 * current address a notice, and the account keeps its address until the link is opened (`new_email` and
 * `email_change_sent_at` tell so meanwhile). Asking again replaces the pending link. The same limits as a
 * sign-in mail hold: one mail a minute to the new address, and one change asked a minute per account.
 */
export async function requestEmailChange(
  db: Database,
  jobs: Jobs,
  settings: { siteUrl: string; secret: string },
  request: EmailChangeRequest,
  now = new Date(),
  intervalSeconds = EMAIL_INTERVAL_SECONDS,
): Promise<EmailChangeOutcome> {
  const email = request.newEmail.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.id, request.userId));
  if (!user) return { ok: false, reason: 'user_not_found' };
  // GoTrue changes nothing when the address is the one the account has.
  if (user.email.toLowerCase() === email) return { ok: true, user };

  const sinceLast = user.emailChangeSentAt
    ? (now.getTime() - user.emailChangeSentAt.getTime()) / 1000
    : Infinity;
  if (sinceLast < intervalSeconds) {
    return {
      ok: false,
      reason: 'rate_limited',
      retryAfterSeconds: Math.max(1, Math.ceil(intervalSeconds - sinceLast)),
    };
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id)));
  if (taken) return { ok: false, reason: 'email_exists' };
  const retryAfterSeconds = await claimEmailSlot(db, email, now, intervalSeconds);
  if (retryAfterSeconds > 0) return { ok: false, reason: 'rate_limited', retryAfterSeconds };

  const updated = await db.transaction(async (tx) => {
    const link = await replaceLink(
      tx,
      { userId: user.id, purpose: 'email_change', secret: settings.secret, redirectTo: request.redirectTo },
      now,
    );
    const [row] = await tx
      .update(users)
      .set({ newEmail: email, emailChangeSentAt: now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return row && { row, ...link };
  });
  if (!updated) return { ok: false, reason: 'user_not_found' };
  const { row, token, code } = updated;

  const link = new URL(`${settings.siteUrl}${CLIENT_ROUTES.signInVerify}`);
  link.searchParams.set('token_hash', token);
  link.searchParams.set('type', 'email_change');
  link.searchParams.set('redirect_to', request.redirectTo);
  const minutes = LINK_LIFETIME_MS / 60_000;
  await jobs.sendMail(emailChangeMessage({ to: email, link: link.toString(), code, minutes }));
  await jobs.sendMail(
    emailChangeNoticeMessage({
      to: user.email,
      newEmail: email,
      accountUrl: `${settings.siteUrl}${CLIENT_ROUTES.account}`,
    }),
  );
  return { ok: true, user: row };
}

/**
 * Makes the pending new address the account's own, inside the transaction that spent its link or code:
 * 'applied'; 'email_exists' when another account took the address since it was asked for; 'nothing_pending'
 * when there is no pending change (the link outlived it).
 */
export async function applyEmailChange(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<'applied' | 'email_exists' | 'nothing_pending'> {
  try {
    // A savepoint: a unique violation must not abort the transaction that spent the link.
    const [changed] = await tx.transaction((inner) =>
      inner
        .update(users)
        .set({
          email: sql`${users.newEmail}`,
          newEmail: null,
          emailChangeSentAt: null,
          emailConfirmedAt: now,
          updatedAt: now,
        })
        .where(and(eq(users.id, userId), sql`${users.newEmail} IS NOT NULL`))
        .returning({ id: users.id }),
    );
    return changed ? 'applied' : 'nothing_pending';
  } catch (error) {
    if ((error as { cause?: { code?: unknown } }).cause?.code === UNIQUE_VIOLATION) return 'email_exists';
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return 'email_exists';
    throw error;
  }
}
