import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** True for a user marked admin in the database, or whose address is listed in ADMIN_EMAILS. */
export async function isAdmin(
  db: Database,
  userId: string,
  adminEmails: readonly string[],
): Promise<boolean> {
  const [user] = await db
    .select({ email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId));
  return user !== undefined && isAdminUser(user, adminEmails);
}

/** The admin rule for a user row already read: marked admin, or listed in ADMIN_EMAILS. */
export function isAdminUser(
  user: { email: string; isAdmin: boolean },
  adminEmails: readonly string[],
): boolean {
  return user.isAdmin || adminEmails.includes(user.email.toLowerCase());
}
