import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** Resolves when the database answers a query; rejects with its error otherwise. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
