// What a learner knows (issue 22) through the API: the terms of chapters made at save (Spanish with a
// dictionary, Japanese from its analysed words, words the author marked), the chapter answer's terms and the
// viewer's statuses, a lookup's save making a term learning-1 without lowering it, PUT /api/terms/status/,
// the terms made again when a dictionary is replaced, and the statuses in the data export.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReaderChapter, SavedWord } from '#common/schemas/reading.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import type { TermStatusResult } from '#common/schemas/terms.ts';
import { chapters, chapterTerms, languages } from '#server/db/schema.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { NO_TERM, refreshStaleChapterTerms } from './service.ts';

const t = setupTestApp();
let admin = '';
let learner = '';
let other = '';

const DEMO = resolve(import.meta.dirname, '../db/demo');
const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures');

const importDump = (source: string, text: string) => importDictionary(t, source, text);

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learner = (await signIn(t.db, await createUser(t.db))).accessToken;
  other = (await signIn(t.db, await createUser(t.db))).accessToken;
  await importDump('es', readFileSync(resolve(DEMO, 'es-en.jsonl'), 'utf8'));
}, 60_000);

const languageId = async (code: string) =>
  ((await t.db.select().from(languages).where(eq(languages.code, code)))[0] as { id: number }).id;
const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.request<T>({ method, url, payload, token });

async function storyIn(code: string): Promise<number> {
  const story = await call<AdminStory>('POST', '/api/admin/stories/', admin, {
    title: 'Story',
    author: 'Author',
    language: await languageId(code),
    is_published: true,
    is_free: true,
  });
  expect(story.status).toBe(201);
  return story.body.id;
}

async function chapterIn(code: string, content: string): Promise<AdminChapter> {
  const chapter = await call<AdminChapter>(
    'POST',
    `/api/admin/stories/${await storyIn(code)}/chapters/`,
    admin,
    {
      title: 'One',
      content,
    },
  );
  expect(chapter.status).toBe(201);
  return chapter.body;
}

/** The chapter's terms as kept, with their occurrences. */
async function termsOf(chapterId: number): Promise<Record<string, number>> {
  const rows = await t.db
    .select()
    .from(chapterTerms)
    .where(eq(chapterTerms.chapterId, chapterId))
    .orderBy(asc(chapterTerms.term));
  return Object.fromEntries(rows.map((row) => [row.term, row.occurrences]));
}

const read = async (id: number, token = learner) => {
  const response = await call<ReaderChapter>('GET', `/api/chapters/${id}/`, token);
  expect(response.status).toBe(200);
  return response.body;
};
const setStatus = (token: string | undefined, payload: object) =>
  t.request<TermStatusResult & { error?: string }>({
    method: 'PUT',
    url: '/api/terms/status/',
    payload,
    ...(token ? { token } : {}),
  });
const save = (payload: object, token = learner) =>
  call<SavedWord & { error?: string }>('POST', '/api/words/save/', token, payload);

const SPANISH =
  '<p>Ana habló con su casa. ¡Habló! Las casas hablan.</p>' +
  '<p><span data-w data-l="hablar">hablaba</span> y <span data-w data-l="ir de compras">fue de compras</span>.</p>';

describe('the terms of a Spanish chapter, made at save', () => {
  it("counts each word under its dictionary form, a marked word under the author's", async () => {
    const chapter = await chapterIn('es', SPANISH);

    const terms = await termsOf(chapter.id);

    expect(terms).toMatchObject({ hablar: 4, casa: 2, 'ir de compras': 1, ana: 1 });
    expect(terms).not.toHaveProperty('habló');
    expect(terms).not.toHaveProperty('casas');
    const body = await read(chapter.id);
    expect(body.terms).toMatchObject({
      habló: 'hablar',
      hablan: 'hablar',
      hablaba: 'hablar',
      casas: 'casa',
      'fue de compras': 'ir de compras',
    });
    // A word that is its own term is not listed.
    expect(body.terms).not.toHaveProperty('casa');
    expect(body.terms).not.toHaveProperty('ana');
  });

  it('makes them again when the chapter is edited', async () => {
    const chapter = await chapterIn('es', SPANISH);
    const edited = await call<AdminChapter>('PUT', `/api/admin/chapters/${chapter.id}/`, admin, {
      title: 'One',
      content: '<p>La casa pequeña. Otra casa.</p>',
    });
    expect(edited.status).toBe(200);

    const terms = await termsOf(chapter.id);

    expect(terms).toMatchObject({ casa: 2, pequeño: 1 });
    expect(terms).not.toHaveProperty('hablar');
    expect((await read(chapter.id)).terms).toEqual(expect.objectContaining({ pequeña: 'pequeño' }));
    expect((await read(chapter.id)).terms).not.toHaveProperty('habló');
  });

  it("follows the story's language when it changes", async () => {
    const chapter = await chapterIn('es', '<p>Habló.</p>');
    const moved = await call<AdminStory>('PUT', `/api/admin/stories/${chapter.story}/`, admin, {
      title: 'Story',
      author: 'Author',
      language: await languageId('it'),
      is_published: true,
      is_free: true,
    });
    expect(moved.status).toBe(200);

    expect(await termsOf(chapter.id)).toEqual({ habló: 1 });
    expect((await read(chapter.id)).terms).toEqual({});
  });
});

describe('the terms of a Japanese chapter', () => {
  it("are its analysed words under the analyser's dictionary forms", async () => {
    const chapter = await chapterIn('ja', '<p>私はパンを食べました。パンを食べる。</p>');

    expect(await termsOf(chapter.id)).toMatchObject({ 私: 1, パン: 2, 食べる: 2 });
    expect((await read(chapter.id)).terms).toMatchObject({ 食べました: '食べる' });
  });
});

describe("the chapter answer's statuses", () => {
  it("are the viewer's own statuses of the chapter's terms, and none of another learner's", async () => {
    const chapter = await chapterIn('es', SPANISH);
    expect((await setStatus(learner, { language: 'es', term: 'hablar', status: 'known' })).status).toBe(200);
    expect((await setStatus(learner, { language: 'es', term: 'casa', status: 'learning-2' })).status).toBe(
      200,
    );
    // A term of another chapter only.
    expect((await setStatus(learner, { language: 'es', term: 'perro', status: 'known' })).status).toBe(200);
    expect((await setStatus(other, { language: 'es', term: 'ana', status: 'ignored' })).status).toBe(200);

    expect((await read(chapter.id)).statuses).toEqual({ hablar: 'known', casa: 'learning-2' });
    expect((await read(chapter.id, other)).statuses).toEqual({ ana: 'ignored' });
  });

  it('are given for a Japanese chapter too, and are empty for a learner who set none', async () => {
    const chapter = await chapterIn('ja', '<p>パンを食べました。</p>');
    const fresh = (await signIn(t.db, await createUser(t.db))).accessToken;
    expect((await setStatus(fresh, { language: 'ja', term: '食べる', status: 'learning-3' })).status).toBe(
      200,
    );

    expect((await read(chapter.id, fresh)).statuses).toEqual({ 食べる: 'learning-3' });
    expect((await read(chapter.id, other)).statuses).toEqual({});
  });
});

describe('a lookup saved (POST /api/words/save/)', () => {
  it("makes the word's term learning-1, and names the term and status in its answer", async () => {
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;

    const saved = await save({ word: 'Habló', language: 'es' }, token);

    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ word: 'habló', occurrences: 1, term: 'hablar', status: 'learning-1' });
    const again = await save({ word: 'habló', language: 'es' }, token);
    expect(again.body).toMatchObject({ occurrences: 2, term: 'hablar', status: 'learning-1' });
  });

  it('never lowers a status the learner set', async () => {
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;
    await setStatus(token, { language: 'es', term: 'hablar', status: 'known' });

    const saved = await save({ word: 'hablaba', language: 'es' }, token);

    expect(saved.body).toMatchObject({ word: 'hablaba', term: 'hablar', status: 'known' });
  });

  it("takes the reader's dictionary form when it sends one, and the word itself when nothing knows it", async () => {
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;

    expect((await save({ word: '食べました', lemma: '食べる', language: 'ja' }, token)).body).toMatchObject({
      word: '食べました',
      term: '食べる',
      status: 'learning-1',
    });
    expect((await save({ word: 'Zorrillo', language: 'es' }, token)).body).toMatchObject({
      term: 'zorrillo',
      status: 'learning-1',
    });
  });

  it('refuses a lemma that is not a word with a sentence', async () => {
    const response = await save({ word: 'habló', language: 'es', lemma: 'x'.repeat(401) });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/lemma/);
  });
});

describe('PUT /api/terms/status/', () => {
  it('answers 401 without a token', async () => {
    expect((await setStatus(undefined, { language: 'es', term: 'casa', status: 'known' })).status).toBe(401);
  });

  it('keys the term as terms are keyed, and answers it', async () => {
    const response = await setStatus(learner, { language: 'ES', term: '¡Pequeña!', status: 'learning-1' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ language: 'es', term: 'pequeña', status: 'learning-1' });
  });

  it('lets the learner lower a status', async () => {
    await setStatus(learner, { language: 'es', term: 'gato', status: 'known' });

    const lowered = await setStatus(learner, { language: 'es', term: 'Gato', status: 'learning-2' });

    expect(lowered.body).toEqual({ language: 'es', term: 'gato', status: 'learning-2' });
  });

  it('answers 404 with a sentence for a language the site does not have', async () => {
    const response = await setStatus(learner, { language: 'xx', term: 'casa', status: 'known' });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(NO_SUCH_LANGUAGE);
  });

  it.each([
    [{ term: 'casa', status: 'known' }, 'language is required'],
    [{ language: 'es', term: 'casa', status: 'mastered' }, 'status must be one of'],
    [{ language: 'es', status: 'known' }, 'term is required'],
    [{ language: 'es', term: 'a\u0007b', status: 'known' }, 'control characters'],
    [{ language: 'es', term: 'x'.repeat(401), status: 'known' }, 'at most'],
    [{ language: 'es', term: '¡!', status: 'known' }, NO_TERM],
    [{ language: 'es', term: 'y'.repeat(150), status: 'known' }, NO_TERM],
  ])('answers 400 with a sentence to %j', async (payload, sentence) => {
    const response = await setStatus(learner, payload);
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(sentence);
  });
});

describe('POST /api/chapters/{id}/mark-known/ and POST /api/terms/forget/', () => {
  const markKnown = (id: number, token?: string) =>
    t.request<{ language: string; terms: string[]; error?: string }>({
      method: 'POST',
      url: `/api/chapters/${id}/mark-known/`,
      ...(token ? { token } : {}),
    });
  const forget = (payload: object, token?: string) =>
    t.request<{ changed: number; error?: string }>({
      method: 'POST',
      url: '/api/terms/forget/',
      payload,
      ...(token ? { token } : {}),
    });

  it("makes the chapter's new terms known, keeps the others' statuses, and the undo makes them new again", async () => {
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;
    const chapter = await chapterIn('es', '<p>Ana habló con su casa. Las casas.</p>');
    await setStatus(token, { language: 'es', term: 'casa', status: 'learning-2' });
    await setStatus(token, { language: 'es', term: 'ana', status: 'ignored' });

    const marked = await markKnown(chapter.id, token);

    expect(marked.status).toBe(200);
    expect(marked.body.language).toBe('es');
    expect(marked.body.terms).toContain('hablar');
    expect(marked.body.terms).not.toContain('casa');
    expect(marked.body.terms).not.toContain('ana');
    const statuses = (await read(chapter.id, token)).statuses;
    expect(statuses).toMatchObject({ hablar: 'known', casa: 'learning-2', ana: 'ignored' });
    // Marked again, nothing is new any more.
    expect((await markKnown(chapter.id, token)).body.terms).toEqual([]);

    // One of them changed since: the undo leaves it.
    await setStatus(token, { language: 'es', term: 'hablar', status: 'learning-4' });
    const undone = await forget({ language: 'es', terms: marked.body.terms }, token);

    expect(undone.status).toBe(200);
    expect(undone.body.changed).toBe(marked.body.terms.length - 1);
    expect((await read(chapter.id, token)).statuses).toEqual({
      hablar: 'learning-4',
      casa: 'learning-2',
      ana: 'ignored',
    });
  });

  it('answers 401 without a token, 404 for a chapter that is not there or not published', async () => {
    const chapter = await chapterIn('es', '<p>Hola.</p>');
    const draft = await chapterIn('es', '<p>Hola.</p>');
    const unpublished = await call<AdminStory>('PUT', `/api/admin/stories/${draft.story}/`, admin, {
      title: 'Story',
      author: 'Author',
      language: await languageId('es'),
      is_published: false,
      is_free: true,
    });
    expect(unpublished.status).toBe(200);

    expect((await markKnown(chapter.id)).status).toBe(401);
    expect((await markKnown(987654, learner)).status).toBe(404);
    expect((await markKnown(draft.id, learner)).status).toBe(404);
    expect((await forget({ language: 'es', terms: [] })).status).toBe(401);
  });

  it.each([
    [{ terms: ['casa'] }, 'language is required'],
    [{ language: 'es', terms: 'casa' }, 'terms must be a list of words.'],
    [{ language: 'es', terms: [3] }, 'terms must be a list of words.'],
  ])('forget answers 400 with a sentence to %j', async (payload, sentence) => {
    const response = await forget(payload, learner);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(sentence);
  });

  it('forget answers 404 for a language the site does not have, and 0 for no terms', async () => {
    const unknown = await forget({ language: 'xx', terms: ['casa'] }, learner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(NO_SUCH_LANGUAGE);
    expect((await forget({ language: 'es', terms: ['¡!'] }, learner)).body).toEqual({ changed: 0 });
  });
});

describe("a language's dictionary replaced", () => {
  it("makes the terms of the language's chapters again with the new dictionary (the chapter-terms job)", async () => {
    const chapter = await chapterIn('fr', '<p>Les tables abluent.</p>');
    expect((await read(chapter.id)).terms).toEqual({});

    await importDump('fr', readFileSync(resolve(FIXTURES, 'wiktextract-fr-form-of-only.jsonl'), 'utf8'));
    expect(await refreshStaleChapterTerms(t.db, { language: 'fr' })).toBeGreaterThanOrEqual(1);

    expect((await read(chapter.id)).terms).toMatchObject({ tables: 'table', abluent: 'abluer' });
    expect(await termsOf(chapter.id)).toMatchObject({ table: 1, abluer: 1 });
    // Nothing is stale any more: a second run finds nothing to do.
    expect(await refreshStaleChapterTerms(t.db, { language: 'fr' })).toBe(0);

    const replacement =
      '{"word": "pies", "pos": "noun", "lang_code": "fr", "senses": [{"glosses": ["magpies"]}]}\n';
    await importDump('fr', replacement);
    expect(await refreshStaleChapterTerms(t.db)).toBeGreaterThanOrEqual(1);

    expect((await read(chapter.id)).terms).toEqual({});
    expect(await termsOf(chapter.id)).toMatchObject({ tables: 1, abluent: 1 });
  });

  it('makes the terms of chapters never made (written before issue 22)', async () => {
    const chapter = await chapterIn('es', '<p>Las casas.</p>');
    await t.db
      .update(chapters)
      .set({ termsComputedAt: null, termMap: null })
      .where(eq(chapters.id, chapter.id));
    await t.db.delete(chapterTerms).where(eq(chapterTerms.chapterId, chapter.id));

    expect(await refreshStaleChapterTerms(t.db, { language: 'es' })).toBe(1);

    expect(await termsOf(chapter.id)).toMatchObject({ casa: 1 });
  });
});

describe('the data export', () => {
  it("holds the learner's statuses of terms", async () => {
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;
    await setStatus(token, { language: 'es', term: 'casa', status: 'known' });
    await save({ word: 'habló', language: 'es' }, token);

    const response = await call<{ term_statuses: unknown[] }>('GET', '/api/me/export/', token);

    expect(response.status).toBe(200);
    expect(response.body.term_statuses).toEqual([
      { language: 'es', term: 'casa', status: 'known', updated_at: expect.any(String) },
      { language: 'es', term: 'hablar', status: 'learning-1', updated_at: expect.any(String) },
    ]);
  });
});
