import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authEmailThrottle } from '#server/db/schema.ts';

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
