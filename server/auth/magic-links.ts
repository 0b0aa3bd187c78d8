import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { Database } from '#server/db/client.ts';
import { oneTimeTokens, users } from '#server/db/schema.ts';
import type { JobPayloads, Jobs } from '#server/jobs/jobs.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { noAccountMessage, signInMessage } from '#server/mail/messages.ts';
import { codeLockSeconds, countCodeFailure, forgetCodeFailures, lockAddress } from './code-failures.ts';
import { applyEmailChange } from './email-change.ts';
import { claimEmailSlot, EMAIL_INTERVAL_SECONDS, LINK_LIFETIME_MS, replaceLink } from './mailed-links.ts';
import { hashCode, hashToken, sameDigest } from './tokens.ts';
import { signUpMetadata } from './users.ts';

/** Wrong codes allowed before the code stops working. */
export const CODE_ATTEMPTS = 5;

export type MagicLinkRequest = JobPayloads['magic-link'];

export type MagicLinkOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Accepts a request for a sign-in link: claims the address's one-per-minute slot and queues the rest. The
 * request does the same work whether or not the address has an account, so neither its answer nor its timing
 * tells which addresses exist.
 */
export async function requestMagicLink(
  db: Database,
  jobs: Jobs,
  request: MagicLinkRequest,
  now = new Date(),
  intervalSeconds = EMAIL_INTERVAL_SECONDS,
): Promise<MagicLinkOutcome> {
  const email = request.email.trim().toLowerCase();
  const retryAfterSeconds = await claimEmailSlot(db, email, now, intervalSeconds);
  if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
  await jobs.enqueue('magic-link', { ...request, email });
  return { ok: true };
}

/**
 * The queued half (a job): creates the account on sign-up, makes the link and its code, and sends the mail.
 * An address without an account gets a mail that says so. When sending fails, the job is retried, and the
 * retry makes a fresh link (replacing the one never delivered).
 */
export async function prepareMagicLink(
  db: Database,
  mailer: Mailer,
  settings: { siteUrl: string; secret: string },
  request: MagicLinkRequest,
  now = new Date(),
): Promise<void> {
  const email = request.email;
  let [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  const isNewAccount = user === undefined;
  if (!user && request.createUser) {
    const metadata = signUpMetadata(
      request.data ?? (request.fullName ? { full_name: request.fullName } : {}),
    );
    [user] = await db
      .insert(users)
      .values({ email, userMetadata: metadata })
      .onConflictDoNothing()
      .returning();
    // Two sign-ups racing for one address: the other created it.
    if (!user) [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  }
  if (!user) {
    await mailer.send(
      noAccountMessage({ to: email, signUpUrl: `${settings.siteUrl}${CLIENT_ROUTES.signUp}` }),
    );
    return;
  }

  // A new link replaces any earlier one still waiting.
  const { token, code } = await db.transaction((tx) =>
    replaceLink(
      tx,
      {
        userId: user.id,
        purpose: 'sign_in',
        secret: settings.secret,
        redirectTo: request.redirectTo,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: request.codeChallengeMethod,
      },
      now,
    ),
  );
  const link = new URL(`${settings.siteUrl}/signin/verify`);
  link.searchParams.set('token_hash', token);
  link.searchParams.set('type', 'email');
  link.searchParams.set('redirect_to', request.redirectTo);
  await mailer.send(
    signInMessage({
      to: user.email,
      link: link.toString(),
      code,
      minutes: LINK_LIFETIME_MS / 60_000,
      isNewAccount: isNewAccount || user.emailConfirmedAt === null,
    }),
  );
}

export interface VerifiedLink {
  userId: string;
  redirectTo: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

/** What a link or code is for: signing in, or confirming the new address of an e-mail change. */
export type LinkPurpose = 'sign_in' | 'email_change';

/**
 * Uses up a link's token: the user it was for, or undefined when it is unknown, used, expired or for another
 * purpose. An e-mail change's link applies the change in the same transaction; 'email_exists' when another
 * account took the new address meanwhile (the link is spent all the same).
 */
export async function verifyLinkToken(
  db: Database,
  token: string,
  purpose: LinkPurpose = 'sign_in',
  now = new Date(),
): Promise<VerifiedLink | 'email_exists' | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
          sql`${oneTimeTokens.expiresAt} > ${now}`,
        ),
      )
      .returning();
    if (!used || purpose === 'sign_in') return used;
    const applied = await applyEmailChange(tx, used.userId, now);
    return applied === 'applied' ? used : applied === 'email_exists' ? 'email_exists' : undefined;
  });
}

export type CodeOutcome =
  | { ok: true; link: VerifiedLink }
  /** `retryAfterSeconds` when the address has sent too many wrong codes and must wait, whatever the code. */
  | { ok: false; retryAfterSeconds?: number; emailExists?: boolean };

/**
 * Checks a 6-digit code against the address's latest link: the account's address for a sign-in, the new
 * address for an e-mail change (which the right code then applies). Five wrong codes and that code stops
 * working; ten wrong codes within an hour, across codes, and the address must wait (code-failures.ts).
 */
export async function verifyCode(
  db: Database,
  secret: string,
  address: string,
  code: string,
  { purpose = 'sign_in', now = new Date() }: { purpose?: LinkPurpose; now?: Date } = {},
): Promise<CodeOutcome> {
  const email = address.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const retryAfterSeconds = await codeLockSeconds(tx, email, now);
    if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
    const [pending] = await tx
      .select({ token: oneTimeTokens })
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(
        and(
          sql`lower(${purpose === 'sign_in' ? users.email : users.newEmail}) = ${email}`,
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      )
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1)
      .for('update', { of: oneTimeTokens });
    const token = pending?.token;
    const isLive = token && token.expiresAt.getTime() > now.getTime() && token.codeAttempts < CODE_ATTEMPTS;
    if (!isLive || !sameDigest(hashCode(secret, code, token.tokenHash), token.codeHash)) {
      await countCodeFailure(tx, email, now);
      if (isLive) {
        await tx
          .update(oneTimeTokens)
          .set({ codeAttempts: sql`${oneTimeTokens.codeAttempts} + 1` })
          .where(eq(oneTimeTokens.id, token.id));
      }
      return { ok: false };
    }
    await tx.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, token.id));
    await forgetCodeFailures(tx, email);
    if (purpose === 'email_change') {
      const applied = await applyEmailChange(tx, token.userId, now);
      if (applied !== 'applied') return { ok: false, emailExists: applied === 'email_exists' };
    }
    return { ok: true, link: token };
  });
}
