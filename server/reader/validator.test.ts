import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { buildApp } from '#server/app.ts';
import { chapters } from '#server/db/schema.ts';
import { refreshChapterTerms } from '#server/terms/service.ts';
import { setupTestApp, testConfig } from '#server/testing/app.ts';
import { createStory, createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();

async function reader() {
  const user = await createUser(t.db);
  const token = (await signIn(t.db, user)).accessToken;
  const { chapters: made } = await createStory(t.db, { chapters: 2 });
  const id = (made[0] as { id: number }).id;
  // Its terms, as a save makes them, so a status of one of its words is in its answer.
  await refreshChapterTerms(t.db, id);
  return { token, id, url: `/api/chapters/${id}/`, userId: user.id };
}

const etagOf = async (url: string, token: string) => {
  const answer = await t.get<ReaderChapter>(url, { token });
  expect(answer.status).toBe(200);
  return String(answer.headers.etag);
};

describe('GET /api/chapters/{id}/ validator (decision 088)', () => {
  it('answers a weak ETag, private, no-cache, and 304 with no body to If-None-Match of it', async () => {
    const { token, url } = await reader();
    const first = await t.get<ReaderChapter>(url, { token });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.get(url, { token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await t.get(url, { token, headers: { 'if-none-match': 'W/"other", "x"' } });
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);
  });

  it("changes with the learner's status and completion, and names the same answer for two learners", async () => {
    const { token, id, url } = await reader();
    const seen = new Set([await etagOf(url, token)]);
    const changed = async () => {
      const etag = await etagOf(url, token);
      expect(seen.has(etag)).toBe(false);
      seen.add(etag);
    };
    const status = await t.request({
      method: 'PUT',
      url: '/api/terms/status/',
      token,
      payload: { language: 'es', term: 'palabra1', status: 'learning-2' },
    });
    expect(status.status).toBe(200);
    await changed();
    const statusChanged = [...seen].at(-1);
    await t.request({ method: 'POST', url: `/api/chapters/${id}/mark-read/`, token });
    await changed();
    // Unread again, the answer is the one before the mark, and so is its validator.
    await t.request({ method: 'POST', url: `/api/chapters/${id}/mark-unread/`, token });
    expect(await etagOf(url, token)).toBe(statusChanged);
    const other = (await signIn(t.db, await createUser(t.db))).accessToken;
    // A learner with nothing of their own gets the answer the first had before their status: the same bytes.
    expect(await etagOf(url, other)).toBe([...seen][0]);
  });

  it('changes, with the new content, when the chapter or its timings change by any path', async () => {
    const { token, id, url } = await reader();
    const before = await etagOf(url, token);
    await t.db.update(chapters).set({ content: 'Otra cosa.' }).where(eq(chapters.id, id));
    const edited = await t.get<ReaderChapter>(url, { token, headers: { 'if-none-match': before } });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('Otra cosa.');
    const timings = { fingerprint: 'x', sentences: [[0, 1, 0.5]] } as never;
    await t.db
      .update(chapters)
      .set({ readAlong: timings, audioKey: 'audio/a.mp3' })
      .where(eq(chapters.id, id));
    const timed = await t.get<ReaderChapter>(url, {
      token,
      headers: { 'if-none-match': String(edited.headers.etag) },
    });
    expect(timed.status).toBe(200);
    expect(timed.body.read_along).toEqual({ sentences: [[0, 1, 0.5]] });
    // Even a write that changes nothing is a new version: never a stale copy.
    await t.db.execute(sql`UPDATE chapters SET title = title WHERE id = ${id}`);
    expect(await etagOf(url, token)).not.toBe(timed.headers.etag);
  });

  it("answers the learner's statuses as they stand after any writer changed them, their kept copy never stale", async () => {
    const { token, id, url, userId } = await reader();
    const statuses = async () => (await t.get<ReaderChapter>(url, { token })).body.statuses;
    // A learner with no status at all: none, read twice (the second from the kept copy).
    expect(await statuses()).toEqual({});
    expect(await statuses()).toEqual({});
    // Written by hand, as another server or a migration would: the first status, a change, a removal.
    await t.app.pool.query(
      `INSERT INTO term_statuses (user_id, language_id, term, status)
       SELECT $1, s.language_id, 'palabra1', 2 FROM chapters c JOIN stories s ON s.id = c.story_id WHERE c.id = $2`,
      [userId, id],
    );
    expect(await statuses()).toEqual({ palabra1: 'learning-2' });
    expect(await statuses()).toEqual({ palabra1: 'learning-2' });
    await t.app.pool.query(`UPDATE term_statuses SET status = 5 WHERE user_id = $1`, [userId]);
    expect(await statuses()).toEqual({ palabra1: 'known' });
    await t.app.pool.query(`DELETE FROM term_statuses WHERE user_id = $1`, [userId]);
    expect(await statuses()).toEqual({});
    // Through the API, then the chapter's terms made again from a new text: its statuses follow its terms.
    await t.request({
      method: 'PUT',
      url: '/api/terms/status/',
      token,
      payload: { language: 'es', term: 'otra', status: 'learning-3' },
    });
    expect(await statuses()).toEqual({});
    await t.db
      .update(chapters)
      .set({ content: 'Otra cosa.', termsComputedAt: null })
      .where(eq(chapters.id, id));
    await refreshChapterTerms(t.db, id);
    expect(await statuses()).toEqual({ otra: 'learning-3' });
  });

  it('is the same answer and validator from two servers on one database, each seeing the other’s writes', async () => {
    const { token, id, url } = await reader();
    const second = await buildApp(testConfig(t.databaseUrl));
    try {
      const fromSecond = async () => {
        const answer = await second.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        return { text: answer.body, etag: String(answer.headers.etag) };
      };
      const first = await t.get(url, { token });
      const other = await fromSecond();
      expect(other).toEqual({ text: first.text, etag: String(first.headers.etag) });
      await t.db.update(chapters).set({ title: 'Nuevo título' }).where(eq(chapters.id, id));
      const after = await fromSecond();
      expect(JSON.parse(after.text).title).toBe('Nuevo título');
      const here = await t.get(url, { token });
      expect({ text: here.text, etag: String(here.headers.etag) }).toEqual(after);
    } finally {
      await second.close();
    }
  });

  it('answers gzip spliced from pieces, decoding to the very text of the plain answer, for each kind of chapter', async () => {
    const { token, id, url } = await reader();
    await t.db
      .update(chapters)
      .set({
        content: 'La gata mira la luna. '.repeat(400),
        readAlong: { fingerprint: 'x', sentences: [[0, 1, 0.5]] },
        audioKey: 'audio/a.mp3',
      })
      .where(eq(chapters.id, id));
    const { chapters: japanese } = await createStory(t.db, {
      languageCode: 'ja',
      story: { difficultyLevel: 'child' },
    });
    const ja = (japanese[0] as { id: number }).id;
    await t.db
      .update(chapters)
      .set({
        content: '猫が'.repeat(600),
        words: Array.from({ length: 600 }, () => ({ t: '猫', r: 'ねこ' })),
      })
      .where(eq(chapters.id, ja));
    for (const path of [url, `/api/chapters/${ja}/`]) {
      const plain = await t.get(path, { token });
      const authorization = `Bearer ${token}`;
      const zipped = await t.fetchStored(path, { authorization, 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.status).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.headers.etag).toBe(plain.headers.etag);
      expect(gunzipSync(zipped.bytes).toString()).toBe(plain.text);
      // Without gzip, the compression hook answers as before.
      const brotli = await t.fetchStored(path, { authorization, 'accept-encoding': 'br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.bytes).toString()).toBe(plain.text);
    }
    // The compressed answer is kept by its validator: once the learner's part changes, the new one is sent.
    const gzipped = async () =>
      gunzipSync(
        (await t.fetchStored(url, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' })).bytes,
      ).toString();
    const before = await gzipped();
    expect(await gzipped()).toBe(before);
    const read = await t.request({ method: 'POST', url: `/api/chapters/${id}/mark-read/`, token });
    expect(read.status).toBe(200);
    const after = await gzipped();
    expect(after).not.toBe(before);
    expect(after).toBe((await t.get(url, { token })).text);
    expect(JSON.parse(after)).toMatchObject({ is_completed: true });
  });
});
