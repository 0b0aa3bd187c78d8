import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser } from '#server/testing/factories.ts';
import { claimImport, createImport, executeImport, type ImportDeps } from './imports/service.ts';

const t = setupTestApp();
let adminId = '';

beforeAll(async () => {
  adminId = (await createUser(t.db, { isAdmin: true })).id;
});

const SAMPLE = readFileSync(
  join(process.cwd(), 'tests/fixtures/kaikki/wiktextract-en-edition-sample.jsonl'),
  'utf8',
);

/** The sample's lines, then enough made-up words for several batches, with a broken line and blank ones. */
function dumpText(): string {
  let text = `{"word": "roto", "senses": [\n   \n${SAMPLE.trimEnd()}\n\n`;
  for (let index = 0; index < 2500; index++) {
    const verb = {
      word: `palabrar${index}`,
      pos: 'verb',
      lang_code: 'es',
      senses: [{ glosses: ['to word'] }],
    };
    const forms = ['o', 'as', 'a', 'amos'].map((ending, at) => ({
      form: `palabr${index}${ending}`,
      tags: [at < 3 ? 'singular' : 'plural', 'present', 'indicative'],
    }));
    const formOf = {
      word: `palabra${index}s`,
      pos: 'verb',
      lang_code: 'es',
      senses: [
        {
          glosses: [`second-person singular present indicative of palabrar${index}`],
          form_of: [{ word: `palabrar${index}` }],
        },
      ],
    };
    text += `${JSON.stringify({ ...verb, forms })}\n${JSON.stringify(formOf)}\n`;
  }
  return text;
}

/** Imports `text` for es→en with the line work on a worker thread or not; answers its rows and result. */
async function importWith(linesOffThread: boolean, text: string, target = 'en') {
  const created = await createImport(t.db, {
    source: 'es',
    target,
    fileName: 'es.jsonl',
    fileSize: 1,
    createdBy: adminId,
  });
  const row = await claimImport(t.db, created.id);
  if (!row) throw new Error('the import was not claimed');
  const deps: ImportDeps = {
    db: t.db,
    pool: t.app.pool,
    limits: t.config.dictionaryLimits,
    log: t.app.log,
    linesOffThread,
  };
  const done = await executeImport(deps, row, new AbortController().signal, async () =>
    Readable.from([text]),
  );
  const id = row.id;
  const rows = async (table: string, order: string) =>
    (await t.app.pool.query(`SELECT * FROM ${table}_i${id} ORDER BY ${order}`)).rows.map(
      ({ import_id: _id, ...rest }) => rest,
    );
  if (done?.status !== 'succeeded') return { done, tables: undefined };
  return {
    done,
    tables: {
      entries: await rows('dictionary_entries', 'lemma, pos, senses::text'),
      forms: await rows('dictionary_forms', 'surface_key, lemma, surface, description, phrase_id'),
      phrases: await rows('dictionary_phrases', 'id'),
    },
  };
}

describe('the line work on a worker thread', () => {
  it('loads the same rows, counts and skipped lines as on the import’s thread', async () => {
    const text = dumpText();
    const inThread = await importWith(false, text);
    const offThread = await importWith(true, text);

    expect(inThread.done?.status).toBe('succeeded');
    expect(offThread.done?.status, offThread.done?.error ?? '').toBe('succeeded');
    expect(offThread.done?.result).toEqual(inThread.done?.result);
    expect(
      (inThread.done?.result as { skipped_lines?: unknown[] } | undefined)?.skipped_lines,
    ).toContainEqual({
      line: 1,
      reason: 'malformed JSON',
    });
    expect(inThread.tables?.forms.length).toBeGreaterThan(10_000);
    expect(offThread.tables).toEqual(inThread.tables);
  });

  it('refuses a dump glossed in another language with the same sentence', async () => {
    const german = Array.from(
      { length: 60 },
      (_, index) =>
        `${JSON.stringify({ word: `wort${index}`, lang: 'Spanisch', lang_code: 'es', pos: 'noun', senses: [{ glosses: ['ein Wort, das man sagt und mit dem man etwas meint'] }] })}\n`,
    ).join('');
    const inThread = await importWith(false, german);
    const offThread = await importWith(true, german);

    expect(inThread.done?.status).toBe('failed');
    expect(offThread.done?.status).toBe('failed');
    expect(offThread.done?.error).toBe(inThread.done?.error);
  });
});
