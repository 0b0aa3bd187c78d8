import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** A user by id; none if the account is gone. */
export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** How large a user's metadata may grow (as JSON): it rides in every access token. */
export const USER_METADATA_MAX_BYTES = 16 * 1024;
export const USER_METADATA_TOO_LARGE =
  'user_metadata must stay under 16 KB once merged; remove some keys first';

/**
 * Merges `changes` into a user's metadata as GoTrue does: each key set, a key set to null removed. Refused
 * (nothing changes) when the result would pass USER_METADATA_MAX_BYTES; undefined when there is no such user.
 */
export async function updateUserMetadata(
  db: Database,
  id: string,
  changes: Record<string, unknown>,
): Promise<UserRow | 'too_large' | undefined> {
  const kept = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
  const removed = Object.keys(changes).filter((key) => changes[key] === null);
  // The removed keys travel as one JSON array: a bound parameter, however many there are (none included).
  const removedKeys = sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))`;
  const merged = sql`(${users.userMetadata} || ${JSON.stringify(kept)}::jsonb) - ${removedKeys}`;
  const [user] = await db
    .update(users)
    .set({ userMetadata: merged, updatedAt: new Date() })
    .where(and(eq(users.id, id), sql`octet_length((${merged})::text) <= ${USER_METADATA_MAX_BYTES}`))
    .returning();
  if (user) return user;
  return (await findUser(db, id)) ? 'too_large' : undefined;
}
