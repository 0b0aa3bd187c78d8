// What the comprehension tests build through the API: published stories of given chapters, learners past the
// threshold of known terms (or not), and status changes.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { COMPREHENSION_MIN_KNOWN_TERMS } from '#common/terms.ts';
import { languages } from '#server/db/schema.ts';
import type { TestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The n-th story of an assorted library (for createStory): two titles, every level, length and topic in turn,
 * one in seven for adults; what the list's filters, search and compression tests pick among.
 */
export function assortedStory(n: number) {
  return {
    title: `Historia ${n} del ${n % 2 ? 'faro' : 'bosque'}`,
    description: 'Una familia se muda a un pueblo junto al mar. '.repeat(4),
    difficultyLevel: (['infant', 'child', 'teen', 'adult', 'expert'] as const)[n % 5],
    lengthCategory: (['very_short', 'short', 'medium', 'long'] as const)[n % 4],
    topics: ['Family, Sea', 'Adventure', 'Daily life'][n % 3],
    isAdultContent: n % 7 === 0,
  };
}

/** 50 words no test story holds, marked known through a chapter of their own: the learner passes the threshold. */
export const FILLER = Array.from(
  { length: COMPREHENSION_MIN_KNOWN_TERMS },
  (_, index) =>
    `zz${String.fromCharCode(97 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}`,
).join(' ');

/** The fixtures on the test app `t`, whose stories the admin signed in by `admin()` creates. */
export function comprehensionFixtures(t: TestApp, admin: () => string) {
  const call = <T>(method: Method, url: string, token?: string, payload?: object) =>
    t.request<T>({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });

  async function story(chapters: string[], code = 'es'): Promise<{ id: number; chapters: number[] }> {
    const [language] = await t.db.select().from(languages).where(eq(languages.code, code));
    const created = await call<AdminStory>('POST', '/api/admin/stories/', admin(), {
      title: `Story ${Math.random()}`,
      author: 'Author',
      language: language?.id,
      is_published: true,
      is_free: true,
    });
    expect(created.status).toBe(201);
    const ids: number[] = [];
    for (const [index, content] of chapters.entries()) {
      const url = `/api/admin/stories/${created.body.id}/chapters/`;
      const chapter = await call<AdminChapter>('POST', url, admin(), { title: `C${index + 1}`, content });
      expect(chapter.status).toBe(201);
      ids.push(chapter.body.id);
    }
    return { id: created.body.id, chapters: ids };
  }

  /** A signed-in learner's token: past the threshold when `known`, with the FILLER words known. */
  async function learner(options: { known: boolean }): Promise<string> {
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;
    if (options.known) {
      const filler = await story([`<p>${FILLER}</p>`]);
      const marked = await call<{ terms: string[] }>(
        'POST',
        `/api/chapters/${filler.chapters[0]}/mark-known/`,
        token,
      );
      expect(marked.body.terms).toHaveLength(COMPREHENSION_MIN_KNOWN_TERMS);
    }
    return token;
  }

  const setStatus = async (token: string, term: string, status: string) =>
    expect((await call('PUT', '/api/terms/status/', token, { language: 'es', term, status })).status).toBe(
      200,
    );

  return { call, story, learner, setStatus };
}
