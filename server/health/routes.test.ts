import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
      const response = await askWithDatabaseGone('/api/health');

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'The database is not answering.' });
    });
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready, never cached, while the server should be sent traffic', async () => {
    const response = await t.get('/api/health/ready');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with a sentence while the server drains before it stops, and still serves', async () => {
    t.app.lifecycle.draining = true;
    try {
      const response = await t.get('/api/health/ready');
      const served = await t.get('/api/languages/');

      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'This server is stopping: send requests to another one.' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(served.status).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('answers 503 with a sentence while the database does not answer', async () => {
    const response = await askWithDatabaseGone('/api/health/ready');

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'The database is not answering.' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with a sentence when the uploads folder cannot be written', async () => {
    const database = await createTestDatabase();
    const config = testConfig(database.url);
    const app = await buildApp(config);
    try {
      // A file where the folder should be: nothing can be stored under it, even by root.
      const uploads = join(config.dataDir, 'uploads');
      await rm(uploads, { recursive: true, force: true });
      await writeFile(uploads, 'not a folder');

      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'The file storage is not usable.' });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

/** Asks `url` of an app whose own database has just stopped taking connections (and dropped the ones it had). */
async function askWithDatabaseGone(url: string) {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(database.url));
  const name = new URL(database.url).pathname.slice(1);
  try {
    await onServer(inject('testDatabaseServer').serverUrl, async (client) => {
      await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} ALLOW_CONNECTIONS false`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    });
    return await app.inject({ method: 'GET', url });
  } finally {
    await app.close();
    await database.drop();
  }
}
