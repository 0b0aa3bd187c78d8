import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { authEmailThrottle, oneTimeTokens } from '#server/db/schema.ts';
import { hashCode, hashToken, randomCode, randomToken } from './tokens.ts';

// What every mailed link shares, for signing in and for confirming a new address alike.

/** A link and its code work once, for 10 minutes (Supabase Auth's default, OWASP ASVS 5). */
export const LINK_LIFETIME_MS = 10 * 60 * 1000;
/** One e-mail with a link per address per minute, whether or not the address has an account. */
export const EMAIL_INTERVAL_SECONDS = 60;

/** Takes the address's e-mail slot for the next 60 s; answers the seconds left when it is taken already. */
export async function claimEmailSlot(
  db: Database,
  email: string,
  now: Date,
  interval: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - interval * 1000);
  const claimed = await db
    .insert(authEmailThrottle)
    .values({ email, lastSentAt: now })
    .onConflictDoUpdate({
      target: authEmailThrottle.email,
      set: { lastSentAt: now },
      setWhere: sql`${authEmailThrottle.lastSentAt} <= ${cutoff}`,
    })
    .returning({ email: authEmailThrottle.email });
  if (claimed.length > 0) return 0;
  const [row] = await db.select().from(authEmailThrottle).where(eq(authEmailThrottle.email, email));
  const waited = row ? now.getTime() - row.lastSentAt.getTime() : interval * 1000;
  return Math.max(1, Math.ceil(interval - waited / 1000));
}

/** A link's token and code, as they go out in the mail (only their hash and HMAC are kept). */
export interface NewLink {
  token: string;
  code: string;
}

/**
 * Makes a user's link and code for one purpose, replacing any of that purpose still waiting: valid for
 * LINK_LIFETIME_MS, once; the token kept as its hash, the code as an HMAC keyed with `secret`.
 */
export async function replaceLink(
  tx: Transaction,
  link: {
    userId: string;
    purpose: 'sign_in' | 'email_change';
    secret: string;
    redirectTo: string;
    codeChallenge?: string | undefined;
    codeChallengeMethod?: string | undefined;
  },
  now: Date,
): Promise<NewLink> {
  const token = randomToken();
  const code = randomCode();
  const tokenHash = hashToken(token);
  const { userId, purpose, secret, ...rest } = link;
  await tx
    .delete(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
  await tx.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash,
    codeHash: hashCode(secret, code, tokenHash),
    ...rest,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
    createdAt: now,
  });
  return { token, code };
}
