import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEVEL_ANSWERS } from '#common/levels.ts';
import { LanguageProgressEntry, LanguageProgressList } from '#common/schemas/reading.ts';
import { languages } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

// Issue 23: a language chosen for the first time is saved at the level the learner gave
// (web/features/dashboard/LevelDialog.tsx, decision 080). The rest of these endpoints is tested with the
// reader's calls (server/reader/routes.test.ts).

const t = setupTestApp();
const PATH = '/api/user/language-progress/';
const LEVEL_ERROR = 'current_level must be one of beginner, intermediate, advanced.';

const learner = async () => (await signIn(t.db, await createUser(t.db))).accessToken;
const languageId = async (code: string) =>
  ((await t.db.select().from(languages).where(eq(languages.code, code)))[0] as { id: number }).id;
const save = (token: string | undefined, payload: object) =>
  t.request<LanguageProgressEntry>({ method: 'POST', url: PATH, token, payload });
const levels = async (token: string) =>
  Object.fromEntries(
    LanguageProgressList.parse((await t.get(PATH, { token })).body).map((entry) => [
      entry.language.code,
      entry.current_level,
    ]),
  );

describe('POST /api/user/language-progress/ with the level of a first choice', () => {
  it('answers 401 without a token, or with a token that is not one, and saves nothing', async () => {
    const es = await languageId('es');

    for (const token of [undefined, 'not-a-real-token']) {
      const response = await save(token, { language_id: es, current_level: 'advanced' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Not authenticated' });
    }
  });

  it('saves each level a learner can answer as that language’s current_level', async () => {
    const token = await learner();
    const codes = ['es', 'fr', 'de', 'it'];

    for (const [index, answer] of LEVEL_ANSWERS.entries()) {
      const code = codes[index] as string;
      const response = await save(token, {
        language_id: await languageId(code),
        current_level: answer.level,
      });
      expect(response.status).toBe(201);
      expect(LanguageProgressEntry.strict().parse(response.body).current_level).toBe(answer.level);
    }

    expect(await levels(token)).toEqual({
      es: 'beginner',
      fr: 'beginner',
      de: 'intermediate',
      it: 'advanced',
    });
  });

  it('keeps the level of a language chosen before: a later save does not ask or change it', async () => {
    const token = await learner();
    const es = await languageId('es');
    await save(token, { language_id: es, current_level: 'advanced' });

    const again = await save(token, { language_id: es, current_level: 'beginner' });
    const withoutLevel = await save(token, { language_id: es });

    expect([again.status, withoutLevel.status]).toEqual([200, 200]);
    expect(again.body.current_level).toBe('advanced');
    expect(await levels(token)).toEqual({ es: 'advanced' });
  });

  it('refuses a level that is not one of the stored levels, with a sentence, and saves nothing', async () => {
    const token = await learner();
    const es = await languageId('es');

    // The dialog's answers are not levels; nor is a level in another case, a number, or nothing.
    for (const level of ['New to it', 'a little', 'Beginner', 'expert', '', 2, null, ['beginner']]) {
      const response = await save(token, { language_id: es, current_level: level });
      expect(response.status, String(level)).toBe(400);
      expect(response.body).toEqual({ error: LEVEL_ERROR });
    }
    expect(await levels(token)).toEqual({});
  });
});
