// The saved-words list kept per server while the learner's list is unchanged (answers.ts, decision 097): every
// change, whoever writes it (this server, another one, a statement run by hand), is in the next answer; and
// keeping it takes no lock, so words saved while a chapter is marked known all land.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SavedWord } from '#common/schemas/reading.ts';
import { statusOfNumber } from '#common/terms.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createStory, createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();

const dictionary = (gloss: string) =>
  JSON.stringify({ word: 'chat', pos: 'noun', lang_code: 'fr', senses: [{ glosses: [gloss] }] });

async function learner() {
  const user = await createUser(t.db);
  return { id: user.id, token: (await signIn(t.db, user)).accessToken };
}

const save = (token: string, word: string, language = 'fr') =>
  t.request({ method: 'POST', url: '/api/words/save/', token, payload: { word, language } });

/** The list as sent to a client accepting `encoding` (none: no Accept-Encoding), decoded. */
async function listed(token: string, encoding?: 'br' | 'gzip', query = '') {
  const headers = { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) };
  const answer = await t.fetchStored(`/api/words/${query}`, headers);
  expect(answer.status).toBe(200);
  const sentAs = answer.headers['content-encoding'];
  const text =
    sentAs === 'br'
      ? brotliDecompressSync(answer.bytes).toString()
      : sentAs === 'gzip'
        ? gunzipSync(answer.bytes).toString()
        : answer.bytes.toString();
  return { sentAs, vary: answer.headers.vary, words: JSON.parse(text) as SavedWord[] };
}

describe('GET /api/words/ kept between requests', () => {
  it('answers every change made by any writer, and a new import of the dictionary', async () => {
    await importDictionary(t, 'fr', dictionary('cat'));
    const { id, token } = await learner();
    await save(token, 'chat');
    const first = await listed(token);
    expect(first.words.map((word) => [word.word, word.meaning, word.occurrences])).toEqual([
      ['chat', 'cat', 1],
    ]);
    expect(await listed(token)).toEqual(first);

    // Written beside this server (another server, or by hand): the next answer has it.
    await t.app.pool.query('UPDATE saved_words SET occurrences = 7 WHERE user_id = $1', [id]);
    expect((await listed(token)).words[0]?.occurrences).toBe(7);
    // A column the fingerprint does not sum: the row's new version says it changed.
    await t.app.pool.query(`UPDATE saved_words SET sentence = 'Le chat dort.' WHERE user_id = $1`, [id]);
    expect((await listed(token)).words[0]?.sentence).toBe('Le chat dort.');
    await t.app.pool.query('UPDATE term_statuses SET status = 5 WHERE user_id = $1', [id]);
    expect((await listed(token)).words[0]?.status).toBe('known');
    await t.app.pool.query(`DELETE FROM term_statuses WHERE user_id = $1`, [id]);
    expect((await listed(token)).words[0]?.status).toBeNull();

    await importDictionary(t, 'fr', dictionary('tomcat'));
    expect((await listed(token)).words[0]?.meaning).toBe('tomcat');

    await t.app.pool.query('DELETE FROM saved_words WHERE user_id = $1', [id]);
    expect((await listed(token)).words).toEqual([]);
  });

  it('keeps each learner, query and encoding apart, compressed as the other answers are', async () => {
    const [one, other] = [await learner(), await learner()];
    const words = ['chat', 'chien', 'oiseau', 'poisson', 'souris', 'lapin', 'cheval', 'vache', 'mouton'];
    for (const word of words) await save(one.token, word);
    await save(other.token, 'chat');

    const plain = await listed(one.token);
    expect(plain.words).toHaveLength(words.length);
    expect(plain.sentAs).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const sent = await listed(one.token, encoding);
      expect(sent.sentAs).toBe(encoding);
      expect(sent.vary).toBe('accept-encoding');
      expect(sent.words).toEqual(plain.words);
    }
    expect((await listed(other.token, 'br')).words.map((word) => word.word)).toEqual(['chat']);
    const sorted = await listed(one.token, 'br', '?sort=word');
    expect(sorted.words.map((word) => word.word)).toEqual(
      [...words].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    expect((await listed(one.token, 'br', '?search=ch')).words.map((word) => word.word).sort()).toEqual([
      'chat',
      'cheval',
      'chien',
      'vache',
    ]);
  });
});

describe('GET /api/words/ beside the writes of statuses', () => {
  it('lets words saved and a chapter marked known at the same moment all land, and lists them as they are', async () => {
    const { chapters } = await createStory(t.db, { wordsPerChapter: 12 });
    const chapter = chapters[0];
    if (!chapter) throw new Error('no chapter');
    for (let round = 0; round < 3; round += 1) {
      const { token } = await learner();
      await listed(token);
      const words = Array.from({ length: 12 }, (_, index) => `palabra${index}`);
      const answers = await Promise.all([
        ...words.map((word) =>
          t.request({
            method: 'POST',
            url: '/api/words/save/',
            token,
            payload: { word, language: 'es', chapter: chapter.id },
          }),
        ),
        t.request({ method: 'POST', url: `/api/chapters/${chapter.id}/mark-known/`, token }),
        ...words.map(() => t.request({ method: 'GET', url: '/api/words/', token })),
      ]);
      expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);

      // Each word is learning when its save came first, known when the mark did; the list says which.
      const { words: listedWords } = await listed(token, 'br');
      const { rows } = await t.app.pool.query<{ term: string; status: number }>(
        'SELECT term, status FROM term_statuses WHERE user_id = (SELECT user_id FROM saved_words WHERE id = $1)',
        [listedWords[0]?.id],
      );
      const stored = new Map(rows.map((row) => [row.term, statusOfNumber(row.status)]));
      expect(listedWords.map((word) => word.word).sort()).toEqual([...words].sort());
      for (const word of listedWords) {
        expect(['learning-1', 'known']).toContain(word.status);
        expect(word.status).toBe(stored.get(word.word));
      }
    }
  });
});
