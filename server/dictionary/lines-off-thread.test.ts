import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionaryImports } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { claimImport, createImport, executeImport, getImport, type ImportDeps } from './imports/service.ts';

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

/** A claimed import of es→en (or to `target`), as its job has it once it starts. */
async function runningImport(target = 'en', fileName = 'es.jsonl') {
  const created = await createImport(t.db, {
    source: 'es',
    target,
    fileName,
    fileSize: 1,
    createdBy: adminId,
  });
  const row = await claimImport(t.db, created.id);
  if (!row) throw new Error('the import was not claimed');
  return row;
}

/** The import's dependencies, its line work on the import's worker or on the thread that runs it. */
function depsWith(linesOffThread: boolean): ImportDeps {
  return {
    db: t.db,
    pool: t.app.pool,
    limits: t.config.dictionaryLimits,
    log: t.app.log,
    linesOffThread,
    // Every batch reports, so a cancel is noticed at the next one.
    progressIntervalMs: 0,
  };
}

/** Imports `input` for es→en with the line work on a worker thread or not; answers its rows and result. */
async function importWith(
  linesOffThread: boolean,
  text: string | (() => Readable),
  options: { target?: string; fileName?: string } = {},
) {
  const row = await runningImport(options.target, options.fileName);
  const done = await executeImport(depsWith(linesOffThread), row, new AbortController().signal, async () =>
    typeof text === 'string' ? Readable.from([text]) : text(),
  );
  const id = row.id;
  const rows = async (table: string, order: string) =>
    (await t.app.pool.query(`SELECT * FROM ${table}_i${id} ORDER BY ${order}`)).rows.map(
      ({ import_id: _id, ...rest }) => rest,
    );
  if (done?.status !== 'succeeded') return { done, tables: undefined, hasTables: await hasTables(id) };
  return {
    done,
    tables: {
      entries: await rows('dictionary_entries', 'lemma, pos, senses::text'),
      forms: await rows('dictionary_forms', 'surface_key, lemma, surface, description, phrase_id'),
      phrases: await rows('dictionary_phrases', 'id'),
    },
  };
}

/** Whether any table of the import is left, loaded on its own or attached. */
async function hasTables(importId: number): Promise<boolean> {
  const { rowCount } = await t.app.pool.query('SELECT 1 FROM pg_tables WHERE tablename = ANY($1)', [
    [`dictionary_entries_i${importId}`, `dictionary_forms_i${importId}`, `dictionary_phrases_i${importId}`],
  ]);
  return (rowCount ?? 0) > 0;
}

/** Dump lines of made-up Spanish words, `from` to `to` (excluded). */
function wordLines(from: number, to: number): string {
  let text = '';
  for (let index = from; index < to; index++) {
    text += `${JSON.stringify({ word: `palabra${index}`, pos: 'noun', lang_code: 'es', senses: [{ glosses: ['a word'] }] })}\n`;
  }
  return text;
}

async function progressLines(importId: number): Promise<number> {
  const row = await getImport(t.db, importId);
  return (row?.progress as { lines?: number } | null)?.lines ?? 0;
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

    expect(offThread.hasTables).toBe(false);

    expect(inThread.done?.status).toBe('failed');
    expect(offThread.done?.status).toBe('failed');
    expect(offThread.done?.error).toBe(inThread.done?.error);
  });
});

describe('the import on its worker thread', () => {
  it('refuses a bad file with the sentence the import’s thread gives, leaving no tables', async () => {
    const gzip = gzipSync(wordLines(0, 2000));
    const files: [string, string | (() => Readable), string?][] = [
      ['a JSON array', '[{"word": "uno"}]\n'],
      ['an empty file', '  \n\n'],
      ['binary data', `${wordLines(0, 3)}\u0000\n`],
      [
        'no entries of the language',
        '{"word": "one", "lang_code": "en", "senses": [{"glosses": ["one"]}]}\n',
      ],
      ['a truncated gzip', () => Readable.from([gzip.subarray(0, gzip.length - 100)]), 'es.jsonl.gz'],
      ['a .gz that is not gzip', wordLines(0, 3), 'es.jsonl.gz'],
      ['a file that fails while read', () => failingAfter(wordLines(0, 1500))],
    ];
    for (const [name, text, fileName] of files) {
      const inThread = await importWith(false, text, { fileName });
      const offThread = await importWith(true, text, { fileName });

      expect(inThread.done?.status, name).toBe('failed');
      expect(offThread.done, name).toMatchObject({ status: 'failed', error: inThread.done?.error });
      expect(offThread.hasTables, name).toBe(false);
    }
  });

  it('imports a line near the longest the import accepts, whose parsed rows take many times its bytes', async () => {
    const lineBytes = t.config.dictionaryLimits.lineBytes;
    const forms: { form: string; tags: string[] }[] = [];
    // The line just under the limit (10 MB by default: 270,000 rows, 126 MB of heap once parsed and mapped).
    for (let bytes = 256; bytes < lineBytes - 64; ) {
      const row = { form: `habl${forms.length}x`, tags: ['plural'] };
      forms.push(row);
      bytes += JSON.stringify(row).length + 1;
    }
    const line = JSON.stringify({
      word: 'hablar',
      pos: 'verb',
      lang_code: 'es',
      senses: [{ glosses: ['to speak'] }],
      forms,
    });
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(lineBytes);

    const { done } = await importWith(true, `${line}\n${wordLines(0, 100)}`);

    expect(done?.status, done?.error ?? '').toBe('succeeded');
    expect(done?.result).toMatchObject({ entries: 101, forms: forms.length + 101 });
  });

  it('stops when cancelled, or when the server stops, destroying its input and dropping its tables', async () => {
    for (const stop of ['cancel', 'server'] as const) {
      const row = await runningImport();
      const input = new PassThrough();
      const stopping = new AbortController();
      const running = executeImport(depsWith(true), row, stopping.signal, async () => input);
      input.write(wordLines(0, 1000));
      await expect.poll(() => progressLines(row.id), { timeout: SERVER_WORK_TIMEOUT }).toBe(1000);

      if (stop === 'server') stopping.abort(new Error('The server is stopping.'));
      else {
        await t.db
          .update(dictionaryImports)
          .set({ status: 'cancelled', error: 'Cancelled by an administrator.' })
          .where(eq(dictionaryImports.id, row.id));
        input.write(wordLines(1000, 2000)); // the next batch's report notices the cancel
      }
      const finished = await running;

      expect(finished).toMatchObject(
        stop === 'server'
          ? {
              status: 'failed',
              error: 'The import was interrupted because the server stopped. Start it again.',
            }
          : { status: 'cancelled', error: 'Cancelled by an administrator.' },
      );
      expect(input.destroyed).toBe(true);
      expect(await hasTables(row.id)).toBe(false);
    }
  });
});

/** A stream that gives `text`, then fails as a lost upload would. */
function failingAfter(text: string): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(text);
      throw new Error('the upload was lost');
    })(),
  );
}
