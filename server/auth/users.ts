import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** A user by id; none if the account is gone. */
export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Merges `changes` into the user's metadata (GoTrue's PUT /user); none if the account is gone. */
export async function updateUserMetadata(
  db: Database,
  id: string,
  changes: Record<string, unknown>,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({
      userMetadata: sql`${users.userMetadata} || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return user;
}
