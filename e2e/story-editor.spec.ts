import type { Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInWithCode, solidPng, toneWav, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { BUDGET } from './support/time.ts';

/** The chapter list's entries, top to bottom, as their select buttons read. */
function chapterEntries(page: Page): Locator {
  return page.getByRole('region', { name: 'Chapters' }).getByRole('listitem');
}

async function expectChapterOrder(page: Page, titles: string[]): Promise<void> {
  const entries = chapterEntries(page);
  await expect(entries).toHaveCount(titles.length);
  for (const [index, title] of titles.entries()) {
    await expect(entries.nth(index).getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
}

/** Drags a chapter's handle onto another chapter's place with the mouse, in small steps as a hand would. */
async function dragChapter(page: Page, title: string, ontoTitle: string): Promise<void> {
  const handle = page.getByRole('button', { name: `Reorder ${title}` });
  const target = page.getByRole('button', { name: `Reorder ${ontoTitle}` });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The chapter handles are not on screen.');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

/**
 * Picks a chapter up by its handle with Space, moves it one place with an arrow key and drops it, waiting
 * each time for what the list announces to a screen reader.
 */
async function moveChapterByKeyboard(page: Page, title: string, key: string, announced: string) {
  const status = page.getByRole('region', { name: 'Chapters' }).getByRole('status');
  await page.getByRole('button', { name: `Reorder ${title}` }).focus();
  await page.keyboard.press('Space');
  await expect(status).toContainText('Picked up.');
  // dnd-kit's keyboard sensor listens for the arrow keys from a timer it sets as the drag starts, and React may
  // announce the pick-up before that timer runs (a key pressed then is lost: CI on a busy machine). A timer set
  // now runs after it, so the sensor listens once this resolves.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press(key);
  await expect(status).toHaveText(announced);
  await page.keyboard.press('Space');
  await expect(status).toContainText('Dropped.');
}

test('an admin writes a story in the editor: chapters, order, cover, audio and a recording survive a reload', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('editor');
  await createAccount(email, 'Eda Editor', { isAdmin: true });
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A new story, made in the stories tab; its row opens the editor.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Add Story' }).click();
  const storyDialog = page.getByRole('dialog', { name: 'Add Story' });
  const title = `El faro ${Date.now()}`;
  await storyDialog.getByLabel('Title').fill(title);
  await storyDialog.getByLabel('Author').fill('Eda Editor');
  await storyDialog.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await storyDialog.getByRole('button', { name: 'Add Story' }).click();
  await expect(storyDialog).toBeHidden();
  await page.getByRole('link', { name: title }).click();

  await expect(page).toHaveURL(/\/admin\/story\/\d+$/);
  const editorUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await expect(page.getByLabel('Estimated Word Count')).toHaveValue('0');
  await expect(page.getByLabel('Estimated Word Count')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Auto-calculated from chapters')).toBeVisible();
  await expect(page.getByText('Auto-determined from word count')).toBeVisible();

  // Metadata: a description and a cover, compressed in the browser.
  await page.getByLabel('Description').fill('Una guardiana del faro y una tormenta.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(save).toBeEnabled();
  await page
    .getByLabel('Cover Image')
    .setInputFiles({ name: 'faro.png', mimeType: 'image/png', buffer: solidPng(1600, 1200) });
  await expect(page.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  // Content: two chapters.
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByText('No chapters yet. Add your first chapter!')).toBeVisible();
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('Chapter 1');
  await page.getByLabel('Chapter Title').fill('La tormenta');
  await page.getByLabel('Chapter Content').fill('Era una noche oscura y tormentosa.');
  await expect(page.getByText('6 words').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('Chapter 2');
  await page.getByLabel('Chapter Title').fill('La luz');
  await page.getByLabel('Chapter Content').fill('La luz del faro brilla.');
  await expectChapterOrder(page, ['La tormenta', 'La luz']);

  // Reorder by keyboard: pick up "La luz", move it up, drop it.
  await moveChapterByKeyboard(page, 'La luz', 'ArrowUp', 'La luz is at position 1 of 2.');
  await expectChapterOrder(page, ['La luz', 'La tormenta']);
  // And back by dragging "La tormenta" onto the first place.
  await dragChapter(page, 'La tormenta', 'La luz');
  await expectChapterOrder(page, ['La tormenta', 'La luz']);
  // Keyboard once more, so the saved order is one only a reorder gives.
  await moveChapterByKeyboard(page, 'La tormenta', 'ArrowDown', 'La tormenta is at position 2 of 2.');
  await expectChapterOrder(page, ['La luz', 'La tormenta']);

  // "La luz" gets an uploaded file: a three-second tone.
  await chapterEntries(page)
    .getByRole('button', { name: /^La luz/ })
    .click();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('La luz');
  await page
    .getByLabel('Audio file')
    .setInputFiles({ name: 'luz.wav', mimeType: 'audio/wav', buffer: toneWav(3) });
  await expect(page.getByText('luz.wav')).toBeVisible();
  await expect(page.getByText('0:03')).toBeVisible();

  // "La tormenta" gets a recording from Chromium's fake microphone.
  await chapterEntries(page)
    .getByRole('button', { name: /^La tormenta/ })
    .click();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('La tormenta');
  await page.getByRole('button', { name: 'Start Recording' }).click();
  const timer = page.getByRole('timer', { name: 'Recording time' });
  await expect(timer).toHaveText('0:01');
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(timer).toHaveText('0:02');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('Recording complete')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'story-editor-content-1280');
  await page.getByRole('button', { name: 'Use This Recording' }).click();
  await expect(page.getByText(/^recording-.*\.webm/)).toBeVisible();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('La tormenta');
  // Each chapter holds its own audio until the save: the file is still La luz's.
  await chapterEntries(page)
    .getByRole('button', { name: /^La luz/ })
    .click();
  await expect(page.getByText('luz.wav')).toBeVisible();

  // Save: story, cover, audio, chapters.
  await save.click();
  await expect(page.getByText('Story saved.')).toBeVisible({ timeout: BUDGET.serverWork });
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(save).toBeDisabled();

  // A reload finds everything where it was left.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Una guardiana del faro y una tormenta.');
  await expect(page.getByLabel('Estimated Word Count')).toHaveValue('11');
  await expect(page.getByLabel('Length Category')).toHaveValue(/Very short/);
  const cover = page.getByRole('img', { name: 'Cover preview' });
  await expect(cover).toHaveAttribute('src', /\/media\/story-images\/stories\/[^/]+\.png$/);
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
  await page.getByRole('tab', { name: 'Content' }).click();
  await expectChapterOrder(page, ['La luz', 'La tormenta']);
  await expect(chapterEntries(page).first()).toContainText('5 words');
  await expect(page.getByLabel('Chapter Title')).toHaveValue('La luz');
  await expect(page.getByText('Audio file uploaded')).toBeVisible();
  await expect(page.getByText('0:03')).toBeVisible();
  await chapterEntries(page)
    .getByRole('button', { name: /^La tormenta/ })
    .click();
  await expect(page.getByLabel('Chapter Content')).toHaveValue('Era una noche oscura y tormentosa.');
  await expect(page.getByText('Audio file uploaded')).toBeVisible();
  const recorded = await page.getByLabel('Chapter audio playback').getAttribute('src');
  expect(recorded).toMatch(/\/media\/story-audio\/chapters\/(\d+|new)-[^/]+\.webm$/);
  expect((await page.request.get(recorded ?? '')).headers()['content-type']).toBe('audio/webm');
  await screenshot(page, 'story-editor-saved-1280');

  // Leaving with unsaved changes asks first, by the Back link and by the browser's Back button.
  await page.getByLabel('Chapter Title').fill('La tormenta grande');
  await page.getByRole('link', { name: 'Back to Stories' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('La tormenta grande');
  await page.goBack();
  await expect(leave).toBeVisible();
  expect(page.url()).toBe(editorUrl);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Chapter Title')).toHaveValue('La tormenta grande');
  await page.getByRole('link', { name: 'Back to Stories' }).click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('the story editor on a phone: the last chapter stays, and a story is deleted after the question', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('editor-phone');
  await createAccount(email, 'Pia Phone', { isAdmin: true });
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Add Story' }).click();
  const storyDialog = page.getByRole('dialog', { name: 'Add Story' });
  const title = `Una casa ${Date.now()}`;
  await storyDialog.getByLabel('Title').fill(title);
  await storyDialog.getByLabel('Author').fill('Pia Phone');
  await storyDialog.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await storyDialog.getByRole('button', { name: 'Add Story' }).click();
  await expect(storyDialog).toBeHidden();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'story-editor-metadata-360');
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await page.getByLabel('Chapter Content').fill('Hay una casa.');
  // A chapter without a title is refused before anything is sent.
  await page.getByLabel('Chapter Title').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Title and content are required');
  await page.getByLabel('Chapter Title').fill('La casa');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Story saved.')).toBeVisible({ timeout: BUDGET.serverWork });

  await page.getByRole('button', { name: 'Delete La casa' }).click();
  await expect(page.getByRole('alert')).toHaveText('Cannot delete the last chapter');
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'story-editor-content-360');
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Story' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete "${title}"? This action cannot be undone and will delete all chapters.`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
