import { beforeAll, describe, expect, it } from 'vitest';
import type { LookupResult } from '#common/schemas/dictionary.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { type DemoSeeded, seedDemoContent } from './seed.ts';

const t = setupTestApp();
const deps = () => ({
  db: t.db,
  pool: t.app.pool,
  limits: t.config.dictionaryLimits,
  log: t.app.log,
  storage: t.app.storage,
});
let adminToken = '';
let learnerToken = '';
let first: DemoSeeded[] = [];

beforeAll(async () => {
  adminToken = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learnerToken = (await signIn(t.db, await createUser(t.db))).accessToken;
  // Two server processes starting on the same new database at once: the work is done once between them.
  first = await Promise.all([seedDemoContent(deps()), seedDemoContent(deps())]);
});

const adminStories = async () =>
  (await t.get<AdminStory[]>('/api/admin/stories/', { token: adminToken })).body;

describe('the demo content of a new database', () => {
  it('is seeded once, even by two processes starting together', () => {
    expect(first.flatMap((seeded) => seeded.dictionaries).sort()).toEqual([
      'es-en',
      'fr-en',
      'ja-en',
      'zh-en',
    ]);
    expect(first.map((seeded) => seeded.stories).sort()).toEqual([0, 7]);
  });

  it('publishes two stories in Spanish, French and Japanese and one in Chinese, free and not, with their counts derived as the admin area does', async () => {
    const stories = await adminStories();

    expect(stories).toHaveLength(7);
    for (const code of ['es', 'fr', 'ja']) {
      expect(stories.filter((story) => story.language.code === code)).toHaveLength(2);
    }
    expect(stories.filter((story) => story.language.code === 'zh')).toHaveLength(1);
    expect(stories.every((story) => story.is_published && !story.is_adult_content)).toBe(true);
    expect(stories.filter((story) => story.is_free)).toHaveLength(4);
    const gata = stories.find((story) => story.title === 'La gata y la luna');
    expect(gata).toMatchObject({ difficulty_level: 'infant', is_free: true, chapter_count: 3 });
    expect(gata?.length_category).toBe('very_short');

    const chapters = (
      await t.get<AdminChapter[]>(`/api/admin/stories/${gata?.id}/chapters/`, { token: adminToken })
    ).body;
    expect(chapters.map((chapter) => [chapter.chapter_number, chapter.order_index])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    expect(chapters.reduce((sum, chapter) => sum + chapter.word_count, 0)).toBe(gata?.estimated_word_count);
    // The whitespace rule for Spanish: the first chapter's words, dashes and all.
    expect(chapters[0]?.word_count).toBe(chapters[0]?.content.trim().split(/\s+/).length);
  });

  it('counts Japanese and Chinese by the words their analysers find, not by spaces they do not have', async () => {
    const stories = await adminStories();
    const japanese = stories.filter((story) => story.language.code === 'ja');

    // The demo's two Japanese stories hold 153 and 242 words as a reader sees them; spaces would give a handful.
    expect(japanese).toHaveLength(2);
    for (const story of japanese) expect(story.estimated_word_count).toBeGreaterThan(140);
    // 妈妈的生日: 181 words as jieba cuts them (十块钱 one word, 很 | 喜欢 two).
    const chinese = stories.find((story) => story.language.code === 'zh');
    expect(chinese).toMatchObject({
      title: '妈妈的生日',
      difficulty_level: 'child',
      is_free: true,
      chapter_count: 3,
    });
    expect(chinese?.estimated_word_count).toBeGreaterThan(150);
  });

  it('keeps covers and audio in object storage, served from the site (or the bucket)', async () => {
    const stories = await adminStories();
    for (const story of stories) {
      expect(story.cover_image_url).toMatch(t.mediaUrl(/story-images\/covers\/demo-\d+-[0-9a-f]{8}\.svg/));
      const cover = await t.fetchStored(story.cover_image_url ?? '');
      expect(cover.status).toBe(200);
      expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }

    const gata = stories.find((story) => story.title === 'La gata y la luna');
    const chapters = (
      await t.get<AdminChapter[]>(`/api/admin/stories/${gata?.id}/chapters/`, { token: adminToken })
    ).body;
    const withAudio = chapters.filter((chapter) => chapter.audio_url !== null);
    expect(withAudio.map((chapter) => chapter.chapter_number)).toEqual([1]);
    expect(withAudio[0]?.audio_url).toMatch(t.mediaUrl(/story-audio\/chapters\/demo-\d+-[0-9a-f]{8}\.mp3/));
    expect(withAudio[0]?.audio_duration_seconds).toBeGreaterThan(10);
    const audio = await t.fetchStored(withAudio[0]?.audio_url ?? '');
    expect(audio.status).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');

    // The learner's chapter carries the same audio, with a start for each of its seven sentences (issue 23).
    const chapter = await t.get<ReaderChapter>(`/api/chapters/${withAudio[0]?.id}/`, {
      token: learnerToken,
    });
    expect(chapter.body.audio_url).toBe(withAudio[0]?.audio_url);
    const timed = chapter.body.read_along?.sentences ?? [];
    expect(timed.map(([first, last]) => [first, last])).toEqual([
      [0, 4],
      [5, 11],
      [12, 20],
      [21, 28],
      [29, 37],
      [38, 41],
      [42, 44],
    ]);
    expect(timed.map(([, , start]) => start)).toEqual([0, 2.64, 6.62, 11.64, 15.32, 19.53, 22.19]);
  });

  it('answers lookups of words of each language’s chapters, inflected forms with their lemma', async () => {
    const look = async (language: string, surface: string) =>
      (
        await t.get<LookupResult>(
          `/api/dict/lookup/?language=${language}&surface=${encodeURIComponent(surface)}`,
          { token: learnerToken },
        )
      ).body;

    expect(await look('es', 'encontró')).toMatchObject({
      found: true,
      lemma: 'encontrar',
      form: 'third-person singular preterite indicative of encontrar',
      translations: [{ gloss: 'to find' }],
    });
    expect(await look('es', '—¡Abuelo!')).toMatchObject({ found: true, lemma: 'abuelo' });
    expect(await look('fr', 'reçues.')).toMatchObject({
      found: true,
      lemma: 'recevoir',
      form: 'feminine plural past participle of recevoir',
    });
    // The reader parts "l’eau" into "l’" and "eau"; the tap on the article finds it.
    expect(await look('fr', 'l’')).toMatchObject({ found: true, lemma: "l'" });
    expect(await look('fr', 'Aujourd’hui,')).toMatchObject({
      found: true,
      translations: [{ gloss: 'today' }],
    });
    expect(await look('ja', '図書館')).toMatchObject({ found: true, translations: [{ gloss: 'library' }] });
    // The Japanese and Chinese dictionaries hold dictionary forms, which the reader sends first (言う for 言った),
    // with their readings and other spellings as forms: ねこ, as the story writes it, leads to 猫.
    expect(await look('ja', '言う')).toMatchObject({
      found: true,
      lemma: '言う',
      translations: [{ gloss: 'to say, to tell' }],
    });
    expect(await look('ja', 'ねこ')).toMatchObject({
      found: true,
      lemma: '猫',
      translations: [{ gloss: 'cat' }],
    });
    expect(await look('zh', '礼物')).toMatchObject({
      found: true,
      translations: [{ gloss: 'present, gift' }],
    });
    expect(await look('zh', '禮物')).toMatchObject({ found: true, lemma: '礼物' });
    // The Spanish demo dictionary keeps the entries it had before.
    expect(await look('es', 'Habló')).toMatchObject({ found: true, lemma: 'hablar' });
  });

  it('adds nothing on later starts, even after an admin deletes every demo story', async () => {
    expect(await seedDemoContent(deps())).toEqual({ dictionaries: [], stories: 0 });

    for (const story of await adminStories()) {
      const deleted = await t.request({
        method: 'DELETE',
        url: `/api/admin/stories/${story.id}/`,
        token: adminToken,
      });
      expect(deleted.status).toBe(204);
    }
    expect(await seedDemoContent(deps())).toEqual({ dictionaries: [], stories: 0 });
    expect(await adminStories()).toEqual([]);
  });
});
