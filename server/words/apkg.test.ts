// GET /api/words/export.apkg (issue 22) through the API: the words the list would show as an Anki deck, opened
// and read back (the zip unpacked, its collection.anki2 opened with sql.js): each word's note and card, its
// meaning and reading, its sentence with the word in bold; the deck named by the language; an empty export a
// valid empty deck; the list's filters, its 400s, a signed-out 401, and the cap on a deck's words.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANKI_DECK_TOO_LARGE, MAX_ANKI_WORDS } from '#common/endpoints/words.ts';
import type { SavedWord } from '#common/schemas/reading.ts';
import { deckNames, readApkg } from '#server/testing/apkg.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { NOTE_TYPE_NAME } from './apkg-collection.ts';

const t = setupTestApp();

const DEMO = resolve(import.meta.dirname, '../db/demo');

beforeAll(async () => {
  for (const language of ['es', 'zh', 'ja']) {
    await importDictionary(t, language, readFileSync(resolve(DEMO, `${language}-en.jsonl`), 'utf8'));
  }
}, 60_000);

const learner = async () => {
  const user = await createUser(t.db);
  return { userId: user.id, token: (await signIn(t.db, user)).accessToken };
};
const save = (token: string, body: object) =>
  t.request<SavedWord>({ method: 'POST', url: '/api/words/save/', token, payload: body });

/** The export's answer, its body as bytes (an .apkg is binary). */
async function exportApkg(query: string, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/words/export.apkg${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: () => response.json(),
  };
}

describe('GET /api/words/export.apkg', () => {
  it("answers the learner's words of a language as an Anki deck that opens, in the list's order", async () => {
    const { token } = await learner();
    await save(token, { word: 'Habló', language: 'es', sentence: 'Ella habló con el <perro>.' });
    await save(token, { word: 'perro', language: 'es' });
    await save(token, { word: '钱包', language: 'zh', sentence: '我的钱包里面有钱。' });
    const other = await learner();
    await save(other.token, { word: 'gato', language: 'es' });

    const response = await exportApkg('?language=es&sort=word', token);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/apkg');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="catamaran-words-es-\d{4}-\d{2}-\d{2}\.apkg"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const apkg = await readApkg(response.bytes);
    expect(apkg.files).toEqual(['collection.anki2', 'media']);
    expect(apkg.version).toBe(11);
    // Word, Reading, Meaning, Sentence: the word in bold in its sentence, the rest escaped.
    expect(apkg.notes.map((note) => note.fields)).toEqual([
      ['habló', '', 'to speak', 'Ella <b>habló</b> con el &lt;perro&gt;.'],
      ['perro', '', 'dog', ''],
    ]);
    expect(apkg.cards).toHaveLength(2);
    expect(apkg.cards.map((card) => card.nid)).toEqual(apkg.notes.map((note) => note.id));
    expect(deckNames(apkg)).toEqual(['Catamaran — Spanish']);
    const [model] = Object.values(apkg.models);
    expect(model?.name).toBe(NOTE_TYPE_NAME);
    expect(model?.flds.map((field) => field.name)).toEqual(['Word', 'Reading', 'Meaning', 'Sentence']);
    expect(model?.tmpls.map((template) => template.qfmt)).toEqual([
      '<div class="word" dir="auto">{{Word}}</div>',
    ]);
    expect(model?.tmpls[0]?.afmt).toMatch(
      /\{\{FrontSide\}\}[\s\S]*\{\{Reading\}\}[\s\S]*\{\{Meaning\}\}[\s\S]*\{\{Sentence\}\}/,
    );
  });

  it('gives a Chinese or Japanese word its reading, and every language its own deck', async () => {
    const { token } = await learner();
    await save(token, { word: '钱包', language: 'zh', sentence: '我的钱包里面有钱。' });
    await save(token, {
      word: '食べました',
      language: 'ja',
      lemma: '食べる',
      sentence: '朝ご飯を食べました。',
    });
    await save(token, { word: 'perro', language: 'es' });

    const apkg = await readApkg((await exportApkg('?sort=word', token)).bytes);

    expect(apkg.notes.map((note) => note.fields.slice(0, 3)).sort()).toEqual([
      ['perro', '', 'dog'],
      ['钱包', 'qián bāo', 'purse, wallet'],
      ['食べました', 'たべました', 'to eat'],
    ]);
    expect(apkg.notes.find((note) => note.sfld === '钱包')?.fields[3]).toBe('我的<b>钱包</b>里面有钱。');
    expect(deckNames(apkg)).toEqual(['Catamaran — Chinese', 'Catamaran — Japanese', 'Catamaran — Spanish']);
    const deckOf = (word: string) => {
      const note = apkg.notes.find((each) => each.sfld === word);
      return apkg.decks[String(apkg.cards.find((card) => card.nid === note?.id)?.did)]?.name;
    };
    expect(deckOf('食べました')).toBe('Catamaran — Japanese');
    expect(deckOf('perro')).toBe('Catamaran — Spanish');
  });

  it('exports only the words the search finds, and keeps each note its guid from one export to the next', async () => {
    const { token } = await learner();
    await save(token, { word: 'perro', language: 'es' });
    await save(token, { word: 'habló', language: 'es' });

    const found = await readApkg((await exportApkg('?search=DOG', token)).bytes);
    const all = await readApkg((await exportApkg('', token)).bytes);

    expect(found.notes.map((note) => note.sfld)).toEqual(['perro']);
    expect(all.notes.map((note) => note.sfld).sort()).toEqual(['habló', 'perro']);
    expect(all.notes.find((note) => note.sfld === 'perro')?.guid).toBe(found.notes[0]?.guid);
  });

  it('answers a learner without words (or none found) a valid deck without notes', async () => {
    const { token } = await learner();

    const spanish = await exportApkg('?language=es', token);
    const none = await exportApkg('', token);

    expect(spanish.status).toBe(200);
    const empty = await readApkg(spanish.bytes);
    expect(empty.notes).toEqual([]);
    expect(empty.cards).toEqual([]);
    expect(deckNames(empty)).toEqual(['Catamaran — Spanish']);
    expect(deckNames(await readApkg(none.bytes))).toEqual(['Catamaran']);
  });

  it('answers bad parameters 400 and a signed-out request 401, with a sentence', async () => {
    const { token } = await learner();
    const cases: [string, string][] = [
      ['?sort=colour', 'sort must be one of word, meaning, status, occurrences, first_seen, last_seen.'],
      ['?order=up', 'order must be asc or desc.'],
      ['?language=spanish', 'language must be a language code such as es.'],
      [`?search=${'a'.repeat(101)}`, 'search must be at most 100 characters long.'],
    ];
    for (const [query, error] of cases) {
      const response = await exportApkg(query, token);
      expect(response.status, query).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    const signedOut = await exportApkg('');
    expect(signedOut.status).toBe(401);
    expect(signedOut.json()).toEqual({ error: expect.any(String) });
  });

  it(`refuses more than ${MAX_ANKI_WORDS} words with a sentence, and takes them a language at a time`, async () => {
    const { userId, token } = await learner();
    // Written at once: saving them one by one would take minutes.
    await t.db.execute(sql`
      INSERT INTO saved_words (user_id, language_id, word, term)
      SELECT ${userId}, l.id, 'w' || n, 'w' || n
      FROM generate_series(1, ${MAX_ANKI_WORDS}) AS n, languages l WHERE l.code = 'es'`);
    await save(token, { word: 'chat', language: 'fr' });

    const all = await exportApkg('', token);
    const spanish = await exportApkg('?language=es', token);

    expect(all.status).toBe(400);
    expect(all.json()).toEqual({ error: ANKI_DECK_TOO_LARGE });
    expect(spanish.status).toBe(200);
    expect((await readApkg(spanish.bytes)).notes).toHaveLength(MAX_ANKI_WORDS);
  });
});
