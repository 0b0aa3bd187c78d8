// A transaction whose BEGIN or COMMIT fails gives its connection back (transaction.ts): drizzle-orm 0.45 kept it
// checked out for ever when BEGIN failed, and a stop then waited on the pool until its timeout.
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

const t = setupTestApp();
let opened: DatabaseHandle | undefined;

afterEach(async () => {
  await opened?.pool.end();
  opened = undefined;
});

/** A pool of one connection whose next statement starting with `word` fails as a dropped connection's would. */
function failingOnce(word: string): DatabaseHandle {
  const handle = openDatabase(t.databaseUrl, { max: 1, onIdleError: () => undefined });
  let failed = false;
  handle.pool.on('connect', (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first.text ?? '');
      if (!failed && text.trim().toLowerCase().startsWith(word)) {
        failed = true;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return query(...args);
    };
  });
  opened = handle;
  return handle;
}

const checkedOut = (pool: pg.Pool) => pool.totalCount - pool.idleCount;

describe('a transaction that cannot begin or commit', () => {
  for (const word of ['begin', 'commit']) {
    it(`gives its connection back when its ${word.toUpperCase()} fails, and the next one runs`, async () => {
      const { db, pool } = failingOnce(word);

      await expect(db.transaction(async (tx) => tx.execute('SELECT 1'))).rejects.toThrow();

      expect(checkedOut(pool)).toBe(0);
      // The pool's one connection is free again: the next transaction gets one at once.
      const { rows } = await db.transaction(async (tx) => tx.execute('SELECT 2 AS two'));
      expect(rows).toEqual([{ two: 2 }]);
      expect(checkedOut(pool)).toBe(0);
    });
  }
});
