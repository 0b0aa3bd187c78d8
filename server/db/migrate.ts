import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '#server/paths.ts';

// Any fixed 64-bit number shared by every app server: the one that gets the lock migrates, the others wait.
const MIGRATION_LOCK_ID = 7_402_163_581n;

/**
 * Runs `work` while holding the schema lock that every app server shares, so set-up that changes the schema
 * (our migrations, pg-boss's own tables and queues) runs on one server at a time. Taken on a connection of
 * its own: `work` may use any other.
 */
export async function underSchemaLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'catamaran-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID.toString()]);
    return await work(client);
  } finally {
    await client
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID.toString()])
      .catch(() => undefined);
    await client.end();
  }
}

/** Applies the committed SQL migrations once, even when several servers start at the same moment. */
export async function migrateDatabase(url: string, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await underSchemaLock(url, (client) => migrate(drizzle(client), { migrationsFolder }));
}
