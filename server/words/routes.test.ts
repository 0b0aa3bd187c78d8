// The saved words as /words lists them (issue 22) through the API: each word's meaning (its term's first gloss),
// status and first sentence; the language filter, search and sort; deleting a word (the learner's own only);
// and the CSV export (byte order mark, quoting, the same filters).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORD_NOT_FOUND } from '#common/endpoints/words.ts';
import { MAX_SAVED_SENTENCE_LENGTH, type SavedWord, SavedWordList } from '#common/schemas/reading.ts';
import { savedWords } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();

const DEMO = resolve(import.meta.dirname, '../db/demo');

/** A French dictionary whose glosses hold what CSV must quote: a comma, quotes, a line break. */
const FRENCH = [
  { word: 'dire', pos: 'verb', lang_code: 'fr', senses: [{ glosses: ['to say, to tell'] }] },
  { word: 'chat', pos: 'noun', lang_code: 'fr', senses: [{ glosses: ['cat ("minou")'] }] },
  { word: 'lune', pos: 'noun', lang_code: 'fr', senses: [{ glosses: ['moon\nsatellite'] }] },
  { word: 'sept', pos: 'num', lang_code: 'fr', senses: [{ glosses: ['=7+0'] }] },
]
  .map((entry) => JSON.stringify(entry))
  .join('\n');

const importDump = (source: string, text: string) => importDictionary(t, source, text);

beforeAll(async () => {
  await importDump('es', readFileSync(resolve(DEMO, 'es-en.jsonl'), 'utf8'));
  await importDump('fr', FRENCH);
}, 60_000);

const learner = async () => (await signIn(t.db, await createUser(t.db))).accessToken;
const save = (token: string, body: object) =>
  t.request<SavedWord>({ method: 'POST', url: '/api/words/save/', token, payload: body });
const list = async (token: string, query = '') => {
  const response = await t.get<SavedWord[]>(`/api/words/${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return SavedWordList.parse(response.body);
};

describe('GET /api/words/ (issue 22)', () => {
  it("lists each word with its term's first gloss, the learner's status of it and its first sentence", async () => {
    const token = await learner();
    await save(token, { word: 'Habló', language: 'es', sentence: '  Ella   habló\ncon el mar. ' });
    await save(token, { word: 'habló', language: 'es', sentence: 'Otra frase.' });
    await save(token, { word: 'zzyzx', language: 'es' });
    await t.request({
      method: 'PUT',
      url: '/api/terms/status/',
      token,
      payload: { language: 'es', term: 'zzyzx', status: 'known' },
    });

    const words = await list(token);

    expect(words).toEqual([
      {
        id: expect.any(Number),
        word: 'zzyzx',
        language: 'es',
        occurrences: 1,
        last_seen_at: expect.any(String),
        first_seen_at: expect.any(String),
        term: 'zzyzx',
        status: 'known',
        meaning: null,
        sentence: null,
      },
      {
        id: expect.any(Number),
        word: 'habló',
        language: 'es',
        occurrences: 2,
        last_seen_at: expect.any(String),
        first_seen_at: expect.any(String),
        term: 'hablar',
        status: 'learning-1',
        meaning: 'to speak',
        sentence: 'Ella habló con el mar.',
      },
    ]);
  });

  it('keys a word saved before terms were kept under its dictionary form, once', async () => {
    const token = await learner();
    const saved = (await save(token, { word: 'hablaba', language: 'es' })).body;
    await t.db.update(savedWords).set({ term: null }).where(eq(savedWords.id, saved.id));
    await t.request({
      method: 'PUT',
      url: '/api/terms/status/',
      token,
      payload: { language: 'es', term: 'hablar', status: 'learning-4' },
    });

    expect((await list(token)).map((word) => [word.term, word.status, word.meaning])).toEqual([
      ['hablar', 'learning-4', 'to speak'],
    ]);
    const [row] = await t.db
      .select({ term: savedWords.term })
      .from(savedWords)
      .where(eq(savedWords.id, saved.id));
    expect(row?.term).toBe('hablar');
  });

  it('answers a term made new again with a null status', async () => {
    const token = await learner();
    await save(token, { word: 'casa', language: 'es' });
    await t.request({
      method: 'PUT',
      url: '/api/terms/status/',
      token,
      payload: { language: 'es', term: 'casa', status: 'known' },
    });
    await t.request({
      method: 'POST',
      url: '/api/terms/forget/',
      token,
      payload: { language: 'es', terms: ['casa'] },
    });

    expect((await list(token)).map((word) => [word.word, word.status])).toEqual([['casa', null]]);
  });

  it('keeps the first sentence sent, and refuses one too long with a sentence', async () => {
    const token = await learner();
    await save(token, { word: 'gato', language: 'es' });
    await save(token, { word: 'gato', language: 'es', sentence: 'El gato duerme.' });
    await save(token, { word: 'gato', language: 'es', sentence: 'Un gato negro.' });
    const tooLong = await save(token, {
      word: 'gato',
      language: 'es',
      sentence: 'a'.repeat(MAX_SAVED_SENTENCE_LENGTH + 1),
    });
    const notText = await save(token, { word: 'gato', language: 'es', sentence: 7 });

    expect((await list(token)).map((word) => [word.sentence, word.occurrences])).toEqual([
      ['El gato duerme.', 3],
    ]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      error: `sentence must be at most ${MAX_SAVED_SENTENCE_LENGTH} characters long.`,
    });
    expect(notText.status).toBe(400);
    expect(notText.body).toEqual({ error: 'sentence must be text.' });
  });

  it('filters by language, searches word, term and meaning in any case, and sorts by each column', async () => {
    const token = await learner();
    for (const [word, language, times] of [
      ['perro', 'es', 3],
      ['hablaba', 'es', 1],
      ['dire', 'fr', 2],
      ['árbol', 'es', 1],
      ['zorro', 'es', 2],
    ] as const) {
      for (let time = 0; time < times; time += 1) await save(token, { word, language });
    }
    const words = async (query: string) => (await list(token, query)).map((word) => word.word);

    expect(await words('')).toEqual(['zorro', 'árbol', 'dire', 'hablaba', 'perro']);
    expect(await words('?language=es')).toEqual(['zorro', 'árbol', 'hablaba', 'perro']);
    expect(await words('?search=HABLAR')).toEqual(['hablaba']);
    expect(await words('?search=SPEAK')).toEqual(['hablaba']);
    expect(await words('?search=%20rro%20&language=es')).toEqual(['zorro', 'perro']);
    expect(await words('?language=es&sort=word')).toEqual(['árbol', 'hablaba', 'perro', 'zorro']);
    expect(await words('?language=es&sort=word&order=desc')).toEqual(['zorro', 'perro', 'hablaba', 'árbol']);
    expect(await words('?sort=occurrences')).toEqual(['perro', 'zorro', 'dire', 'árbol', 'hablaba']);
    expect(await words('?sort=occurrences&order=asc')).toEqual([
      'árbol',
      'hablaba',
      'zorro',
      'dire',
      'perro',
    ]);
    expect(await words('?sort=last_seen&order=asc')).toEqual(['perro', 'hablaba', 'dire', 'árbol', 'zorro']);
    expect(await words('?sort=first_seen')).toEqual(['zorro', 'árbol', 'dire', 'hablaba', 'perro']);
    // dog, to speak, tree; zorro is not in the demo dictionary: a word without a meaning comes last either way.
    expect(await words('?language=es&sort=meaning')).toEqual(['perro', 'hablaba', 'árbol', 'zorro']);
    expect(await words('?language=es&sort=meaning&order=desc')).toEqual([
      'árbol',
      'hablaba',
      'perro',
      'zorro',
    ]);
    expect(await words('?search=nothing-like-it')).toEqual([]);
  });

  it('sorts by status, new first, known and ignored last', async () => {
    const token = await learner();
    for (const word of ['uno', 'dos', 'tres']) await save(token, { word, language: 'es' });
    const set = (term: string, status: string) =>
      t.request({
        method: 'PUT',
        url: '/api/terms/status/',
        token,
        payload: { language: 'es', term, status },
      });
    await set('uno', 'ignored');
    await set('dos', 'learning-3');

    expect((await list(token, '?sort=status')).map((word) => word.word)).toEqual(['tres', 'dos', 'uno']);
    expect((await list(token, '?sort=status&order=desc')).map((word) => word.word)).toEqual([
      'uno',
      'dos',
      'tres',
    ]);
  });

  it('answers bad parameters 400 with a sentence', async () => {
    const token = await learner();
    const cases: [string, string][] = [
      ['?sort=colour', 'sort must be one of word, meaning, status, occurrences, first_seen, last_seen.'],
      ['?order=up', 'order must be asc or desc.'],
      ['?language=spanish', 'language must be a language code such as es.'],
      [`?search=${'a'.repeat(101)}`, 'search must be at most 100 characters long.'],
    ];
    for (const [query, error] of cases) {
      for (const path of ['/api/words/', '/api/words/export.csv']) {
        const response = await t.get(`${path}${query}`, { token });
        expect(response.status, `${path}${query}`).toBe(400);
        expect(response.body).toEqual({ error });
      }
    }
  });
});

describe('DELETE /api/words/{id}/', () => {
  it("deletes the learner's own word, leaves its term's status, and answers 404 for another's", async () => {
    const token = await learner();
    const other = await learner();
    const mine = (await save(token, { word: 'perro', language: 'es' })).body;
    const theirs = (await save(other, { word: 'perro', language: 'es' })).body;

    const byOther = await t.request({ method: 'DELETE', url: `/api/words/${mine.id}/`, token: other });
    const deleted = await t.request({ method: 'DELETE', url: `/api/words/${mine.id}/`, token });
    const again = await t.request({ method: 'DELETE', url: `/api/words/${mine.id}/`, token });
    const notAnId = await t.request({ method: 'DELETE', url: '/api/words/perro/', token });
    const signedOut = await t.request({ method: 'DELETE', url: `/api/words/${theirs.id}/` });

    expect(byOther.status).toBe(404);
    expect(byOther.body).toEqual({ error: WORD_NOT_FOUND });
    expect(deleted.status).toBe(204);
    expect(again.status).toBe(404);
    expect(notAnId.status).toBe(404);
    expect(notAnId.body).toEqual({ error: WORD_NOT_FOUND });
    expect(signedOut.status).toBe(401);
    expect(await list(token)).toEqual([]);
    expect((await list(other)).map((word) => word.id)).toEqual([theirs.id]);
    // The term stays learning: deleting a saved word is not forgetting what the learner knows.
    await save(token, { word: 'perro', language: 'es' });
    expect((await list(token)).map((word) => [word.occurrences, word.status])).toEqual([[1, 'learning-1']]);
  });
});

describe('GET /api/words/export.csv', () => {
  it('answers the words as a UTF-8 CSV attachment with a byte order mark, quoting what must be quoted', async () => {
    const token = await learner();
    for (const word of ['dire', 'chat', 'lune', 'sept']) await save(token, { word, language: 'fr' });
    await save(token, { word: 'niño', language: 'es' });

    const response = await t.get('/api/words/export.csv?language=fr&sort=word', { token });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="catamaran-words-fr-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(response.text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('word,language,term,status,meaning,occurrences,first_seen,last_seen');
    const day = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;
    expect(response.text.slice(1)).toMatch(
      new RegExp(
        [
          'word,language,term,status,meaning,occurrences,first_seen,last_seen',
          `chat,fr,chat,learning-1,"cat \\(""minou""\\)",1,${day},${day}`,
          `dire,fr,dire,learning-1,"to say, to tell",1,${day},${day}`,
          `lune,fr,lune,learning-1,"moon\\nsatellite",1,${day},${day}`,
          `sept,fr,sept,learning-1,'=7\\+0,1,${day},${day}`,
          '',
        ].join('\\r\\n'),
      ),
    );
  });

  it("exports every language, or only the words the search finds, and only the learner's", async () => {
    const token = await learner();
    await save(token, { word: 'dire', language: 'fr' });
    await save(token, { word: 'niño', language: 'es' });
    const other = await learner();
    await save(other, { word: 'lune', language: 'fr' });

    const all = await t.get('/api/words/export.csv', { token });
    const found = await t.get('/api/words/export.csv?search=ni%C3%91O', { token });
    const none = await t.get('/api/words/export.csv', { token: await learner() });
    const signedOut = await t.get('/api/words/export.csv');

    expect(all.headers['content-disposition']).toMatch(/filename="catamaran-words-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(all.text.split('\r\n').map((line) => line.split(',')[0])).toEqual([
      '\uFEFFword',
      'niño',
      'dire',
      '',
    ]);
    expect(
      found.text
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',').slice(0, 4)),
    ).toEqual([['niño', 'es', 'niño', 'learning-1']]);
    expect(none.text).toBe('\uFEFFword,language,term,status,meaning,occurrences,first_seen,last_seen\r\n');
    expect(signedOut.status).toBe(401);
  });
});
