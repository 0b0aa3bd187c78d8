import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { createLanguage, createStory, createUser, signIn } from '#server/testing/factories.ts';
import { assortedStory } from './comprehension-fixtures.ts';

const t = setupTestApp();

/** The list's answer as a client sending `acceptEncoding` receives it (undefined: no Accept-Encoding). */
const fetchList = (query: string, token: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/stories/?${query}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

/** A language with 40 stories of every difficulty, length, topic and adult flag, and two learners' tokens. */
async function library() {
  const { code } = await createLanguage(t.db);
  const made = [];
  for (let n = 0; n < 40; n++) {
    made.push(
      await createStory(t.db, {
        languageCode: code,
        chapters: 3,
        story: assortedStory(n),
      }),
    );
  }
  const tokens = [];
  for (let learner = 0; learner < 2; learner++) {
    const user = await createUser(t.db);
    const { accessToken } = await signIn(t.db, user);
    // The second learner has finished some chapters: their progress is in their answers.
    if (learner === 1)
      for (const { chapters } of made.filter((_, index) => index % 3 === 0))
        for (const chapter of chapters.slice(0, 2))
          await t.request({
            method: 'POST',
            url: `/api/chapters/${chapter.id}/mark-read/`,
            token: accessToken,
          });
    tokens.push(accessToken);
  }
  return { code, tokens };
}

const QUERIES = [
  '',
  '&difficulty=child',
  '&difficulty=infant&difficulty=expert&length=long',
  '&topics=adventure',
  '&hide_adult=true',
  '&search=faro',
  '&search=bosque&difficulty=teen',
  '&search=nada',
];

describe('GET /api/stories/ compressed', () => {
  it('answers gzip to a client that accepts it, whose bytes decompress to the plain answer for every filter and learner', async () => {
    const { code, tokens } = await library();
    for (const token of tokens)
      for (const query of QUERIES) {
        const plain = await fetchList(`language=${code}${query}`, token);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toBeUndefined();
        const browser = await fetchList(`language=${code}${query}`, token, 'gzip, deflate, br');
        expect(browser.headers['content-type']).toBe('application/json; charset=utf-8');
        if (plain.rawPayload.length < 1024) {
          expect(browser.headers['content-encoding']).toBeUndefined();
          expect(browser.rawPayload.equals(plain.rawPayload)).toBe(true);
          continue;
        }
        expect(browser.headers['content-encoding']).toBe('gzip');
        expect(browser.headers.vary).toBe('accept-encoding');
        expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
        expect(gunzipSync(browser.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
  });

  it('answers brotli to a client that accepts brotli but not gzip, and plain bytes to one that accepts neither', async () => {
    const { code, tokens } = await library();
    const token = tokens[1] as string;
    const plain = await fetchList(`language=${code}`, token);
    for (const header of ['br', 'gzip;q=0, br', 'BR;q=0.5']) {
      const answer = await fetchList(`language=${code}`, token, header);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    for (const header of ['*', 'x-gzip', 'deflate, gzip;q=0.2']) {
      const answer = await fetchList(`language=${code}`, token, header);
      expect(answer.headers['content-encoding']).toBe('gzip');
    }
    for (const header of ['identity', 'deflate', 'gzip;q=0', '']) {
      const answer = await fetchList(`language=${code}`, token, header);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });
});
