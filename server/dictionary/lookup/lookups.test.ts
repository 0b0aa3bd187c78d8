// POST /api/dict/lookups/ (issue 24): the words of a story saved for offline reading, each answered exactly as
// GET /api/dict/lookup/ answers it, in the order sent, from the cache the two share.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type LookupResult, MAX_LOOKUPS_PER_REQUEST } from '#common/schemas/dictionary.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { lookup } from './service.ts';

const t = setupTestApp();
let token = '';

const FIXTURES = resolve(import.meta.dirname, '../../../tests/fixtures');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

beforeAll(async () => {
  token = (await signIn(t.db, await createUser(t.db))).accessToken;
  const sample = fixture('kaikki/wiktextract-en-edition-sample.jsonl');
  await importDictionary(t, 'fr', fixture('wiktextract-fr-form-of-only.jsonl'));
  await importDictionary(t, 'de', sample + fixture('wiktextract-de-derived-and-marked.jsonl'));
  await importDictionary(t, 'ko', sample + fixture('wiktextract-ko-particles.jsonl'));
  await importDictionary(t, 'zh', fixture('wiktextract-zh-scripts.jsonl'));
}, 60_000);

interface Word {
  surface: string;
  lemma?: string;
}

const lookUpMany = (body: unknown, withToken = true) =>
  t.request<{ results: LookupResult[]; error?: string }>({
    method: 'POST',
    url: '/api/dict/lookups/',
    payload: body as string,
    headers: { 'content-type': 'application/json' },
    ...(withToken ? { token } : {}),
  });

async function results(language: string, words: Word[]): Promise<LookupResult[]> {
  const response = await lookUpMany({ language, words });
  expect(response.status, response.text.slice(0, 200)).toBe(200);
  expect(response.body.results).toHaveLength(words.length);
  return response.body.results;
}

async function lookUpOne(language: string, { surface, lemma }: Word): Promise<LookupResult> {
  const query = new URLSearchParams({ language, surface, ...(lemma === undefined ? {} : { lemma }) });
  const response = await t.get<LookupResult>(`/api/dict/lookup/?${query}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

/** How many indexed queries of the dictionary's tables `run` makes. */
async function dictionaryQueries(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(t.app.pool, 'query');
  try {
    await run();
    return spy.mock.calls.filter(([config]) =>
      String((config as { name?: string }).name).startsWith('dictionary-lookup-'),
    ).length;
  } finally {
    spy.mockRestore();
  }
}

describe('POST /api/dict/lookups/', () => {
  it('answers 401 without a session, and 200 to a signed-in learner', async () => {
    const refused = await lookUpMany({ language: 'de', words: [{ surface: 'Fahrer' }] }, false);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'Not authenticated' });
    expect(await results('de', [{ surface: 'Fahrer' }])).toMatchObject([{ found: true, lemma: 'Fahrer' }]);
  });

  it('answers every word exactly as the single lookup does, whether found, a form, by its lemma or not found', async () => {
    const cases: [string, Word[]][] = [
      [
        'de',
        [
          { surface: 'Fahrers' }, // an inflected form, with what it is
          { surface: 'Fahrers', lemma: 'Fahrer' }, // the lemma first
          { surface: 'Fahrers', lemma: 'Fahrerx' }, // a lemma the dictionary lacks: the surface answers
          { surface: '', lemma: 'Januar' },
          { surface: 'Jan.' },
          { surface: 'sei!' },
          { surface: 'Herz' }, // with its recording
          { surface: 'pflegte' },
          { surface: 'zzzzqq' }, // not found
          { surface: '...' }, // nothing left to look up
        ],
      ],
      ['fr', [{ surface: 'abluent' }, { surface: 'Tables,' }, { surface: 'chantent' }]],
      ['ko', [{ surface: '학교에서' }, { surface: '-에서' }, { surface: '학교을' }]],
      ['zh', [{ surface: '圖書館' }, { surface: '头发' }, { surface: '圖書室', lemma: '图书室' }]],
      ['it', [{ surface: 'gatto' }]], // a language without a dictionary
    ];
    for (const [language, words] of cases) {
      // Asked first, so the batch reads the database rather than answers the single lookups left in the cache.
      const batch = await results(language, words);
      for (const [index, word] of words.entries()) {
        const uncached = await lookup(t.app.pool, { language, target: 'en', ...word });
        expect(batch[index], `${language} ${JSON.stringify(word)}`).toEqual(uncached);
        expect(batch[index]).toEqual(await lookUpOne(language, word));
      }
    }
    const [form, lemmaFirst] = await results('de', [
      { surface: 'Fahrers' },
      { surface: 'Fahrers', lemma: 'Fahrer' },
    ]);
    expect(form).toMatchObject({ found: true, lemma: 'Fahrer', form: 'genitive singular of Fahrer' });
    expect(lemmaFirst).toMatchObject({ found: true, lemma: 'Fahrer', form: null });
    expect((await results('it', [{ surface: 'gatto' }]))[0]).toEqual({
      found: false,
      lemma: null,
      pos: null,
      form: null,
      translations: [],
    });
  });

  it('answers in the order sent, a duplicate as often as it is sent, and looks it up once', async () => {
    const words = [
      { surface: 'Fahrerinnen' },
      { surface: 'zzzzyy' },
      { surface: 'Fahrerin' },
      { surface: 'Fahrerinnen,' }, // the same word as tapped before a comma
      { surface: 'Fahrerinnen' },
    ];
    let answers: LookupResult[] = [];
    const queries = await dictionaryQueries(async () => {
      answers = await results('de', words);
    });
    expect(answers.map((answer) => answer.lemma)).toEqual([
      'Fahrerin',
      null,
      'Fahrerin',
      'Fahrerin',
      'Fahrerin',
    ]);
    expect(answers[0]).toMatchObject({ form: 'plural of Fahrerin' });
    expect(answers[2]).toMatchObject({ form: null });
    expect(answers[3]).toEqual(answers[0]);
    expect(answers[4]).toEqual(answers[0]);
    // One query for each distinct word, none for its repetitions.
    expect(queries).toBe(3);
  });

  it('answers from the cache the single lookup fills, and fills it for the single lookup', async () => {
    await lookUpOne('de', { surface: 'Fahrern' });
    expect(await dictionaryQueries(() => results('de', [{ surface: 'Fahrern' }]))).toBe(0);
    expect(await dictionaryQueries(() => results('de', [{ surface: 'v.' }]))).toBe(1);
    expect(await dictionaryQueries(() => lookUpOne('de', { surface: 'v.' }))).toBe(0);
  });

  it('answers the most words it takes, each with a surface and a lemma of the longest, in one request', async () => {
    // Chinese characters are three bytes each in UTF-8: a body over Fastify's default limit of 1 MiB. Words this
    // long are past the longest a lookup reads (common/dictionary.ts), so they are answered without a query:
    // what is tried here is the body's size, and the one real word among them.
    const long = (index: number, character: string) => `${index}`.padStart(4, '0') + character.repeat(196);
    const words = Array.from({ length: MAX_LOOKUPS_PER_REQUEST }, (_, index) => ({
      surface: long(index, '書'),
      lemma: long(index, '书'),
    }));
    words[1] = { surface: '圖書館', lemma: '图书馆' };
    const body = JSON.stringify({ language: 'zh', words });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const answers = await results('zh', words);
    expect(answers[0]?.found).toBe(false);
    expect(answers[1]).toMatchObject({ found: true, lemma: '图书馆' });
  }, 30_000);

  it('refuses a body over its limit with 413 and a sentence', async () => {
    const response = await lookUpMany(`{"language":"de","words":[{"surface":"${'x'.repeat(3_000_000)}"}]}`);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'The request body is too large.' });
  });

  it('refuses each kind of bad input with 400 and a sentence naming what is wrong', async () => {
    const word = { surface: 'Fahrer' };
    const refusals: [unknown, string][] = [
      [{ language: 'de' }, 'words is required: a list of words, each with a surface.'],
      [{ language: 'de', words: 'Fahrer' }, 'words is required: a list of words, each with a surface.'],
      [{ language: 'de', words: [] }, 'Send at least one word.'],
      [
        { language: 'de', words: Array.from({ length: MAX_LOOKUPS_PER_REQUEST + 1 }, () => word) },
        `Send at most ${MAX_LOOKUPS_PER_REQUEST} words at a time.`,
      ],
      [{ language: 'de', words: [word, word, word, { lemma: 'Fahrer' }] }, 'words[3].surface is required.'],
      [{ language: 'de', words: [word, { surface: 7 }] }, 'words[1].surface must be a word.'],
      [{ language: 'de', words: [word, { surface: 'x'.repeat(201) }] }, 'words[1].surface is too long.'],
      [{ language: 'de', words: [word, word, { surface: 'a', lemma: 5 }] }, 'words[2].lemma must be a word.'],
      [{ language: 'de', words: [{ surface: 'a', lemma: 'x'.repeat(201) }] }, 'words[0].lemma is too long.'],
      [{ language: 'de', words: ['Fahrer'] }, 'words[0] must be a word: an object with a surface.'],
      [{ words: [word] }, 'language is required'],
      [{ language: 'german', words: [word] }, 'language must be a language code such as es.'],
      [{ language: 'de', target: 'EN', words: [word] }, 'target must be a language code such as es.'],
      ['"Fahrer"', 'Send a JSON object with a language and its words.'],
      [
        { language: 'de', words: [word, { surface: 'a\u0000b' }] },
        'words.1.surface must not contain the character U+0000 or an unpaired surrogate.',
      ],
    ];
    for (const [body, error] of refusals) {
      const response = await lookUpMany(body);
      expect(response.status, error).toBe(400);
      expect(response.body).toEqual({ error });
    }
  });
});
