// Saved words worth keeping (issue 22): the words a learner looked up while reading, on /words with their
// meaning, status and first sentence; the status changed there, a search, a sort, the CSV export and a delete.
import { readFile } from 'node:fs/promises';
import { createAccount } from './support/accounts.ts';
import { signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

// Words of the demo Spanish dictionary (server/db/demo/es-en.jsonl): habló is a form of hablar, perro a dog.
const CONTENT = 'La niña habló con el perro en la playa.';

test('a learner studies, sorts, exports and prunes the words they looked up', async ({ page }) => {
  test.slow(); // a chapter read, then the list worked through
  const { storyId, chapterIds } = await createStory({
    language: 'es',
    title: 'Palabras',
    chapters: [{ title: 'La playa', content: CONTENT }],
  });
  const email = uniqueAddress('words');
  await createAccount(email, 'Wanda Words');
  await signInWithCode(page, email);

  await page.goto(`/read/${storyId}/${chapterIds[0]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  const panel = page.getByRole('complementary', { name: 'Word details' });
  for (const word of ['habló', 'perro', 'playa']) {
    await text.getByText(word, { exact: true }).click();
    await expect(panel.getByText('Saved to your words')).toBeVisible();
  }

  await page.goto('/words');
  await expect(page.getByRole('heading', { name: 'Saved Words' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your saved words' });
  const row = (word: string) =>
    table.getByRole('row').filter({ has: page.getByRole('combobox', { name: `Status of ${word}` }) });
  await expect(row('habló')).toContainText('to speak');
  await expect(row('habló')).toContainText('hablar');
  await expect(row('perro')).toContainText('dog');
  await expect(page.getByRole('combobox', { name: 'Status of habló' })).toHaveValue('learning-1');

  // The status changes here as in the reader.
  await page.getByRole('combobox', { name: 'Status of perro' }).selectOption('known');
  await expect(page.getByRole('combobox', { name: 'Status of perro' })).toHaveValue('known');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status of perro' })).toHaveValue('known');

  // Sorted by word, then found by meaning.
  await page.getByRole('button', { name: 'Word' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('habló');
  await page.getByRole('button', { name: 'Word' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('playa');
  await page.getByRole('searchbox', { name: 'Search' }).fill('dog');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row('perro')).toBeVisible();

  // The export is the list shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catamaran-words-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(
    csv
      .split('\r\n')
      .slice(0, 2)
      .map((line) => line.split(',').slice(0, 5)),
  ).toEqual([
    ['\uFEFFword', 'language', 'term', 'status', 'meaning'],
    ['perro', 'es', 'perro', 'known', 'dog'],
  ]);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');

  // A delete asks first.
  await page.getByRole('button', { name: 'Delete playa' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('combobox', { name: 'Status of playa' })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);

  await expectNoSeriousAxeViolation(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'words-1280');
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'words-360');
});
