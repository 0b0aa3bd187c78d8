import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '#server/db/embedded.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedLanguages } from '#server/db/seed.ts';
import { installJobTables } from '#server/jobs/jobs.ts';
import { databaseUrl, dropDatabase, onServer } from './database.ts';

export interface TestDatabaseServer {
  /** A maintenance connection to the server, allowed to create databases. */
  serverUrl: string;
  /** A migrated and seeded database that each test file copies. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

/**
 * Once per run: a PostgreSQL server (DATABASE_URL, or a throwaway embedded cluster) and a template database
 * migrated and seeded exactly as `npm start` does it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let scratch: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    scratch = await mkdtemp(join(tmpdir(), 'catamaran-test-pg-'));
    await chmod(scratch, 0o755); // run as root, the cluster belongs to the postgres user, who must reach it
    embedded = await startEmbeddedPostgres({
      dir: join(scratch, 'postgres'),
      // A throwaway cluster: durability buys nothing here and costs seconds.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    serverUrl = embedded.url('postgres');
  }

  const template = `catamaran_template_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(template)}`));
  const templateUrl = databaseUrl(serverUrl, template);
  await migrateDatabase(templateUrl);
  const { db, pool } = openDatabase(templateUrl, { max: 1, onIdleError: () => undefined });
  await seedLanguages(db);
  await pool.end();
  await installJobTables(templateUrl);

  project.provide('testDatabaseServer', { serverUrl, template });

  return async () => {
    const url = serverUrl;
    if (url) await dropDatabase(url, template);
    await embedded?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  };
}
