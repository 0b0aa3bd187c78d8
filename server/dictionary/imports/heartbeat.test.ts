import { PassThrough, Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictionaryImports } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { LookupCache } from '../lookup/cache.ts';
import { lookup } from '../lookup/service.ts';
import { claimImport, createImport, executeImport, getImport, type ImportDeps } from './service.ts';

// This server looks for stalled imports ten times a second, where a real one looks every 20 seconds.
const t = setupTestApp({ app: { sweeps: { stalledImportsMs: 100 } } });

const WENT_AWAY =
  'The import stopped: the server running it went away. The previous dictionary is still in use; start it again.';
const HABLAR = `${JSON.stringify({ word: 'hablar', pos: 'verb', lang_code: 'es', senses: [{ glosses: ['to speak'] }] })}\n`;

function deps(overrides: Partial<ImportDeps> = {}): ImportDeps {
  return { db: t.db, pool: t.app.pool, limits: t.config.dictionaryLimits, log: t.app.log, ...overrides };
}

async function runningImport() {
  const created = await createImport(t.db, { source: 'es', target: 'en', fileName: 'es.jsonl', fileSize: 1 });
  const row = await claimImport(t.db, created.id);
  if (!row) throw new Error('the import was not claimed');
  return row;
}

async function hasTables(importId: number): Promise<boolean> {
  const { rowCount } = await t.app.pool.query('SELECT 1 FROM pg_tables WHERE tablename = $1', [
    `dictionary_entries_i${importId}`,
  ]);
  return (rowCount ?? 0) > 0;
}

async function heartbeatAge(importId: number, since: 'now' | Date): Promise<number> {
  const row = await getImport(t.db, importId);
  const beat = row?.heartbeatAt?.getTime() ?? 0;
  return (since === 'now' ? Date.now() : since.getTime()) - beat;
}

describe('imports whose server went away', () => {
  it('are failed by any server within seconds, while a live import runs on and the previous dictionary answers', async () => {
    const previous = await runningImport();
    const done = await executeImport(deps(), previous, new AbortController().signal, async () =>
      Readable.from([HABLAR]),
    );
    expect(done?.status).toBe('succeeded');
    const stalled = await runningImport();
    await t.app.pool.query(`CREATE TABLE dictionary_entries_i${stalled.id} (lemma text)`);
    await t.db
      .update(dictionaryImports)
      .set({ heartbeatAt: sql`now() - interval '61 seconds'` })
      .where(eq(dictionaryImports.id, stalled.id));
    const live = await runningImport();

    await expect
      .poll(async () => (await getImport(t.db, stalled.id))?.status, { timeout: SERVER_WORK_TIMEOUT })
      .toBe('failed');

    expect(await getImport(t.db, stalled.id)).toMatchObject({ error: WENT_AWAY });
    expect(await hasTables(stalled.id)).toBe(false);
    expect(await getImport(t.db, live.id)).toMatchObject({ status: 'running', error: null });
    expect(
      await lookup(t.app.pool, { language: 'es', target: 'en', surface: 'hablar' }, new LookupCache(0, 0)),
    ).toMatchObject({ found: true, lemma: 'hablar' });
    await t.db
      .update(dictionaryImports)
      .set({ status: 'cancelled' })
      .where(eq(dictionaryImports.id, live.id));
  });
});

describe('a running import', () => {
  it('moves its heartbeat while it reads nothing (a slow file, a long switch), so no server takes it for gone', async () => {
    const row = await runningImport();
    const claimedAt = row.heartbeatAt ?? new Date();
    const input = new PassThrough();
    const running = executeImport(
      deps({ heartbeatIntervalMs: 50 }),
      row,
      new AbortController().signal,
      async () => input,
    );

    await expect
      .poll(() => heartbeatAge(row.id, claimedAt), { timeout: SERVER_WORK_TIMEOUT })
      .toBeLessThan(0);

    await t.db.update(dictionaryImports).set({ status: 'cancelled' }).where(eq(dictionaryImports.id, row.id));
    expect(await running).toMatchObject({ status: 'cancelled' });
  });

  it('stops when another server has failed it, leaving the sentence that server wrote', async () => {
    const row = await runningImport();
    const input = new PassThrough();
    input.write(HABLAR);
    const running = executeImport(
      deps({ heartbeatIntervalMs: 50 }),
      row,
      new AbortController().signal,
      async () => input,
    );

    await t.db
      .update(dictionaryImports)
      .set({ status: 'failed', error: WENT_AWAY })
      .where(eq(dictionaryImports.id, row.id));
    const finished = await running;

    expect(finished).toMatchObject({ status: 'failed', error: WENT_AWAY });
    expect(input.destroyed).toBe(true);
    expect(await hasTables(row.id)).toBe(false);
  });
});
