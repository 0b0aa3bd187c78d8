import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DictionaryImport, LookupResult } from '#common/schemas/dictionary.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { multipartBody, postForm } from '#server/testing/raw-http.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { createImport, getImport, runImportJob } from './imports/service.ts';
import { LookupCache } from './lookup/cache.ts';
import { cacheKey, lookup } from './lookup/service.ts';

const KB = 1024;
const t = setupTestApp({
  // Small limits, so the tests can cross them with small files.
  config: { dictionaryLimits: { uploadBytes: 1024 * KB, decompressedBytes: 4096 * KB, lineBytes: 64 * KB } },
});
let base = '';
let adminToken = '';
let learnerToken = '';

beforeAll(async () => {
  base = await t.listen();
  adminToken = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learnerToken = (await signIn(t.db, await createUser(t.db))).accessToken;
});

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures');
const SAMPLE = readFileSync(join(FIXTURES, 'kaikki/wiktextract-en-edition-sample.jsonl'));
/** Lines of the German edition: German words glossed in German (their `lang` is "Deutsch"). */
const GERMAN_EDITION = readFileSync(join(FIXTURES, 'wiktextract-de-edition.jsonl'));

/** A small Spanish dump in the wiktextract shape: a verb with forms, a form_of entry, an adjective, a noun. */
function spanishDump(extra: object[] = []): Buffer {
  const entries = [
    {
      word: 'hablar',
      pos: 'verb',
      lang_code: 'es',
      senses: [
        { glosses: ['to speak'], examples: [{ text: 'Hablo español.', english: 'I speak Spanish.' }] },
        { glosses: ['to talk'] },
      ],
      forms: [
        { form: 'hablo', tags: ['first-person', 'indicative', 'present', 'singular'] },
        { form: 'hablamos', tags: ['first-person', 'indicative', 'plural', 'present'] },
        { form: 'es-conj', tags: ['inflection-template'] },
        { form: '-', tags: ['table-tags'] },
      ],
    },
    {
      word: 'habló',
      pos: 'verb',
      lang_code: 'es',
      senses: [
        {
          glosses: ['third-person singular preterite indicative of hablar'],
          form_of: [{ word: 'hablar' }],
          tags: ['form-of', 'indicative', 'preterite', 'singular', 'third-person'],
        },
      ],
    },
    {
      word: 'gratuito',
      pos: 'adj',
      lang_code: 'es',
      senses: [{ glosses: ['free (of charge)'] }],
      forms: [
        { form: 'gratuita', tags: ['feminine'] },
        { form: 'gratuitos', tags: ['masculine', 'plural'] },
      ],
    },
    {
      word: 'Lima',
      pos: 'name',
      lang_code: 'es',
      senses: [{ glosses: ['Lima (the capital city of Peru)'] }],
    },
    { word: 'lima', pos: 'noun', lang_code: 'es', senses: [{ glosses: ['file (tool)'] }] },
    ...extra,
  ];
  return Buffer.from(`${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
}

async function upload(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
  token: string | undefined = adminToken,
  order: 'fields-first' | 'file-first' = 'fields-first',
) {
  const form = new FormData();
  const addFile = () => {
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  };
  if (order === 'file-first') addFile();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (order === 'fields-first') addFile();
  const response = await fetch(`${base}/api/admin/translations/upload/`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const PAIR = { mode: 'wiktextract', source: 'es', target: 'en' };

/** The uploads waiting in object storage for their import. */
const storedUploads = () => t.storedIn('dictionary-imports');

/** The upload's key is forgotten once the object is removed: the job does it just after the import ends. */
async function expectUploadRemoved(importId: number): Promise<void> {
  await expect
    .poll(async () => (await getImport(t.db, importId))?.objectKey, { timeout: SERVER_WORK_TIMEOUT })
    .toBeNull();
  expect(await storedUploads()).toEqual([]);
}

async function readJson(response: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
}

/** How many imports' forms are attached to the partitioned table. */
async function attachedForms(): Promise<number> {
  const { rows } = await t.app.pool.query<{ count: string }>(
    `SELECT count(*) FROM pg_inherits WHERE inhparent = 'dictionary_forms'::regclass`,
  );
  return Number(rows[0]?.count);
}

async function importAndWait(
  file: { bytes: Buffer; name: string },
  source = 'es',
): Promise<DictionaryImport> {
  const started = await upload({ ...PAIR, source, action: 'import' }, file);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { id } = started.body.import as DictionaryImport;
  for (;;) {
    const current = await t.get<DictionaryImport>(`/api/admin/translations/imports/${id}/`, {
      token: adminToken,
    });
    if (!['queued', 'running'].includes(current.body.status)) return current.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function lookUp(surface: string, language = 'es'): Promise<LookupResult> {
  const query = new URLSearchParams({ language, surface });
  const response = await t.get<LookupResult>(`/api/dict/lookup/?${query}`, { token: learnerToken });
  expect(response.status).toBe(200);
  return response.body;
}

/**
 * Waits for a lookup to answer from the import just made: a server keeps using the pair's previous import for
 * up to a second after a switch (LookupCache), and that one may still answer while its tables await dropping.
 */
async function expectLookUpAfterSwitch(surface: string, expected: object, language = 'es') {
  await expect
    .poll(() => lookUp(surface, language), { timeout: SERVER_WORK_TIMEOUT })
    .toMatchObject(expected);
}

describe('POST /api/admin/translations/upload/ (preview)', () => {
  it('answers a form it cannot read with 400 and a sentence', async () => {
    const response = await t.request<{ error: string }>({
      method: 'POST',
      url: '/api/admin/translations/upload/',
      token: adminToken,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="mode"\r\n\r\nwiktextract\r\n--b\r\nContent-Dis',
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'The form could not be read: send it as multipart/form-data, whole.' },
    });
  });

  it('previews the real sample: counts, other languages skipped by line, mapped entries, nothing written', async () => {
    for (const file of [
      { bytes: SAMPLE, name: 'sample.jsonl' },
      { bytes: gzipSync(SAMPLE), name: 'sample.jsonl.gz' },
      { bytes: gzipSync(SAMPLE), name: 'sample.json' }, // gzip is told by its bytes, not its name
    ]) {
      const { status, body } = await upload({ ...PAIR, source: 'fr', action: 'preview' }, file);

      expect(status, file.name).toBe(200);
      expect(body).toMatchObject({ action: 'preview', lines: 64, truncated: false });
      expect(body.entries).toBeGreaterThan(0);
      expect((body.languages as Record<string, number>).fr).toBe(5);
      expect((body.languages as Record<string, number>).ja).toBe(9);
      expect(body.skipped).toBe(64 - 5);
      expect((body.skipped_lines as unknown[]).length).toBe(20);
      expect((body.skipped_lines as { reason: string }[])[0]?.reason).toMatch(/^language \w+, not fr$/);
      expect((body.sample as { lemma: string }[]).length).toBeGreaterThan(0);
    }
    const imports = await t.get<unknown[]>('/api/admin/translations/imports/', { token: adminToken });
    expect(imports.body).toEqual([]);
    expect((await lookUp('gratuite', 'fr')).found).toBe(false);
  });

  it('accepts the fields after the file, as admin.md §7 lists them', async () => {
    const { status, body } = await upload(
      { ...PAIR, action: 'preview' },
      { bytes: spanishDump(), name: 'es.jsonl' },
      adminToken,
      'file-first',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ action: 'preview', lines: 5, entries: 4, skipped: 0 });
  });

  it.each([
    ['a truncated gzip', gzipSync(spanishDump()).subarray(0, 60), 'es.jsonl.gz', /truncated/],
    [
      'binary junk',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 2, 3]),
      'es.jsonl',
      /not a JSON-lines/,
    ],
    ['a .gz name on plain text', spanishDump(), 'es.jsonl.gz', /not gzip/],
    ['a JSON array', Buffer.from('[{"word": "hablar"}]'), 'es.json', /JSON array/],
    [
      'an over-long line',
      Buffer.from(`{"word": "${'a'.repeat(80 * KB)}"}\n`),
      'es.jsonl',
      /Line 1 is longer/,
    ],
    ['an empty file', Buffer.alloc(0), 'es.jsonl', /empty/],
  ])('refuses %s with a sentence', async (_name, bytes, name, sentence) => {
    const { status, body } = await upload({ ...PAIR, action: 'preview' }, { bytes, name });
    expect(status).toBe(400);
    expect(body.error).toMatch(sentence);
  });

  it('answers a form cut short inside the dump with 400 and a sentence, keeping nothing', async () => {
    const boundary = 'cut-dump';
    const body = multipartBody(
      boundary,
      { ...PAIR, action: 'import' },
      { name: 'es.jsonl', bytes: spanishDump() },
      { cutShort: true },
    );

    const response = await postForm(`${base}/api/admin/translations/upload/`, body, {
      boundary,
      token: adminToken,
    });

    expect(response).toMatchObject({
      status: 400,
      body: { error: 'The upload was cut short before the file ended: send it again, whole.' },
    });
    expect(await storedUploads()).toEqual([]);
  });

  it('counts broken lines by number and reason, and goes on', async () => {
    const dump = Buffer.concat([
      spanishDump(),
      Buffer.from('{"word": "roto", "pos": \n'),
      Buffer.from('{"pos": "noun", "lang_code": "es", "senses": [{"glosses": ["x"]}]}\n'),
      Buffer.from('{"word": "solo", "lang_code": "es", "pos": "adj"}\n'),
    ]);
    const { body } = await upload({ ...PAIR, action: 'preview' }, { bytes: dump, name: 'es.jsonl' });
    expect(body).toMatchObject({ lines: 8, entries: 4, skipped: 3 });
    expect(body.skipped_lines).toEqual([
      { line: 6, reason: 'malformed JSON' },
      { line: 7, reason: 'missing word' },
      { line: 8, reason: 'missing senses' },
    ]);
  });

  it('answers a gzip bomb of blank lines promptly, saying it found no lines and stopped early', async () => {
    // 200 MB of '\n' once decompressed (about 200 KB as sent): 200 gzip members of 1 MB of blank lines.
    const member = gzipSync(Buffer.alloc(1024 * KB, '\n'), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 200 }, () => member));

    const { status, body } = await upload(
      { ...PAIR, action: 'preview' },
      { bytes: bomb, name: 'es.jsonl.gz' },
    );

    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ action: 'preview', lines: 0, entries: 0, truncated: true, sample: [] });
  });

  it('reports a partial file as a truncated sample, leaving out its unfinished last line', async () => {
    const cut = Buffer.concat([spanishDump(), Buffer.from('{"word": "nuevo", "pos": "ad')]);
    const file = { bytes: cut, name: 'es.jsonl' };

    const partial = await upload({ ...PAIR, action: 'preview', partial: 'true' }, file);
    const whole = await upload({ ...PAIR, action: 'preview' }, file);

    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ lines: 5, entries: 4, skipped: 0, truncated: true });
    // Sent as a whole file, the same bytes end with a broken line.
    expect(whole.body).toMatchObject({ lines: 6, skipped: 1, truncated: false });
  });

  it('refuses to import a partial file, and keeps nothing', async () => {
    const file = { bytes: spanishDump(), name: 'es.jsonl' };
    for (const order of ['fields-first', 'file-first'] as const) {
      const { status, body } = await upload(
        { ...PAIR, action: 'import', partial: 'true' },
        file,
        adminToken,
        order,
      );
      expect(status, order).toBe(400);
      expect(body.error).toBe('Only a preview takes part of a dump; send the whole file to import it.');
    }
    expect((await upload({ ...PAIR, action: 'preview', partial: 'maybe' }, file)).body).toEqual({
      error: 'partial must be true or false.',
    });
    expect(await storedUploads()).toEqual([]);
  });

  it('answers a preview once it has read its lines, then reads the rest of the upload and throws it away', async () => {
    const boundary = 'catamaran-preview-boundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head =
      Object.entries({ ...PAIR, action: 'preview' })
        .map(([name, value]) => field(name, value))
        .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="es.jsonl"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n';
    const line = `${JSON.stringify({ word: 'casa', pos: 'noun', lang_code: 'es', senses: [{ glosses: ['house'] }] })}\n`;
    // One connection: the request after this one is answered only once the server has read this one to its end.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const request = httpRequest(`${base}/api/admin/translations/upload/`, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${adminToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    const responded = once(request, 'response') as Promise<[IncomingMessage]>;
    request.write(head + line.repeat(2100));

    // The upload is not finished: the answer comes from the first 1,000 lines alone (the importer reads lines
    // in batches of 1,000, so the 1,001st, which shows there are more, is in the second batch).
    const [response] = await responded;
    expect(response.statusCode).toBe(200);
    expect(await readJson(response)).toMatchObject({ action: 'preview', lines: 1000, truncated: true });

    // The rest (more than the socket buffers hold, and a part after the file) is read and thrown away: the
    // request ends, and its connection takes the next one (a lookup of a pair no test imports: an answer of the
    // es→en pair would be kept for a second, and the next test imports it).
    request.end(`${line.repeat(200_000)}\r\n${field('late', 'ignored')}--${boundary}--\r\n`);
    try {
      const next = httpRequest(`${base}/api/dict/lookup/?language=it&surface=casa`, {
        agent,
        headers: { authorization: `Bearer ${learnerToken}` },
      });
      next.end();
      const [answer] = (await once(next, 'response')) as [IncomingMessage];
      expect(answer.statusCode).toBe(200);
      expect(await readJson(answer)).toMatchObject({ found: false });
    } finally {
      agent.destroy();
    }
    expect(await storedUploads()).toEqual([]);
  });

  it('validates the fields: file, languages, and source differing from target', async () => {
    const file = { bytes: spanishDump(), name: 'es.jsonl' };
    expect((await upload({ ...PAIR, action: 'preview' })).body).toEqual({
      error: 'Choose a file: a wiktextract dump, one entry per line.',
    });
    expect((await upload({ ...PAIR, target: 'es', action: 'preview' }, file)).body).toEqual({
      error: 'The source language must differ from the target language.',
    });
    expect((await upload({ ...PAIR, source: 'xx', action: 'preview' }, file)).body).toEqual({
      error: 'There is no language with the code "xx".',
    });
    const noAction = await upload({ ...PAIR }, file);
    expect(noAction.status).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/admin/translations/upload/',
      token: adminToken,
      payload: { action: 'preview' },
    });
    expect(json.status).toBe(415);
  });

  it('answers 413 to an upload over the limit, and keeps nothing', async () => {
    const big = Buffer.alloc(1100 * KB, 'x');
    const { status, body } = await upload({ ...PAIR, action: 'import' }, { bytes: big, name: 'big.jsonl' });
    expect(status).toBe(413);
    expect(body.error).toBe('The file is larger than 1 MB.');
    const imports = await t.get<unknown[]>('/api/admin/translations/imports/', { token: adminToken });
    expect(imports.body).toEqual([]);
  });

  it('answers 401 without a session and 403 to a learner', async () => {
    const file = { bytes: spanishDump(), name: 'es.jsonl' };
    expect((await upload({ ...PAIR, action: 'preview' }, file, '')).status).toBe(401);
    expect((await upload({ ...PAIR, action: 'preview' }, file, learnerToken)).status).toBe(403);
    expect((await t.get('/api/admin/translations/imports/', { token: learnerToken })).status).toBe(403);
    expect((await t.get('/api/dict/lookup/?language=es&surface=hola')).status).toBe(401);
  });
});

describe('importing a dictionary, and looking words up', () => {
  it('imports in a job, then finds lemmas and inflected forms', async () => {
    const done = await importAndWait({ bytes: gzipSync(spanishDump()), name: 'es.jsonl.gz' });

    expect(done).toMatchObject({ status: 'succeeded', source: 'es', target: 'en', error: null });
    expect(done.progress).toMatchObject({ lines: 5, entries: 4, skipped: 0 });
    await expectUploadRemoved(done.id);

    expect(await lookUp('hablar')).toMatchObject({
      found: true,
      lemma: 'hablar',
      pos: 'verb',
      form: null,
      translations: [
        {
          gloss: 'to speak',
          definition: 'to speak',
          example: 'Hablo español. — I speak Spanish.',
          source: 'wiktextract',
        },
        { gloss: 'to talk', example: null },
      ],
    });
    expect(await lookUp('¡Habló!')).toMatchObject({
      found: true,
      lemma: 'hablar',
      form: 'third-person singular preterite indicative of hablar',
    });
    expect((await lookUp('hablamos')).form).toMatch(/^first-person plural present .*of hablar$/);
    expect(await lookUp('Gratuitos,')).toMatchObject({ found: true, lemma: 'gratuito', pos: 'adj' });
    // The casing as written wins: a capital finds the name, lower case the noun.
    expect(await lookUp('Lima')).toMatchObject({ lemma: 'Lima', pos: 'name' });
    expect(await lookUp('lima')).toMatchObject({ lemma: 'lima', pos: 'noun' });
    expect(await lookUp('es-conj')).toMatchObject({ found: false });
    expect(await lookUp('xyzzy')).toEqual({
      found: false,
      lemma: null,
      pos: null,
      form: null,
      translations: [],
    });
    expect(await lookUp('...')).toMatchObject({ found: false });
  });

  it('gives the same dictionary when the same file is imported again, and drops the replaced one', async () => {
    const file = { bytes: spanishDump(), name: 'es.jsonl' };
    const first = await importAndWait(file);
    const second = await importAndWait(file);

    expect(second.status).toBe('succeeded');
    expect(second.progress).toEqual(first.progress);
    expect(await lookUp('habló')).toMatchObject({ found: true, lemma: 'hablar' });
    await expect.poll(attachedForms, { timeout: SERVER_WORK_TIMEOUT }).toBe(1);
  });

  it('keeps the previous dictionary answering when an import fails', async () => {
    await importAndWait({ bytes: spanishDump(), name: 'es.jsonl' });
    const broken = gzipSync(
      spanishDump([{ word: 'nuevo', pos: 'adj', lang_code: 'es', senses: [{ glosses: ['new'] }] }]),
    );

    const failed = await importAndWait({
      bytes: broken.subarray(0, broken.length - 30),
      name: 'es.jsonl.gz',
    });

    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/truncated/);
    await expectUploadRemoved(failed.id);
    expect(await lookUp('habló')).toMatchObject({ found: true, lemma: 'hablar' });
    expect((await lookUp('nuevo')).found).toBe(false);
    const tables = await t.app.pool.query(`SELECT 1 FROM pg_tables WHERE tablename = $1`, [
      `dictionary_forms_i${failed.id}`,
    ]);
    expect(tables.rowCount).toBe(0);
  });

  it('refuses a dump with no entry of the source language, keeping the old dictionary', async () => {
    const failed = await importAndWait({ bytes: SAMPLE, name: 'sample.jsonl' }, 'it');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^No it entries in the file \(64 lines read, 64 skipped\)\.$/);
  });

  it("refuses a dump whose glosses are not in the pair's target, naming both, before anything is replaced", async () => {
    const english = await importAndWait({ bytes: SAMPLE, name: 'sample.jsonl' }, 'de');
    expect(english.status).toBe('succeeded');
    expect(english.progress?.gloss_language).toBe('en');
    await expectLookUpAfterSwitch('Fuchs', { found: true, lemma: 'Fuchs' }, 'de');
    const before = await lookUp('Fuchs', 'de');

    const german = { bytes: GERMAN_EDITION, name: 'de-edition.jsonl' };
    const sentence =
      "This dump's glosses are in German, but the dictionary being imported is German → English. Import it " +
      'for a pair whose target is German, or choose a dump of the English edition.';
    const preview = await upload({ ...PAIR, source: 'de', action: 'preview' }, german);
    expect(preview).toEqual({ status: 400, body: { error: sentence } });

    const refused = await importAndWait(german, 'de');
    expect(refused).toMatchObject({ status: 'failed', error: sentence });
    expect(await lookUp('Fuchs', 'de')).toEqual(before);
    expect((await lookUp('Haus', 'de')).translations.map((translation) => translation.gloss)).not.toContain(
      'Gebäude, das Menschen zum Wohnen dient',
    );
  });

  it('imports a dump whose glosses only look foreign by their short words, the entries not naming it', async () => {
    // An Indonesian edition's lines: 'Jerman' is no edition's name the detector knows, and 'di' is Italian's too.
    const lines = Array.from({ length: 12 }, (_, index) =>
      JSON.stringify({
        word: `Haus${index}`,
        lang: 'Jerman',
        lang_code: 'de',
        pos: 'noun',
        senses: [{ glosses: [`tempat tinggal di dalam kota ${index}`] }],
      }),
    );
    const done = await importAndWait({ bytes: Buffer.from(`${lines.join('\n')}\n`), name: 'id.jsonl' }, 'de');

    expect(done.status).toBe('succeeded');
    expect(done.progress?.entries).toBe(12);
  });

  it('counts form-of lines, their links to words the dump lacks, and every skipped line by its reason', async () => {
    const dump = Buffer.concat([SAMPLE, readFileSync(join(FIXTURES, 'wiktextract-fr-form-of-only.jsonl'))]);
    const preview = await upload(
      { ...PAIR, source: 'fr', action: 'preview' },
      { bytes: dump, name: 'fr.jsonl' },
    );
    expect(preview.body).toMatchObject({ form_of_lines: 5, missing_lemmas: null, gloss_language: 'en' });

    const done = await importAndWait({ bytes: dump, name: 'fr.jsonl' }, 'fr');
    expect(done.status).toBe('succeeded');
    // démarche (sample) and abluent, tables, pies, chantent: only forms, linking to démarcher, abluer, table,
    // pie and chanter, of which the dump has chanter alone.
    expect(done.progress).toMatchObject({ form_of_lines: 5, form_of_links: 5, missing_lemmas: 4 });
    const reasons = done.progress?.skipped_reasons ?? {};
    expect(reasons['language ja, not fr']).toBe(9);
    expect(Object.values(reasons).reduce((sum, count) => sum + count, 0)).toBe(done.progress?.skipped);
    expect(done.progress?.skipped).toBe(64 - 5);
  });

  it('cancels a queued import, removing its upload at once, and the job then leaves it alone', async () => {
    const objectKey = 'dictionary-imports/1-queued.dump';
    await t.app.storage.put(objectKey, Readable.from([spanishDump()]), { contentType: 'text/plain' });
    const row = await createImport(t.db, {
      source: 'es',
      target: 'en',
      fileName: 'es.jsonl',
      fileSize: 10,
      objectKey,
      createdBy: (await createUser(t.db, { isAdmin: true })).id,
    });

    const cancelled = await t.request<DictionaryImport>({
      method: 'DELETE',
      url: `/api/admin/translations/imports/${row.id}/`,
      token: adminToken,
    });
    expect(await storedUploads()).toEqual([]);
    expect((await getImport(t.db, row.id))?.objectKey).toBeNull();
    await runImportJob(
      {
        db: t.db,
        pool: t.app.pool,
        storage: t.app.storage,
        limits: t.config.dictionaryLimits,
        log: t.app.log,
      },
      row.id,
      new AbortController().signal,
    );

    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: row.id,
      status: 'cancelled',
      error: 'Cancelled by an administrator.',
    });
    const after = await t.get<DictionaryImport>(`/api/admin/translations/imports/${row.id}/`, {
      token: adminToken,
    });
    expect(after.body.status).toBe('cancelled');
    const list = await t.get<DictionaryImport[]>('/api/admin/translations/imports/', { token: adminToken });
    expect(list.body[0]).toMatchObject({ id: row.id, status: 'cancelled' });
    expect((await t.get('/api/admin/translations/imports/999999/', { token: adminToken })).status).toBe(404);
  });

  it('fails an import whose job cannot be queued, with a sentence, and removes its upload', async () => {
    const enqueue = vi.spyOn(t.app.jobs, 'enqueue').mockRejectedValueOnce(new Error('the queue is down'));
    try {
      const { status, body } = await upload(
        { ...PAIR, action: 'import' },
        { bytes: spanishDump(), name: 'es.jsonl' },
      );
      expect(status).toBe(500);
      expect(body.error).toEqual(expect.any(String));
    } finally {
      enqueue.mockRestore();
    }
    const list = await t.get<DictionaryImport[]>('/api/admin/translations/imports/', { token: adminToken });
    expect(list.body[0]).toMatchObject({
      status: 'failed',
      error:
        'The import could not be queued. The previous dictionary is still in use; upload the file again.',
    });
    expect(await storedUploads()).toEqual([]);
  });

  it('answers from its cache only while the import it came from is current', async () => {
    const cache = new LookupCache(2, 0);
    const query = { language: 'es', target: 'en', surface: 'nuevo' };
    await importAndWait({ bytes: spanishDump(), name: 'es.jsonl' });
    expect((await lookup(t.app.pool, query, cache)).found).toBe(false);

    const withNuevo = spanishDump([
      { word: 'nuevo', pos: 'adj', lang_code: 'es', senses: [{ glosses: ['new'] }] },
    ]);
    await importAndWait({ bytes: withNuevo, name: 'es.jsonl' });

    expect(await lookup(t.app.pool, query, cache)).toMatchObject({ found: true, lemma: 'nuevo' });
    // The least recently used answer goes first.
    await lookup(t.app.pool, { ...query, surface: 'hablar' }, cache);
    await lookup(t.app.pool, { ...query, surface: 'Lima' }, cache);
    const current = await cache.importOf(t.app.pool, 'es', 'en');
    expect(cache.get(cacheKey(query), current as number)).toBeUndefined();
    const lima = cache.get(cacheKey({ ...query, surface: 'Lima' }), current as number);
    expect(JSON.parse(lima ?? 'null')).toMatchObject({ lemma: 'Lima' });
  });

  it('stores what PostgreSQL refuses in JSON (a NUL, a lone surrogate) cleaned, rather than failing the import', async () => {
    const dump = Buffer.concat([
      spanishDump(),
      Buffer.from(
        '{"word": "raro", "pos": "adj", "lang_code": "es", "senses": [{"glosses": ["odd\\u0000 \\ud800strange"]}]}\n',
      ),
    ]);
    const done = await importAndWait({ bytes: dump, name: 'es.jsonl' });
    expect(done.status, done.error ?? '').toBe('succeeded');
    await expectLookUpAfterSwitch('raro', { found: true, translations: [{ gloss: 'odd \ufffdstrange' }] });
  });

  it('keeps answering lookups while a dictionary is replaced, and drops the replaced one afterwards', async () => {
    await importAndWait({ bytes: spanishDump(), name: 'es.jsonl' });
    let isImporting = true;
    const answers: LookupResult[] = [];
    const lookups = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (isImporting) {
          answers.push(await lookUp('habló'));
          // A cached answer comes back through inject without touching a socket: without a turn of the event
          // loop between lookups, the uploads and the job (real sockets) wait for seconds and time out.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    for (let round = 0; round < 3; round++) {
      const done = await importAndWait({ bytes: spanishDump(), name: 'es.jsonl' });
      expect(done.status, done.error ?? '').toBe('succeeded');
    }
    isImporting = false;
    await lookups;

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.found && answer.lemma === 'hablar')).toBe(true);
    // The job retires the replaced partitions just after it reports success: one is left per pair.
    const { rows } = await t.app.pool.query<{ pairs: number }>(
      'SELECT count(*)::integer AS pairs FROM dictionaries',
    );
    await expect.poll(attachedForms, { timeout: SERVER_WORK_TIMEOUT }).toBe(rows[0]?.pairs);
  });

  it('finds the word itself even when dozens of other lemmas list it among their forms', async () => {
    const crowd = Array.from({ length: 60 }, (_, index) => ({
      word: `ir${index}`,
      pos: 'verb',
      lang_code: 'es',
      senses: [{ glosses: [`to go, variant ${index}`] }],
      forms: [{ form: 'vaya', tags: ['subjunctive'] }],
    }));
    const vaya = { word: 'vaya', pos: 'intj', lang_code: 'es', senses: [{ glosses: ['wow'] }] };
    await importAndWait({ bytes: spanishDump([...crowd, vaya]), name: 'es.jsonl' });

    await expectLookUpAfterSwitch('Vaya', { found: true, lemma: 'vaya', pos: 'intj', form: null });
  });

  it("finds an elided word by its title with the apostrophe (l'), else by the bare letters", async () => {
    const line = (word: string, gloss: string) =>
      JSON.stringify({ word, pos: 'article', lang_code: 'fr', senses: [{ glosses: [gloss] }] });
    const dump = Buffer.from(
      [line("l'", 'the (elided)'), line('qu', 'that (elided, titled without its apostrophe)')].join('\n'),
    );
    const done = await importAndWait({ bytes: dump, name: 'fr.jsonl' }, 'fr');
    expect(done.status, done.error ?? '').toBe('succeeded');

    await expectLookUpAfterSwitch('L’', { found: true, lemma: "l'" }, 'fr');
    expect(await lookUp("qu'", 'fr')).toMatchObject({ found: true, lemma: 'qu' });
    expect(await lookUp('l', 'fr')).toMatchObject({ found: false });
  });
});
