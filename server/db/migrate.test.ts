import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, dropDatabase, onServer } from '#server/testing/database.ts';
import { migrateDatabase } from './migrate.ts';

const { serverUrl } = inject('testDatabaseServer');
const name = `catamaran_migrate_${randomBytes(4).toString('hex')}`;
afterAll(() => dropDatabase(serverUrl, name));

describe('migrateDatabase', () => {
  it('migrates an empty database once when several servers start at the same moment', async () => {
    await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
    const url = databaseUrl(serverUrl, name);

    await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const table = await client.query("SELECT to_regclass('public.languages') AS name");
    await client.end();
    expect(applied.rows[0].n).toBeGreaterThan(0);
    expect(table.rows[0].name).toBe('languages');
  });

  it('changes nothing when run again', async () => {
    const url = databaseUrl(serverUrl, name);
    const count = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      await client.end();
      return rows[0].n as number;
    };
    const before = await count();

    await migrateDatabase(url);

    expect(await count()).toBe(before);
  });
});
