import { createAccount } from './support/accounts.ts';
import { accessToken, signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory, findStory } from './support/stories.ts';

// Words of the demo Spanish dictionary that every fresh server imports (server/db/demo/es-en.jsonl).
const FIRST_CHAPTER =
  'La niña camina por la playa. «¿Dónde está el faro?», pregunta.\n\n' +
  'Su amigo habló con el mar, y el mar no dijo nada.';
const SECOND_CHAPTER = 'Llega la noche. La luz del faro es grande.';

test('a learner reads a chapter, taps an inflected word and sees its lemma, then marks the chapter read', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const { storyId, chapterIds } = await createStory({
    language: 'es',
    title: 'El faro',
    chapters: [
      { title: 'La playa', content: FIRST_CHAPTER },
      { title: 'La noche', content: SECOND_CHAPTER },
    ],
  });
  const [first, second] = chapterIds;
  const email = uniqueAddress('reader');
  await createAccount(email, 'Rita Reader');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/read/${storyId}/${first}`);
  await expect(page.getByRole('heading', { name: 'Chapter 1: La playa' })).toBeVisible();
  const text = page.getByRole('group', { name: 'Chapter text' });
  await expect(text).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Mark this chapter as complete to earn 23 points')).toBeVisible();

  // An inflected form: the answer names the form and gives the lemma's translations.
  await text.getByText('habló', { exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await expect(panel.getByRole('heading', { name: 'habló' })).toBeVisible();
  await expect(panel.getByText('hablar', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^third-person singular preterite (indicative )?of hablar$/)).toBeVisible();
  await expect(panel.getByText('to speak', { exact: true })).toBeVisible();
  await expect(panel.getByText('Saved to your words')).toBeVisible();
  await screenshot(page, 'reader-word-390');
  await expectNoSidewaysScroll(page, 390);

  // Punctuation around a tapped word is not part of it; a word the dictionary lacks says so.
  await text.getByText('Dónde', { exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Dónde' })).toBeVisible();
  await expect(panel.getByText('Word not found in dictionary')).toBeVisible();
  await expect(panel.getByText("This word hasn't been added to our translation database yet")).toBeVisible();

  // From the keyboard: the text is one tab stop, the arrows walk its words, Enter looks one up.
  await text.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'niña' })).toBeVisible();
  await expect(panel.getByText('child, girl')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Three words looked up of 23: the header's bar says 13 %.
  await expect(page.getByRole('progressbar', { name: 'Chapter progress' })).toHaveAttribute(
    'aria-valuenow',
    '13',
  );
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(page.getByText('Chapter Complete!')).toBeVisible();
  await expect(page.getByText('You earned 23 points!')).toBeVisible();
  await expect(page.getByRole('heading', { name: /\(Completed!\)/ })).toBeVisible();
  await screenshot(page, 'reader-complete-390');

  const token = await accessToken(page);
  const words = await page.request.get('/api/words/', { headers: { Authorization: `Bearer ${token}` } });
  expect((await words.json()).map((word: { word: string }) => word.word).sort()).toEqual(
    ['dónde', 'habló', 'niña'].sort(),
  );

  await page.getByRole('button', { name: 'Next Chapter: La noche' }).click();
  await expect(page).toHaveURL(`/read/${storyId}/${second}`);
  await expect(page.getByRole('heading', { name: 'Chapter 2: La noche' })).toBeVisible();
  await expect(page.getByText('Mark this chapter as complete to earn 9 points')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Chapter progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('group', { name: 'Chapter text' }).getByText('luz', { exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Word details' }).getByText('light')).toBeVisible();
  await screenshot(page, 'reader-word-1280');
});

test('a missing chapter says so, and a story that is not free asks for Pro', async ({
  page,
  consoleErrors,
}) => {
  const { storyId, chapterIds } = await createStory({
    language: 'es',
    title: 'Solo Pro',
    isFree: false,
    chapters: [{ title: 'Uno', content: 'Hola.' }],
  });
  const email = uniqueAddress('reader-locked');
  await createAccount(email, 'Lola Locked');
  await signInWithCode(page, email);

  await page.goto(`/read/${storyId}/${chapterIds[0]}`);
  await expect(page.getByRole('heading', { name: 'This story is for Pro members' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();

  await page.goto(`/read/${storyId}/987654`);
  await expect(page.getByRole('heading', { name: 'Chapter not found' })).toBeVisible();
  // The browser logs both refusals; the screens above are how the app handles them.
  expect(consoleErrors).toEqual([expect.stringContaining('403'), expect.stringContaining('404')]);
  consoleErrors.length = 0;
});

test('the demo library reads in Japanese, word by word, and its narrated chapter plays', async ({ page }) => {
  const email = uniqueAddress('reader-demo');
  await createAccount(email, 'Yuki Demo');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 360, height: 740 });

  // Written without spaces: the server's analyser found the words when the chapter was saved, and each one is
  // looked up on its own.
  const mimi = await findStory('ミミと赤いボール');
  await page.goto(`/read/${mimi.storyId}/${mimi.chapterIds[0]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  await expect(text).toHaveAttribute('lang', 'ja');
  await text.getByText('ボール', { exact: true }).first().click();
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await expect(panel.getByRole('heading', { name: 'ボール' })).toBeVisible();
  await expect(panel.getByText(/\bball\b/).first()).toBeVisible();
  // An inflected verb is one word (走ります, not 走|り|ます), its dictionary form with it, and looks up as one.
  // (With or without its furigana above 走, at the story's level.)
  const runs = text
    .locator('[data-w][data-l="走る"]')
    .filter({ hasText: /^走(はし)?ります$/ })
    .first();
  await expect(runs).toBeVisible();
  await runs.click();
  await expect(panel.getByRole('heading', { name: '走ります' })).toBeVisible();
  await expect(panel.getByText(/\bto run\b/).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'reader-japanese-360');

  const gata = await findStory('La gata y la luna');
  await page.goto(`/read/${gata.storyId}/${gata.chapterIds[0]}`);
  const audio = page.getByTestId('chapter-audio');
  await expect(audio).toHaveAttribute('src', /\/media\/story-audio\//);
  // The file is really served and decodable: the browser reads its length (about 24 s).
  const read = <T>(pick: (element: HTMLAudioElement) => T) => audio.evaluate(pick);
  await expect.poll(() => read((element) => element.duration)).toBeGreaterThan(20);
  const player = page.getByRole('region', { name: 'Chapter audio' });
  await expect(player.getByRole('slider', { name: 'Position' })).toHaveAttribute(
    'aria-valuetext',
    /^0:00 of 0:2[34]$/,
  );

  // The keys, with the focus on the page: space plays and pauses, the arrows jump 5 s and change the volume,
  // l loops, m mutes.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  const before = await read((element) => element.currentTime);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => read((element) => element.currentTime)).toBeCloseTo(before + 5, 0);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => read((element) => element.currentTime)).toBeCloseTo(before, 0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => read((element) => element.volume)).toBeCloseTo(0.8, 5);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => read((element) => element.volume)).toBeCloseTo(0.9, 5);
  await page.keyboard.press('l');
  await expect(player.getByRole('button', { name: 'Loop' })).toHaveAttribute('aria-pressed', 'true');
  expect(await read((element) => element.loop)).toBe(true);
  await page.keyboard.press('m');
  await expect(player.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  expect(await read((element) => element.muted)).toBe(true);
  // In the chapter's text the arrows walk the words and leave the audio alone.
  await page.getByRole('group', { name: 'Chapter text' }).focus();
  const walking = await read((element) => element.currentTime);
  await page.keyboard.press('ArrowRight');
  expect(await read((element) => element.currentTime)).toBe(walking);
  await screenshot(page, 'reader-audio-360');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
});
