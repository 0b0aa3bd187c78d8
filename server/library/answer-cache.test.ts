// The story list's answers kept by what makes them (decision 091): the kept bytes are those a fresh build
// writes, for every query and kind of learner; a change of progress, of known terms or of the library is in the
// next answer; the validator answers 304 to a client that holds the current answer, and only then.

import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { StoryListQuery } from '#common/schemas/library.ts';
import { stories } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createStory, createUser, signIn } from '#server/testing/factories.ts';
import { listEtag } from './answer-cache.ts';
import { assortedStory, comprehensionFixtures, FILLER } from './comprehension-fixtures.ts';
import { KnownCountsCache } from './known.ts';
import { prepareListedStory, serializeList } from './present.ts';
import { pickStories, StoryListCache, storyListing } from './service.ts';

const t = setupTestApp();
let admin = '';
const { call, story, setStatus } = comprehensionFixtures(t, () => admin);

interface Learner {
  id: string;
  token: string;
}

/** A learner: with nothing of their own, or past the threshold of known terms (the FILLER words known). */
async function learner(options: { known?: boolean } = {}): Promise<Learner> {
  const user = await createUser(t.db);
  const { accessToken } = await signIn(t.db, user);
  if (options.known) {
    const filler = await story([`<p>${FILLER}</p>`]);
    expect((await call('POST', `/api/chapters/${filler.chapters[0]}/mark-known/`, accessToken)).status).toBe(
      200,
    );
  }
  return { id: user.id, token: accessToken };
}

const QUERIES = [
  '',
  '&difficulty=child',
  '&difficulty=expert,infant&length=long',
  '&difficulty=infant,expert&length=long',
  '&topics=adventure',
  '&hide_adult=true',
  '&search=faro',
  '&search=FARO+bosque',
  '&search=nada',
];

const fetchList = (query: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/stories/?language=es${query}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

/** The list's JSON as a fresh build writes it, with caches of its own: no kept answer, story or count. */
async function freshList(query: string, userId: string): Promise<Buffer> {
  const parsed = StoryListQuery.parse(Object.fromEntries(new URLSearchParams(`language=es${query}`)));
  const caches = {
    stories: new StoryListCache((row) => prepareListedStory(t.app.storage, row)),
    known: new KnownCountsCache(),
  };
  const listing = await storyListing(t.app.db, t.app.pool, caches, userId, parsed);
  return serializeList(
    pickStories(listing.list, parsed, listing.foldedWords),
    listing.progress,
    listing.known,
  );
}

/** The list as the route answers it twice (the second from what it kept), each checked against a fresh build. */
async function expectFresh(query: string, who: Learner): Promise<Buffer> {
  const fresh = await freshList(query, who.id);
  for (let round = 0; round < 2; round++) {
    const plain = await fetchList(query, who.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(fresh)).toBe(true);
    const zipped = await fetchList(query, who.token, { 'accept-encoding': 'gzip, deflate, br' });
    const bytes =
      zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload) : zipped.rawPayload;
    expect(bytes.equals(fresh)).toBe(true);
    expect(plain.headers.etag).toBe(listEtag(fresh));
    expect(zipped.headers.etag).toBe(listEtag(zipped.rawPayload));
  }
  return fresh;
}

let library: { id: number; chapters: number[] }[] = [];

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  for (let n = 0; n < 24; n++)
    await createStory(t.db, {
      chapters: 3,
      story: assortedStory(n),
    });
  // Stories with words, so a learner past the threshold has a share of each.
  library = [
    await story(['<p>Uno dos dos. Tres tres tres.</p>', '<p>Dos cuatro.</p>']),
    await story(['<p>El faro del bosque.</p>']),
  ];
});

describe('the story list kept by what makes it', () => {
  it('answers the bytes a fresh build writes, for every query and learner, kept or not', async () => {
    const learners = [await learner(), await learner(), await learner(), await learner({ known: true })];
    const begun = learners[2] as Learner;
    for (const chapter of (library[0] as { chapters: number[] }).chapters.slice(0, 1))
      expect((await call('POST', `/api/chapters/${chapter}/mark-read/`, begun.token)).status).toBe(200);
    for (const who of learners) for (const query of QUERIES) await expectFresh(query, who);

    // Two learners with nothing of their own share the answer and its validator; a learner's own differs.
    const etags = await Promise.all(
      learners.map(async (who) => (await fetchList('', who.token)).headers.etag),
    );
    expect(etags[0]).toBe(etags[1]);
    expect(new Set(etags).size).toBe(3);
  });

  it("answers a change of the learner's progress, known terms or the library at the next request", async () => {
    const who = await learner({ known: true });
    const [first] = library as [{ id: number; chapters: number[] }];
    const before = await expectFresh('', who);

    expect((await call('POST', `/api/chapters/${first.chapters[0]}/mark-read/`, who.token)).status).toBe(200);
    const read = await expectFresh('', who);
    expect(read.equals(before)).toBe(false);

    await setStatus(who.token, 'tres', 'known');
    const known = await expectFresh('', who);
    expect(known.equals(read)).toBe(false);

    await createStory(t.db, { story: { title: 'Una historia nueva' } });
    const added = await expectFresh('', who);
    expect(added.toString()).toContain('Una historia nueva');

    await t.db.update(stories).set({ title: 'Un título cambiado' }).where(eq(stories.id, first.id));
    const edited = await expectFresh('&search=cambiado', who);
    expect(edited.toString()).toContain('Un título cambiado');
  });

  it('answers 304 without a body to a client holding the current answer, and the answer once it changed', async () => {
    const who = await learner();
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await fetchList('', who.token, browser);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBeUndefined();

    for (const held of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await fetchList('', who.token, { ...browser, 'if-none-match': held });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    const other = await fetchList('', who.token, { ...browser, 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true);

    await createStory(t.db, { story: { title: 'Otra historia' } });
    const changed = await fetchList('', who.token, { ...browser, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(gunzipSync(changed.rawPayload).toString()).toContain('Otra historia');
  });
});
