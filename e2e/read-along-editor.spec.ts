// Read-along timings in the story editor (issue 23): an admin times a chapter's recording from a WebVTT file
// (with its report) and by tapping as it plays, reviews and nudges them, saves; a learner's chapter carries
// them; a change of text drops them, with a warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_DIR } from '#server/demo/library.ts';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';
import { BUDGET } from './support/time.ts';

// The demo's narrated chapter and its recording (server/db/demo/): seven sentences, 24 seconds.
const CONTENT = readFileSync(join(DEMO_DIR, 'stories', 'es-la-gata-y-la-luna', '1.txt'), 'utf8').trim();
const RECORDING = readFileSync(join(DEMO_DIR, 'audio', 'es-la-gata-y-la-luna-1.mp3'));
const TIMINGS = readFileSync(join(DEMO_DIR, 'audio', 'es-la-gata-y-la-luna-1.vtt'), 'utf8');

/** The starts the learner's chapter carries, one per sentence. */
async function learnerStarts(page: Page, chapterId: number): Promise<(number | null)[]> {
  const answer = await page.request.get(`/api/chapters/${chapterId}/`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  const chapter = (await answer.json()) as { read_along?: { sentences: [number, number, number | null][] } };
  return chapter.read_along?.sentences.map(([, , start]) => start) ?? [];
}

test('an admin times a recording from a WebVTT file and by tapping, and a text change drops the timings', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const { storyId, chapterIds } = await createStory({
    language: 'es',
    title: `Mora ${Date.now()}`,
    chapters: [{ title: 'Mora', content: CONTENT }],
  });
  const chapterId = chapterIds[0] as number;
  const email = uniqueAddress('timings');
  await createAccount(email, 'Tina Timings', { isAdmin: true });
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/story/${storyId}`);
  await page.getByRole('tab', { name: 'Content' }).click();
  const timings = page.getByRole('group', { name: /Read-along timings/ });
  await expect(timings.getByText('Add the chapter’s audio and save the story')).toBeVisible();

  // The recording first: timings belong to saved audio.
  await page
    .getByLabel('Audio file')
    .setInputFiles({ name: 'mora.mp3', mimeType: 'audio/mpeg', buffer: RECORDING });
  await expect(timings.getByText('Save the story first')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Story saved.')).toBeVisible({ timeout: BUDGET.serverWork });
  await expect(timings.getByText('No timings yet')).toBeVisible();

  // A WebVTT file with a cue the text does not have and a broken line: matched, and reported.
  const file = `${TIMINGS}\n00:23.500 --> 00:23.800\nFin del capítulo.\n\nnot a time --> either\nstray\n`;
  await timings
    .getByLabel('Timings file')
    .setInputFiles({ name: 'mora.vtt', mimeType: 'text/vtt', buffer: Buffer.from(file) });
  const report = timings.getByRole('region', { name: 'Match report' });
  await expect(report.getByText('WebVTT file: 7 of 7 sentences matched, 100 % of the text.')).toBeVisible();
  await expect(report.getByText('1 cue matched no text')).toBeVisible();
  await expect(report.getByText(/^1 line was skipped$/)).toBeVisible();
  const rows = timings.getByRole('list', { name: 'Sentence timings' }).getByRole('listitem');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(1)).toContainText('0:02.6');
  await timings.getByRole('button', { name: 'Sentence 2 0.1 s later' }).click();
  await expect(rows.nth(1)).toContainText('0:02.7');
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'read-along-editor-1280');
  await timings.getByRole('button', { name: 'Save timings' }).click();
  await expect(timings.getByText('Timings saved')).toBeVisible();
  await expect(timings.getByText('Saved: 7 of 7 sentences timed.')).toBeVisible();
  expect(await learnerStarts(page, chapterId)).toEqual([0, 2.74, 6.62, 11.64, 15.32, 19.53, 22.19]);

  // Tapping: the recording plays, and each Mark (Space on the focused button) starts the next sentence.
  await timings.getByRole('button', { name: 'Sync by tapping' }).click();
  const player = timings.getByLabel('Audio to time');
  const position = () => player.evaluate((element: HTMLAudioElement) => element.currentTime);
  const mark = timings.getByRole('button', { name: 'Mark' });
  await expect(mark).toBeFocused();
  let last = -1;
  for (let sentence = 1; sentence <= 7; sentence += 1) {
    await expect(timings.getByText(`Sentence ${sentence} of 7`)).toBeVisible();
    // Each mark a little after the one before, however fast the machine plays.
    await expect.poll(position).toBeGreaterThan(last + 0.2);
    last = await position();
    await page.keyboard.press('Space');
  }
  await expect(rows).toHaveCount(7);
  await expect(timings.getByText('7 of 7 sentences timed')).toBeVisible();
  await timings.getByRole('button', { name: 'Save timings' }).click();
  await expect(timings.getByText('Timings saved')).toBeVisible();
  const tapped = await learnerStarts(page, chapterId);
  expect(tapped).toHaveLength(7);
  for (const [index, start] of tapped.entries()) {
    expect(start).not.toBeNull();
    if (index > 0) expect(start as number).toBeGreaterThan(tapped[index - 1] as number);
  }

  // A change that moves the sentences drops the timings, and the editor says so.
  const content = page.getByLabel('Chapter Content');
  await content.fill(CONTENT.replace('Mora es una gata pequeña.', 'Mora es una gata pequeña. Come pescado.'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'read-along timings of Chapter 1 were removed' }),
  ).toBeVisible({
    timeout: BUDGET.serverWork,
  });
  await expect(timings.getByText('No timings yet')).toBeVisible();
  expect(await learnerStarts(page, chapterId)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 360);
});
