import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createTestDatabase, setupTestApp, testConfig } from '#server/testing/app.ts';
import { onServer } from '#server/testing/database.ts';

const t = setupTestApp();

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.get('/api/health');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('when the database stops answering', () => {
    it('answers 503 with a sentence, not a crash', async () => {
      const database = await createTestDatabase();
      const app = await buildApp(testConfig(database.url));
      const name = new URL(database.url).pathname.slice(1);
      try {
        await onServer(inject('testDatabaseServer').serverUrl, async (client) => {
          await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} ALLOW_CONNECTIONS false`);
          await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
        });

        const response = await app.inject({ method: 'GET', url: '/api/health' });

        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ error: 'The database is not answering.' });
      } finally {
        await app.close();
        await database.drop();
      }
    });
  });
});
