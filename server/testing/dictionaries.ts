import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { claimImport, createImport, executeImport } from '#server/dictionary/imports/service.ts';
import type { TestApp } from './app.ts';

/**
 * Imports a wiktextract dump (its text) for the pair source → en through the real import, and waits for it to
 * be the pair's dictionary.
 */
export async function importDictionary(t: TestApp, source: string, text: string): Promise<void> {
  const created = await createImport(t.db, {
    source,
    target: 'en',
    fileName: 'dump.jsonl',
    fileSize: text.length,
  });
  const row = await claimImport(t.db, created.id);
  if (!row) throw new Error('the import was not claimed');
  const done = await executeImport(
    { db: t.db, pool: t.app.pool, limits: t.config.dictionaryLimits, log: t.app.log },
    row,
    new AbortController().signal,
    async () => Readable.from([text]),
  );
  expect(done?.status, done?.error ?? '').toBe('succeeded');
}
