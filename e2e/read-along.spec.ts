// Read-along (issue 23): the narrator's sentence highlighted as the audio plays, played from by a tap, the
// sentence controls and keys, and the speed, remembered for the learner.
import type { Page } from '@playwright/test';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { findStory } from './support/stories.ts';

// Chapter 1 of the demo's "La gata y la luna": its recording and its timings (server/db/demo/audio/).
const SENTENCES = [
  'Mora es una gata pequeña.',
  'Es negra y tiene los ojos verdes.',
  'Mora vive en una casa azul, cerca del mar.',
  'Por la noche, Mora mira por la ventana.',
  'En el cielo hay una luna grande y blanca.',
  '—¡Qué bonita! —dice Mora—.',
  'Quiero la luna.',
];
const STARTS = [0, 2.64, 6.62, 11.64, 15.32, 19.53, 22.19];

/** The text under the spoken sentence's highlight, as the learner sees it marked ('' for none). */
function highlighted(page: Page): Promise<string> {
  return page.evaluate(() => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(
      'spoken-sentence',
    );
    return highlight ? [...highlight].map((range) => range.toString()).join(' ') : '';
  });
}

test('a learner reads along: the spoken sentence is highlighted, a tap or a key plays from a sentence, and the speed stays chosen', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('read-along');
  await createAccount(email, 'Lena Listener');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 740 });
  const gata = await findStory('La gata y la luna');
  await page.goto(`/read/${gata.storyId}/${gata.chapterIds[0]}`);

  const audio = page.getByTestId('chapter-audio');
  const read = <T>(pick: (element: HTMLAudioElement) => T) => audio.evaluate(pick);
  await expect.poll(() => read((element) => element.duration)).toBeGreaterThan(20);
  const player = page.getByRole('region', { name: 'Chapter audio' });
  const text = page.getByRole('group', { name: 'Chapter text' });
  const marks = text.getByRole('button', { name: 'Play from this sentence' });
  await expect(marks).toHaveCount(SENTENCES.length);

  // The highlight follows the audio's position, wherever it is set.
  await read((element) => {
    element.currentTime = 7;
  });
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[2]);
  await read((element) => {
    element.currentTime = 0.5;
  });
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[0]);

  // Playing, it moves on to the next sentence by itself.
  await read((element) => {
    element.currentTime = 1.6;
  });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[1]);
  await player.getByRole('button', { name: 'Pause' }).click();
  await screenshot(page, 'read-along-360');
  await expectNoSidewaysScroll(page, 360);

  // A play mark plays from its sentence.
  await marks.nth(4).click();
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[4]);
  expect(await read((element) => element.currentTime)).toBeGreaterThanOrEqual(STARTS[4] as number);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await player.getByRole('button', { name: 'Pause' }).click();

  // The sentence controls, by button and by key: paused, previous and next only move; repeat plays.
  await player.getByRole('button', { name: 'Next sentence' }).click();
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[5]);
  expect(await read((element) => [element.currentTime, element.paused])).toEqual([STARTS[5], true]);
  await page.locator('body').click({ position: { x: 5, y: 600 } });
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[4]);
  await read((element) => {
    element.currentTime = 17;
  });
  await page.keyboard.press('r');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  const repeated = await read((element) => element.currentTime);
  expect(repeated).toBeGreaterThanOrEqual(STARTS[4] as number);
  expect(repeated).toBeLessThan(17);
  // In the text, Shift with an arrow goes by sentence too; the arrow alone still walks the words.
  await text.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => highlighted(page)).toBe(SENTENCES[5]);

  // The speed: picked, stepped by key, pitch kept, and the same after a reload on a device that forgot it.
  const speed = player.getByRole('combobox', { name: 'Playback speed' });
  await expect(speed).toHaveValue('1');
  await speed.selectOption('1.5');
  await expect.poll(() => read((element) => element.playbackRate)).toBe(1.5);
  await page.locator('body').click({ position: { x: 5, y: 600 } });
  await page.keyboard.press('>');
  await expect(speed).toHaveValue('1.75');
  expect(await read((element) => [element.playbackRate, element.preservesPitch])).toEqual([1.75, true]);
  await page.keyboard.press('<');
  await page.keyboard.press('<');
  await expect(speed).toHaveValue('1.25');
  const token = await accessToken(page);
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/me/reader-settings/', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await answer.json()).playback_rate;
    })
    .toBe(1.25);
  await page.evaluate(() => localStorage.removeItem('catamaran:reader-settings'));
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.25');
  await expect.poll(() => read((element) => element.playbackRate)).toBe(1.25);
  await expectNoSeriousAxeViolation(page);

  // The text's focus ring is for the keyboard (rough edge 11): a key pressed in the text shows it, and the next
  // click on a word hides it again, though the browser's own rule would keep it.
  const reloadedText = page.getByRole('group', { name: 'Chapter text' });
  const ring = () => reloadedText.evaluate((element) => getComputedStyle(element).outlineStyle);
  await reloadedText.getByText('gata', { exact: true }).click();
  await expect.poll(ring).toBe('none');
  await page.keyboard.press('ArrowRight');
  await expect.poll(ring).toBe('solid');
  await reloadedText.getByText('azul', { exact: true }).click();
  await expect.poll(ring).toBe('none');

  // A chapter without timings has no marks and no sentence controls.
  await page.goto(`/read/${gata.storyId}/${gata.chapterIds[1]}`);
  await expect(page.getByRole('group', { name: 'Chapter text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play from this sentence' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next sentence' })).toHaveCount(0);
});
