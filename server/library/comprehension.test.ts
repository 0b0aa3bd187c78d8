// How much of a story the learner knows (issue 22, decision 072) through the API: the list's share (kept
// counts) and the story page's shares (its story and chapters, new words being terms never marked), after
// status changes, lookups, mark-known and its undo, chapter edits and deletions, from the threshold of known
// terms on, and only the viewer's own.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comprehension, StoryDetail, StoryListItem } from '#common/schemas/library.ts';
import { languages, learnerStoryKnown } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { comprehensionFixtures } from './comprehension-fixtures.ts';

const t = setupTestApp();
let admin = '';

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
});

const { call, story, learner, setStatus } = comprehensionFixtures(t, () => admin);

/** The story's share as the list says it and as its page says it (they must agree), and its chapters'. */
async function shares(token: string | undefined, storyId: number) {
  const detail = await call<StoryDetail>('GET', `/api/stories/${storyId}/`, token);
  expect(detail.status).toBe(200);
  if (token) {
    const list = await call<StoryListItem[]>('GET', '/api/stories/?language=es', token);
    expect(list.status).toBe(200);
    const listed = list.body.find((item) => item.id === storyId);
    expect(listed?.comprehension).toEqual(detail.body.comprehension);
  }
  return {
    story: detail.body.comprehension,
    chapters: detail.body.chapters.map((chapter) => chapter.comprehension),
  };
}

const share = (known_percent: number, new_words: number): Comprehension => ({ known_percent, new_words });

// 8 running words, 4 terms: "uno dos dos tres tres tres" and "dos cuatro".
const CHAPTERS = ['<p>Uno dos dos. Tres tres tres.</p>', '<p>Dos cuatro.</p>'];

describe('the share of a story the learner knows', () => {
  it('is null below the threshold of known terms, and for a visitor', async () => {
    const { id } = await story(CHAPTERS);
    const token = await learner({ known: false });
    await setStatus(token, 'tres', 'known');

    expect(await shares(token, id)).toEqual({ story: null, chapters: [null, null] });
    expect(await shares(undefined, id)).toEqual({ story: null, chapters: [null, null] });
  });

  it('follows status changes: known and ignored count as known; any status, a lookup too, ends a new word', async () => {
    const { id, chapters } = await story(CHAPTERS);
    const token = await learner({ known: true });
    expect(await shares(token, id)).toEqual({ story: share(0, 4), chapters: [share(0, 3), share(0, 2)] });

    await setStatus(token, 'Tres', 'known');
    expect(await shares(token, id)).toEqual({ story: share(37, 3), chapters: [share(50, 2), share(0, 2)] });

    await setStatus(token, 'dos', 'ignored');
    expect(await shares(token, id)).toEqual({ story: share(75, 2), chapters: [share(83, 1), share(50, 1)] });

    await setStatus(token, 'dos', 'learning-2');
    const lookup = await call('POST', '/api/words/save/', token, {
      word: 'uno',
      language: 'es',
      story: id,
      chapter: chapters[0],
    });
    expect(lookup.status).toBe(201);
    // tres known; dos learning and uno looked up are not known, but no longer new: cuatro is the one new word.
    expect(await shares(token, id)).toEqual({ story: share(37, 1), chapters: [share(50, 0), share(0, 1)] });
  });

  it('follows mark-known and its undo', async () => {
    const { id, chapters } = await story(CHAPTERS);
    const token = await learner({ known: true });
    await setStatus(token, 'dos', 'learning-3');

    const marked = await call<{ terms: string[] }>('POST', `/api/chapters/${chapters[1]}/mark-known/`, token);
    expect(marked.body.terms).toEqual(['cuatro']);
    // dos (learning) is not new either: uno and tres are.
    expect(await shares(token, id)).toEqual({ story: share(12, 2), chapters: [share(0, 2), share(50, 0)] });

    await call('POST', '/api/terms/forget/', token, { language: 'es', terms: marked.body.terms });
    expect(await shares(token, id)).toEqual({ story: share(0, 3), chapters: [share(0, 2), share(0, 1)] });
  });

  it('follows a term made new again (POST /api/terms/reset/), known or learning', async () => {
    const { id } = await story(CHAPTERS);
    const token = await learner({ known: true });
    await setStatus(token, 'tres', 'known');
    await setStatus(token, 'dos', 'learning-2');
    expect(await shares(token, id)).toEqual({ story: share(37, 2), chapters: [share(50, 1), share(0, 1)] });

    const reset = async (term: string) =>
      (await call<{ changed: number }>('POST', '/api/terms/reset/', token, { language: 'es', term })).body;
    expect(await reset('Tres')).toEqual({ changed: 1 });
    expect(await reset('dos')).toEqual({ changed: 1 });
    expect(await reset('dos')).toEqual({ changed: 0 });

    expect(await shares(token, id)).toEqual({ story: share(0, 4), chapters: [share(0, 3), share(0, 2)] });
    const refused = await call<{ error: string }>('POST', '/api/terms/reset/', token, {
      language: 'es',
      term: '¡!',
    });
    expect(refused.status).toBe(400);
    expect((await call('POST', '/api/terms/reset/', token, { language: 'es' })).status).toBe(400);
    expect((await call('POST', '/api/terms/reset/', token, { language: 'xx', term: 'dos' })).status).toBe(
      404,
    );
    expect((await call('POST', '/api/terms/reset/', undefined, { language: 'es', term: 'dos' })).status).toBe(
      401,
    );
  });

  it("is remade for every learner when a chapter's text changes or a chapter is deleted", async () => {
    const { id, chapters } = await story(CHAPTERS);
    const first = await learner({ known: true });
    const second = await learner({ known: true });
    await setStatus(first, 'tres', 'known');
    await setStatus(second, 'cuatro', 'known');

    const edited = await call('PUT', `/api/admin/chapters/${chapters[1]}/`, admin, {
      title: 'C2',
      content: '<p>Tres tres cuatro cuatro.</p>',
    });
    expect(edited.status).toBe(200);
    // 10 running words now: tres 5, cuatro 2; still 4 terms.
    expect(await shares(first, id)).toEqual({ story: share(50, 3), chapters: [share(50, 2), share(50, 1)] });
    expect(await shares(second, id)).toEqual({ story: share(20, 3), chapters: [share(0, 3), share(50, 1)] });

    expect((await call('DELETE', `/api/admin/chapters/${chapters[1]}/`, admin)).status).toBe(204);
    expect(await shares(first, id)).toEqual({ story: share(50, 2), chapters: [share(50, 2)] });
    expect(await shares(second, id)).toEqual({ story: share(0, 3), chapters: [share(0, 3)] });
  });

  it('stays exact when one learner changes statuses many at a time, and a chapter is saved meanwhile', async () => {
    const { id, chapters } = await story(CHAPTERS);
    const token = await learner({ known: true });
    const statuses = ['known', 'learning-2', 'ignored', 'learning-1'];
    await Promise.all([
      ...Array.from({ length: 24 }, (_, index) =>
        call('PUT', '/api/terms/status/', token, {
          language: 'es',
          term: ['tres', 'dos', 'uno'][index % 3],
          status: statuses[index % 4],
        }),
      ),
      call('POST', `/api/chapters/${chapters[1]}/mark-known/`, token),
      call('PUT', `/api/admin/chapters/${chapters[0]}/`, admin, {
        title: 'C1',
        content: '<p>Uno dos tres. Tres cinco.</p>',
      }),
    ]);
    // The list's kept counts agree with the page's, counted from the terms (shares() compares them).
    expect((await shares(token, id)).story).not.toBeNull();
  });

  it("leaves the story's old language when it moves to another", async () => {
    const { id } = await story(CHAPTERS);
    const token = await learner({ known: true });
    await setStatus(token, 'tres', 'known');
    const [italian] = await t.db.select().from(languages).where(eq(languages.code, 'it'));
    const moved = await call('PUT', `/api/admin/stories/${id}/`, admin, {
      title: 'Moved',
      author: 'Author',
      language: italian?.id,
      is_published: true,
      is_free: true,
    });
    expect(moved.status).toBe(200);

    const detail = await call<StoryDetail>('GET', `/api/stories/${id}/`, token);
    // The learner knows nothing in Italian: below the threshold there.
    expect(detail.body.comprehension).toBeNull();
    const kept = await t.db.select().from(learnerStoryKnown).where(eq(learnerStoryKnown.storyId, id));
    expect(kept).toEqual([]);
  });

  it('shows each learner only their own statuses', async () => {
    const { id } = await story(CHAPTERS);
    const knowing = await learner({ known: true });
    const other = await learner({ known: true });
    await setStatus(knowing, 'tres', 'known');
    await setStatus(knowing, 'uno', 'known');

    expect((await shares(knowing, id)).story).toEqual(share(50, 2));
    expect((await shares(other, id)).story).toEqual(share(0, 4));
  });

  it('is null for a story whose chapters have no words', async () => {
    const { id } = await story(['<p>¡…!</p>']);
    const token = await learner({ known: true });
    expect(await shares(token, id)).toEqual({ story: null, chapters: [null] });
  });
});
