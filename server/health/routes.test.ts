import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { setupTestApp, testConfig } from '../testing/app.ts';

const t = setupTestApp();

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.get('/api/health');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('when the database is unreachable', () => {
    // Port 1 on loopback refuses connections at once.
    const unreachable = testConfig('postgres://nobody:secret@127.0.0.1:1/none');
    const appWithoutDatabase = buildApp(unreachable);
    afterAll(async () => (await appWithoutDatabase).close());

    it('answers 503 with a sentence, not a crash', async () => {
      const app = await appWithoutDatabase;
      const response = await app.inject({ method: 'GET', url: '/api/health' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'The database is not answering.' });
    });
  });
});
