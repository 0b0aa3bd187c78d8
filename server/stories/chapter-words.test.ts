// A chapter in a language written without spaces is analysed when it is saved (issue 21): the reader's answer
// carries its words with their dictionary forms and readings, and its word count is the count of those words.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { MAX_LIVE_COUNT_CHARACTERS } from '#common/stories.ts';
import { chapters, languages } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { analyseChaptersWithoutWords } from './service.ts';

const t = setupTestApp();
let token = '';
const admin = async () => {
  if (!token) token = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  return token;
};
const languageId = async (code: string) =>
  ((await t.db.select().from(languages).where(eq(languages.code, code)))[0] as { id: number }).id;
const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request<T>({ method, url, payload, token: await admin() });

async function chapterIn(code: string, content: string) {
  const story = await call<AdminStory>('POST', '/api/admin/stories/', {
    title: 'Story',
    author: 'Author',
    language: await languageId(code),
    is_published: true,
    is_free: true,
  });
  expect(story.status).toBe(201);
  const chapter = await call<AdminChapter>('POST', `/api/admin/stories/${story.body.id}/chapters/`, {
    title: 'One',
    content,
  });
  expect(chapter.status).toBe(201);
  return chapter.body;
}

const read = (id: number) => call<ReaderChapter>('GET', `/api/chapters/${id}/`);

describe('words of a Japanese chapter', () => {
  it('are found at save, with dictionary forms and readings, and counted as the reader sees them', async () => {
    const chapter = await chapterIn('ja', '<p>私は昨日パンを食べました。</p><p>とても楽しかったです。</p>');

    const { body } = await read(chapter.id);

    expect(body.words?.map((word) => word.text)).toEqual([
      '私',
      'は',
      '昨日',
      'パン',
      'を',
      '食べました',
      'とても',
      '楽しかった',
      'です',
    ]);
    expect(body.words?.[5]).toEqual({
      text: '食べました',
      lemma: '食べる',
      reading: 'たべました',
      part_of_speech: 'verb (ichidan)',
    });
    expect(body.word_count).toBe(9);
    expect(chapter.word_count).toBe(9);
  });

  it('follow the text when the chapter is edited, and decode what the editor escaped', async () => {
    const chapter = await chapterIn('ja', '<p>猫が好きです。</p>');

    const edited = await call<AdminChapter>('PUT', `/api/admin/chapters/${chapter.id}/`, {
      title: 'One',
      content: '<p>犬と&amp;猫を<br>見ました。</p>',
    });

    expect(edited.status).toBe(200);
    const { body } = await read(chapter.id);
    expect(body.words?.map((word) => word.text)).toEqual(['犬', 'と', '猫', 'を', '見ました']);
    expect(body.words?.at(-1)).toMatchObject({ lemma: '見る' });
  });
});

describe('words the author marked', () => {
  it('are kept whole, with the dictionary form the author gave, and counted once', async () => {
    const chapter = await chapterIn(
      'ja',
      '<p><span data-w data-l="食べさせる">食べさせられた</span>子供は泣きました。</p>',
    );

    const { body } = await read(chapter.id);

    expect(body.words?.[0]).toEqual({ text: '食べさせられた', lemma: '食べさせる' });
    expect(body.words?.map((word) => word.text)).toEqual(['食べさせられた', '子供', 'は', '泣きました']);
    expect(body.word_count).toBe(4);
  });
});

describe('POST /api/admin/word-count/', () => {
  const count = (payload: unknown, token?: string) =>
    t.request<{ word_count?: number; error?: string }>({
      method: 'POST',
      url: '/api/admin/word-count/',
      payload: payload as object,
      token,
    });

  it('counts as the save will, for an admin', async () => {
    const content = '<p>私は昨日パンを食べました。</p><p>とても楽しかったです。</p>';
    const saved = await chapterIn('ja', content);

    const answer = await count({ language: 'ja', content }, await admin());

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ word_count: saved.word_count });
    expect(answer.body.word_count).toBe(9);
    expect((await count({ language: 'zh', content: '我很喜欢图书馆。' }, await admin())).body).toEqual({
      word_count: 4,
    });
    expect((await count({ language: 'es', content: 'Hola, mundo.' }, await admin())).body).toEqual({
      word_count: 2,
    });
  });

  it('is for administrators only', async () => {
    expect((await count({ language: 'ja', content: '猫' })).status).toBe(401);
    const learner = (await signIn(t.db, await createUser(t.db))).accessToken;
    expect((await count({ language: 'ja', content: '猫' }, learner)).status).toBe(403);
  });

  it.each([
    [{ content: '猫' }, 'language is required'],
    [{ language: 'japanese', content: '猫' }, 'language must be a language code such as ja.'],
    [{ language: 'ja', content: 7 }, 'content must be text.'],
    [
      { language: 'ja', content: '猫'.repeat(MAX_LIVE_COUNT_CHARACTERS + 1) },
      'a longer chapter is counted when it is saved',
    ],
  ])('refuses %#: %s', async (payload, error) => {
    const answer = await count(payload, await admin());

    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(error);
  });
});

describe('words of a Chinese chapter', () => {
  it('are found at save with their pinyin, a traditional word keeping its simplified form', async () => {
    const chapter = await chapterIn('zh', '<p>我很喜欢去圖書館。</p>');

    const { body } = await read(chapter.id);

    expect(body.words).toEqual([
      { text: '我', reading: 'wǒ' },
      { text: '很', reading: 'hěn' },
      { text: '喜欢', reading: 'xǐ huan' },
      { text: '去', reading: 'qù' },
      { text: '圖書館', lemma: '图书馆', reading: 'tú shū guǎn' },
    ]);
    expect(body.word_count).toBe(5);
  });
});

describe('a chapter in a language with spaces', () => {
  it('keeps no words and answers as before', async () => {
    const chapter = await chapterIn('es', '<p>Había una vez una niña.</p>');

    const { body } = await read(chapter.id);

    expect(body).not.toHaveProperty('words');
    expect(body.word_count).toBe(5);
    const [row] = await t.db
      .select({ words: chapters.words })
      .from(chapters)
      .where(eq(chapters.id, chapter.id));
    expect(row?.words).toBeNull();
  });
});

describe('chapters saved before their language had an analyser', () => {
  it('get their words, and their story its count, when the server starts', async () => {
    const chapter = await chapterIn('ja', '<p>本を読みました。</p>');
    await t.db.update(chapters).set({ words: null, wordCount: 1 }).where(eq(chapters.id, chapter.id));

    expect(await analyseChaptersWithoutWords(t.db, 1)).toBeGreaterThanOrEqual(1);

    const { body } = await read(chapter.id);
    expect(body.words?.map((word) => word.text)).toEqual(['本', 'を', '読みました']);
    expect(body.word_count).toBe(3);
    expect(await analyseChaptersWithoutWords(t.db)).toBe(0);
  });
});
