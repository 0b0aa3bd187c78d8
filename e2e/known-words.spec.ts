// A learner who already knows a language (issue 22): they import the words they know from a LingQ export and a
// pasted list on /words, with a preview before anything changes; the library then says how much of a story they
// know, and again after they read it and mark the rest known; /progress counts their known words, those learned
// today, and draws them day by day.
import { COMPREHENSION_MIN_KNOWN_TERMS } from '#common/terms.ts';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

/** Words no story holds, enough to pass the threshold from which shares are shown. */
const FILLER = Array.from(
  { length: COMPREHENSION_MIN_KNOWN_TERMS },
  (_, index) =>
    `kw${String.fromCharCode(97 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}`,
);
// LingQ's vocabulary export: the word under "term", its status 1-4 a learning level, known otherwise.
const LINGQ = `term,hint,status\n${FILLER.map((word) => `${word},,known`).join('\n')}\nmar,sea,2\n`;

test('a learner imports the words they know, and the library and progress show them', async ({ page }) => {
  test.slow(); // two imports, then three screens
  const title = `El mar en calma ${Date.now()}`;
  await createStory({
    language: 'es',
    title,
    chapters: [{ title: 'La playa', content: 'La niña mira el mar. El mar está en calma.' }],
  });
  const email = uniqueAddress('known-words');
  await createAccount(email, 'Iris Import');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard');
  await chooseNewLanguage(page, 'Español (Spanish)');
  const card = page
    .getByRole('region', { name: 'Available Stories' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(/You know/)).toHaveCount(0);

  // The file first: a preview, nothing changed yet.
  await page.goto('/words');
  await page.getByRole('button', { name: 'Import known words' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import known words' });
  await expect(dialog.getByLabel('Language')).toHaveValue('es');
  await dialog
    .getByLabel('Or upload a file')
    .setInputFiles({ name: 'lingq.csv', mimeType: 'text/csv', buffer: Buffer.from(LINGQ) });
  await expect(dialog.getByText(/^lingq\.csv · \d+ KB$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('50 words will become known')).toBeVisible();
  await expect(dialog.getByText('1 word will be marked as learning, at the level in the file')).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'import-known-preview-360');
  await dialog.getByRole('button', { name: 'Import 51 words' }).click();
  await expect(dialog.getByRole('status')).toHaveText('50 words are now known, 1 word marked as learning.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // Then a pasted list: "mira" leads to mirar, and "mar" rises from learning to known.
  await page.getByRole('button', { name: 'Import known words' }).click();
  await dialog.getByLabel('Words you know').fill('la\nel\nmira\nmar\nen calma\n');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('4 words will become known (1 you were learning)')).toBeVisible();
  await expect(dialog.getByText('1 line was skipped: phrases of several words, or not a word')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 4 words' }).click();
  await expect(dialog.getByRole('status')).toHaveText('4 words are now known.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The library now says how much of the story the learner knows: la ×1, el ×2, mira, mar ×2 of 10 words.
  await page.goto('/dashboard');
  await expect(card.getByText('You know 60 %', { exact: true })).toBeVisible();

  // Reading it: niña looked up (learning), the rest marked known with Mark as Read; the library follows.
  await card.getByRole('link', { name: title }).click();
  await page
    .getByRole('link', { name: /Chapter 1/ })
    .first()
    .click();
  // The lookup is held until after Mark as Read, as a busy server answers late (seen in CI): the panel, closed
  // first, never shows it, yet the word is saved, and the words made known wait for that save.
  let releaseLookup = () => {};
  const lookupHeld = new Promise<void>((release) => {
    releaseLookup = release;
  });
  await page.route('**/api/dict/lookup/**', async (route) => {
    await lookupHeld;
    await route.continue();
  });
  const text = page.getByRole('group', { name: 'Chapter text' });
  await text.getByText('niña', { exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await expect(panel.getByText('Learning (1)')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Mark as Read' }).click();
  const completion = page.getByRole('region', { name: 'Chapter completion' });
  await expect(completion.getByRole('heading', { name: 'Chapter Complete!' })).toBeVisible();
  releaseLookup();
  // The section's whole text, so a failure shows what was said instead (another count, or a failure).
  await expect(completion).toContainText('3 new words are now known.');
  await page.goto('/dashboard');
  const completed = page
    .getByRole('region', { name: 'Completed Stories' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });
  await expect(completed.getByText('You know 90 %', { exact: true })).toBeVisible();

  // /progress: 57 known words in Spanish, all learned today, and the chart up to today.
  await page.goto('/progress');
  const known = page.getByRole('region', { name: 'Known words' });
  await expect(known.getByText('Words learned today: 57')).toBeVisible();
  await expect(known.getByRole('button', { name: /Spanish\s*57\s*\+57 today/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(known.getByRole('img', { name: /^Known Spanish words from .+: 0 to 57\.$/ })).toBeVisible();
  await known.getByRole('button', { name: '90 days' }).click();
  await expect(known.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(known.getByRole('img', { name: /: 0 to 57\.$/ })).toBeVisible();
  await known.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'progress-known-words-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'progress-known-words-1280');
});
