import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_READING_SECONDS_PER_DAY } from '#common/activity.ts';
import { readAccess, Viewer } from '#server/policies/viewer.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { addReadingDay, createStory, createUser } from '#server/testing/factories.ts';
import { type ReadingReport, trackReadingTime } from './service.ts';

// Reports sent at the same moment are counted in one statement (free-reports.ts): these send them together
// (one turn of the event loop), as many learners reading at once do.
const t = setupTestApp();
const DAY = '2024-06-15';

async function reader() {
  const user = await createUser(t.db);
  return new Viewer(user.id, '', (userId) => readAccess(t.db, [], userId));
}

async function chapterOf(languageCode: string, story: { isFree?: boolean } = {}) {
  const { chapters } = await createStory(t.db, { languageCode, wordsPerChapter: 20, story });
  const [chapter] = chapters;
  if (!chapter) throw new Error('createStory made no chapter');
  return chapter.id;
}

const send = (viewer: Viewer, report: ReadingReport, day = DAY) =>
  trackReadingTime({ db: t.db, pool: t.app.pool }, viewer, report, day);

async function secondsOn(userId: string, day = DAY): Promise<number[]> {
  const { rows } = await t.app.pool.query<{ seconds: number }>(
    'SELECT seconds FROM reading_days WHERE user_id = $1 AND day = $2 ORDER BY language_id',
    [userId, day],
  );
  return rows.map((row) => row.seconds);
}

describe('reading-time reports sent at the same moment', () => {
  it("answer one learner's day as it stood after each, in turn", async () => {
    const learner = await reader();
    const chapterId = await chapterOf('es');

    const answers = await Promise.all(
      [30, 30, 30, 30, 30].map((seconds) => send(learner, { chapterId, seconds })),
    );

    expect(answers.map((answer) => answer.secondsCounted)).toEqual([30, 30, 30, 30, 30]);
    expect(answers.map((answer) => answer.timeSpent)).toEqual([30, 60, 90, 120, 150]);
    expect(await secondsOn(learner.userId)).toEqual([150]);
  });

  it('count a report id sent twice once, and the repeat answers what it counted', async () => {
    const learner = await reader();
    const chapterId = await chapterOf('es');
    const reportId = randomUUID();

    const [first, repeat, other] = await Promise.all([
      send(learner, { chapterId, seconds: 40, reportId }),
      send(learner, { chapterId, seconds: 40, reportId }),
      send(learner, { chapterId, seconds: 10, reportId: randomUUID() }),
    ]);

    // In the order sent: the first counts 40, the other 10 more; the repeat counts nothing and answers what the
    // first counted, with the day as it is now.
    expect(first).toEqual({ language: 'es', secondsCounted: 40, timeSpent: 40 });
    expect(other).toEqual({ language: 'es', secondsCounted: 10, timeSpent: 50 });
    expect(repeat).toEqual({ language: 'es', secondsCounted: 40, timeSpent: 50 });
    expect(await secondsOn(learner.userId)).toEqual([50]);
  });

  it('stop at 24 hours a day, the reports before the cap answering what they made', async () => {
    const learner = await reader();
    const chapterId = await chapterOf('es');
    await addReadingDay(t.db, {
      userId: learner.userId,
      day: DAY,
      seconds: MAX_READING_SECONDS_PER_DAY - 100,
    });

    const answers = await Promise.all([60, 60, 60].map((seconds) => send(learner, { chapterId, seconds })));

    expect(answers.map((answer) => answer.timeSpent)).toEqual([
      MAX_READING_SECONDS_PER_DAY - 40,
      MAX_READING_SECONDS_PER_DAY,
      MAX_READING_SECONDS_PER_DAY,
    ]);
    expect(await secondsOn(learner.userId)).toEqual([MAX_READING_SECONDS_PER_DAY]);
  });

  it('keep learners, languages and days apart, and a refused report refuses only its sender', async () => {
    const [one, two] = [await reader(), await reader()];
    const [spanish, french] = [await chapterOf('es'), await chapterOf('fr')];
    const pro = await chapterOf('es', { isFree: false });

    const sent = [
      send(one, { chapterId: spanish, seconds: 20 }),
      send(one, { chapterId: french, seconds: 30 }),
      send(one, { chapterId: spanish, seconds: 5 }, '2024-06-16'),
      send(two, { chapterId: spanish, seconds: 7 }),
      send(two, { chapterId: pro, seconds: 9 }),
      send(two, { chapterId: 999_999, seconds: 9 }),
    ];
    const settled = await Promise.allSettled(sent);

    const answers = settled.map((outcome) =>
      outcome.status === 'fulfilled' ? outcome.value : outcome.reason,
    );
    expect(answers.slice(0, 4)).toEqual([
      { language: 'es', secondsCounted: 20, timeSpent: 20 },
      { language: 'fr', secondsCounted: 30, timeSpent: 30 },
      { language: 'es', secondsCounted: 5, timeSpent: 5 },
      { language: 'es', secondsCounted: 7, timeSpent: 7 },
    ]);
    expect(answers[4]).toMatchObject({ statusCode: 403 });
    expect(answers[5]).toMatchObject({ statusCode: 404, message: 'Chapter not found' });
    expect(await secondsOn(one.userId)).toEqual([20, 30]);
    expect(await secondsOn(one.userId, '2024-06-16')).toEqual([5]);
    expect(await secondsOn(two.userId)).toEqual([7]);
  });
});
