import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { usernameFromName } from '#common/identity.ts';
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

/**
 * The metadata a new account is given at sign-up, as GoTrue stores `data`: any keys, as sent (16 KB at most).
 * The two the app reads are text; `full_name` is trimmed, and without a `username` one is made from the name
 * (learner.md §3), as the web app's sign-up sends it.
 */
export const SignUpData = z
  .record(z.string(), z.unknown())
  .refine(
    (data) =>
      (data.full_name === undefined ||
        (typeof data.full_name === 'string' && data.full_name.length <= 200)) &&
      (data.username === undefined || (typeof data.username === 'string' && data.username.length <= 100)),
    'data.full_name and data.username must be text (at most 200 and 100 characters)',
  )
  .refine(
    (data) => Buffer.byteLength(JSON.stringify(data)) <= USER_METADATA_MAX_BYTES,
    'data must stay under 16 KB',
  );

export function signUpMetadata(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const metadata = { ...data };
  const fullName = typeof metadata.full_name === 'string' ? metadata.full_name.trim() : undefined;
  if (fullName) {
    metadata.full_name = fullName;
    if (typeof metadata.username !== 'string' || metadata.username.trim() === '')
      metadata.username = usernameFromName(fullName);
  } else if (fullName === '') delete metadata.full_name;
  return metadata;
}
