// Readings above the words (issue 21): furigana over Japanese, pinyin over Chinese. The reader's chapter says
// whether to show them: on at the infant and child levels until the learner chooses, then as they chose, for
// every story of that language and only for them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReaderChapter, ReadingAids } from '#common/schemas/reading.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { languages, readingAids } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();

const languageId = async (code: string) =>
  ((await t.db.select().from(languages).where(eq(languages.code, code)))[0] as { id: number }).id;

async function tokenOf(isAdmin = false) {
  return (await signIn(t.db, await createUser(t.db, { isAdmin }))).accessToken;
}

async function chapterIn(code: string, difficulty: string, content: string) {
  const token = await tokenOf(true);
  const story = await t.request<AdminStory>({
    method: 'POST',
    url: '/api/admin/stories/',
    token,
    payload: {
      title: 'Story',
      author: 'Author',
      language: await languageId(code),
      difficulty_level: difficulty,
      is_published: true,
      is_free: true,
    },
  });
  expect(story.status).toBe(201);
  const chapter = await t.request<AdminChapter>({
    method: 'POST',
    url: `/api/admin/stories/${story.body.id}/chapters/`,
    token,
    payload: { title: 'One', content },
  });
  expect(chapter.status).toBe(201);
  return chapter.body.id;
}

const read = (id: number, token: string) =>
  t.request<ReaderChapter>({ method: 'GET', url: `/api/chapters/${id}/`, token });
const choose = (token: string | undefined, payload: unknown) =>
  t.request<ReadingAids & { error?: string }>({
    method: 'PUT',
    url: '/api/reading-aids/',
    token,
    payload: payload as object,
  });

describe('readings above the words', () => {
  it('show by default at the infant and child levels, not above them', async () => {
    const token = await tokenOf();
    const child = await chapterIn('ja', 'child', '猫が好きです。');
    const adult = await chapterIn('ja', 'adult', '猫が好きです。');
    const infant = await chapterIn('zh', 'infant', '我喜欢猫。');

    expect((await read(child, token)).body.show_readings).toBe(true);
    expect((await read(adult, token)).body.show_readings).toBe(false);
    expect((await read(infant, token)).body.show_readings).toBe(true);
  });

  it('follow the learner’s choice in every story of the language, and only for them', async () => {
    const learner = await tokenOf();
    const other = await tokenOf();
    const child = await chapterIn('ja', 'child', '本を読みました。');
    const teen = await chapterIn('ja', 'teen', '本を読みました。');
    const chinese = await chapterIn('zh', 'child', '我看书。');

    const off = await choose(learner, { language: 'ja', show_readings: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ language: 'ja', show_readings: false });
    expect((await read(child, learner)).body.show_readings).toBe(false);
    expect((await read(chinese, learner)).body.show_readings).toBe(true);
    expect((await read(child, other)).body.show_readings).toBe(true);

    const on = await choose(learner, { language: ' JA ', show_readings: true });
    expect(on.body).toEqual({ language: 'ja', show_readings: true });
    expect((await read(teen, learner)).body.show_readings).toBe(true);
    const rows = await t.db
      .select()
      .from(readingAids)
      .where(eq(readingAids.languageId, await languageId('ja')));
    expect(rows.filter((row) => row.showReadings)).toHaveLength(1);
  });

  it('change the chapter’s validator when the learner turns them off or on (decision 088)', async () => {
    const learner = await tokenOf();
    for (const [code, content] of [
      ['ja', '猫が好きです。'],
      ['zh', '我喜欢猫。'],
    ] as const) {
      const id = await chapterIn(code, 'child', content);
      const shown = await read(id, learner);
      const etag = String(shown.headers.etag);

      expect((await choose(learner, { language: code, show_readings: false })).status).toBe(200);
      const hidden = await t.request<ReaderChapter>({
        method: 'GET',
        url: `/api/chapters/${id}/`,
        token: learner,
        headers: { 'if-none-match': etag },
      });
      expect(hidden.status).toBe(200);
      expect(hidden.body.show_readings).toBe(false);
      expect(hidden.headers.etag).not.toBe(etag);

      expect((await choose(learner, { language: code, show_readings: true })).status).toBe(200);
      const again = await t.request({
        method: 'GET',
        url: `/api/chapters/${id}/`,
        token: learner,
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
    }
  });

  it('are not part of a chapter in a language written with spaces', async () => {
    const token = await tokenOf();
    const spanish = await chapterIn('es', 'infant', 'El gato duerme.');

    const { body } = await read(spanish, token);

    expect(body).not.toHaveProperty('show_readings');
    expect(body).not.toHaveProperty('words');
  });

  it('are chosen by a signed-in learner only', async () => {
    const answer = await choose(undefined, { language: 'ja', show_readings: true });

    expect(answer.status).toBe(401);
    expect(typeof answer.body.error).toBe('string');
  });

  it.each([
    [{ language: 'es', show_readings: true }, 'language must be one whose words have readings: ja, zh.'],
    [{ language: 'japanese', show_readings: true }, 'language must be a language code such as es.'],
    [{ show_readings: true }, 'language is required'],
    [{ language: 'ja', show_readings: 'yes' }, 'show_readings must be true or false.'],
    [{ language: 'ja' }, 'show_readings must be true or false.'],
  ])('refuse %j with a sentence', async (payload, error) => {
    const answer = await choose(await tokenOf(), payload);

    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(error);
  });
});
