import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '#server/paths.ts';

// Any fixed 64-bit number shared by every app server: the one that gets the lock migrates, the others wait.
const MIGRATION_LOCK_ID = 7_402_163_581n;

/** Applies the committed SQL migrations once, even when several servers start at the same moment. */
export async function migrateDatabase(url: string, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'catamaran-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID.toString()]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID.toString()])
      .catch(() => undefined);
    await client.end();
  }
}
