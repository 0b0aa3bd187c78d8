// The known counts a server holds between lists (KnownCountsCache, decision 076): they follow every change made
// through any server on the same database, since each list reads the versions the database moves (a learner's
// statuses by trigger, a story's counts by recount_story_known), and they go with the account or the language.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryListItem } from '#common/schemas/library.ts';
import { buildApp } from '#server/app.ts';
import { languages, learnerKnownVersions, users } from '#server/db/schema.ts';
import { setupTestApp, testConfig } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { comprehensionFixtures, FILLER } from './comprehension-fixtures.ts';
import { heldValues, KNOWN_BY_STORY_SQL, KNOWN_BY_STORY_VALUES, KNOWN_COLUMNS_SQL } from './known.ts';

const t = setupTestApp();
let admin = '';
let second: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  second = await buildApp(testConfig(t.databaseUrl));
});
afterAll(async () => {
  await second?.close();
});

const { call, story, learner, setStatus } = comprehensionFixtures(t, () => admin);

/** The story's share in the Spanish list as the second server answers it. */
async function listedOnSecond(token: string, storyId: number) {
  const response = await second.inject({
    method: 'GET',
    url: '/api/stories/?language=es',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as StoryListItem[]).find((item) => item.id === storyId)?.comprehension;
}

// 6 running words, 3 terms.
const CHAPTER = '<p>Uno dos dos. Tres tres tres.</p>';

describe("the known counts a server holds between a learner's lists", () => {
  it('follow status changes made through another server', async () => {
    const { id } = await story([CHAPTER]);
    const token = await learner({ known: true });
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 0, new_words: 3 });
    // Held now: the same answer again, from the versions alone.
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 0, new_words: 3 });

    await setStatus(token, 'tres', 'known');
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 50, new_words: 2 });
    await setStatus(token, 'dos', 'learning-1');
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 50, new_words: 1 });
  });

  it("follow a story's words changed through another server", async () => {
    const { id, chapters } = await story([CHAPTER]);
    const token = await learner({ known: true });
    await setStatus(token, 'tres', 'known');
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 50, new_words: 2 });

    const edited = await call('PUT', `/api/admin/chapters/${chapters[0]}/`, admin, {
      title: 'C1',
      content: '<p>Tres tres tres. Cuatro.</p>',
    });
    expect(edited.status).toBe(200);
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 75, new_words: 1 });
  });

  it('follow a learner back below the threshold, and past it again', async () => {
    const { id } = await story([CHAPTER]);
    const token = await learner({ known: true });
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 0, new_words: 3 });

    const forgotten = await call<{ changed: number }>('POST', '/api/terms/forget/', token, {
      language: 'es',
      terms: FILLER.split(' '),
    });
    expect(forgotten.body.changed).toBe(FILLER.split(' ').length);
    expect(await listedOnSecond(token, id)).toBeNull();

    for (const term of FILLER.split(' ')) await setStatus(token, term, 'known');
    await setStatus(token, 'uno', 'known');
    expect(await listedOnSecond(token, id)).toEqual({ known_percent: 16, new_words: 2 });
  });

  it("go with the learner's account, and with a language", async () => {
    const user = await createUser(t.db);
    const { accessToken } = await signIn(t.db, user);
    await setStatus(accessToken, 'tres', 'known');
    const versions = () =>
      t.db.select().from(learnerKnownVersions).where(eq(learnerKnownVersions.userId, user.id));
    expect(await versions()).toHaveLength(1);

    const deleted = await call('DELETE', '/api/me/', accessToken, { email: user.email });
    expect(deleted.status).toBe(204);
    expect(await versions()).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);

    const [language] = await t.db
      .insert(languages)
      .values({ code: 'kc', name: 'Cache', nativeName: 'Cache' })
      .returning();
    const other = await createUser(t.db);
    const otherToken = (await signIn(t.db, other)).accessToken;
    const marked = await call('PUT', '/api/terms/status/', otherToken, {
      language: 'kc',
      term: 'uno',
      status: 'known',
    });
    expect(marked.status).toBe(200);
    const kept = and(
      eq(learnerKnownVersions.userId, other.id),
      eq(learnerKnownVersions.languageId, language?.id ?? 0),
    );
    expect(await t.db.select().from(learnerKnownVersions).where(kept)).toHaveLength(1);
    await t.db.delete(languages).where(eq(languages.id, language?.id ?? 0));
    expect(await t.db.select().from(learnerKnownVersions).where(kept)).toEqual([]);
  });

  it("are read again only when a version moved: the threshold's and the counts' scans are skipped otherwise", async () => {
    const user = await createUser(t.db);
    await setStatus((await signIn(t.db, user)).accessToken, 'tres', 'known');
    const [held] = await t.db
      .select()
      .from(learnerKnownVersions)
      .where(eq(learnerKnownVersions.userId, user.id));
    const [spanish] = await t.db
      .select()
      .from(languages)
      .where(eq(languages.id, held?.languageId ?? 0));
    /** The plan's lines that scan term_statuses or learner_story_known, as run with these held values. */
    const scans = async (values: (string | number | null)[]) => {
      const { rows } = await t.app.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)
         SELECT ${KNOWN_COLUMNS_SQL}
         FROM (SELECT $2::uuid AS user_id, $6::bigint AS held_learner_version,
                      $7::bigint AS held_language_version, $8::int AS held_language_id) k
         CROSS JOIN languages l ${KNOWN_BY_STORY_SQL} WHERE l.code = $1 AND $3::int IS NULL`,
        ['es', user.id, null, ...KNOWN_BY_STORY_VALUES, ...values],
      );
      return rows
        .map((row) => row['QUERY PLAN'])
        .filter((line) => /term_statuses|learner_story_known/.test(line));
    };
    // Nothing held: the threshold is counted (one term known: below it, so the counts' scan is not run).
    const thresholdRead = (lines: string[]) =>
      lines.filter((line) => line.includes('term_statuses') && !line.includes('never executed'));
    expect(thresholdRead(await scans(heldValues(undefined)))).not.toEqual([]);

    const current = [String(held?.version), String(spanish?.knownVersion), spanish?.id ?? 0];
    const whenCurrent = await scans(current);
    expect(whenCurrent.length).toBeGreaterThan(0);
    for (const line of whenCurrent) expect(line).toContain('never executed');
    const older = [String(Number(held?.version) - 1), current[1] ?? null, current[2] ?? null];
    expect(thresholdRead(await scans(older))).not.toEqual([]);
  });
});
