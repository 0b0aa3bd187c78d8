import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrateDatabase } from '#server/db/migrate.ts';
import { databaseUrl, dropDatabase, onServer } from '#server/testing/database.ts';
import { type JobHandlers, type Jobs, startJobs } from './jobs.ts';

const { serverUrl } = inject('testDatabaseServer');
const names: string[] = [];
afterAll(async () => {
  for (const name of names) await dropDatabase(serverUrl, name);
});

const handlers = (): JobHandlers => ({
  'send-mail': async () => undefined,
  'magic-link': async () => undefined,
  'dictionary-import': async () => undefined,
  'chapter-terms': async () => undefined,
});

/** What main.ts does before it listens, as far as the database goes: migrate, then start the job workers. */
async function startServer(url: string): Promise<Jobs> {
  await migrateDatabase(url);
  return startJobs({ databaseUrl: url, secret: 'x'.repeat(32), handlers, log: pino({ level: 'silent' }) });
}

describe('several servers starting together on an empty database', () => {
  it('all start, every time (no deadlock in the job tables set-up)', async () => {
    for (let round = 0; round < 4; round++) {
      const name = `catamaran_together_${randomBytes(4).toString('hex')}`;
      names.push(name);
      await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
      const url = databaseUrl(serverUrl, name);

      const started = await Promise.allSettled([startServer(url), startServer(url), startServer(url)]);

      const failures = started.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
      await Promise.all(
        started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
      );
      expect(failures, `round ${round + 1}`).toEqual([]);
    }
  }, 120_000);
});
