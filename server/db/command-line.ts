import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { type EmbeddedPostgres, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';
import { migrateDatabase } from './migrate.ts';

const EMBEDDED_DATABASE = 'catamaran';

/**
 * The database a command-line tool works on: DATABASE_URL's, or the embedded one in DATA_DIR, whether the
 * server is running (its PostgreSQL is used) or not (one is started for the command, and stopped by `close`).
 * Migrated first, so a tool never meets an older schema.
 */
export async function openCommandLineDatabase(
  config: Config,
): Promise<{ url: string; close: () => Promise<void> }> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = join(config.dataDir, 'postgres');
    url = await runningEmbeddedUrl(dir, EMBEDDED_DATABASE);
    if (!url) {
      embedded = await startEmbeddedPostgres({ dir });
      const client = new pg.Client({ connectionString: embedded.url('postgres') });
      await client.connect();
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        EMBEDDED_DATABASE,
      ]);
      if (rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
      await client.end();
      url = embedded.url(EMBEDDED_DATABASE);
    }
  }
  try {
    await migrateDatabase(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return { url, close: async () => embedded?.stop() };
}
