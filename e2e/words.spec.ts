// Saved words worth keeping (issue 22): the words a learner looked up while reading, on /words with their
// meaning, status and first sentence; the status changed there, a search, a sort, the CSV export, the Anki deck
// export (the .apkg downloaded, unzipped and opened with sql.js) and a delete.
import { readFile } from 'node:fs/promises';
import { deckNames, readApkg } from '#server/testing/apkg.ts';
import { createAccount } from './support/accounts.ts';
import { accessToken, signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll, expectNoWordSplit } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

// Words of the demo Spanish dictionary (server/db/demo/es-en.jsonl): habló is a form of hablar, perro a dog.
const CONTENT = 'La niña habló con el perro en la playa.';

test('a learner studies, sorts, exports (CSV and an Anki deck) and prunes the words they looked up', async ({
  page,
}) => {
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
  await page.getByRole('button', { name: 'Word', exact: true }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('habló');
  await page.getByRole('button', { name: 'Word', exact: true }).click();
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
  await expect(table.getByRole('row')).toHaveCount(4);

  // The Anki deck holds every word shown, in the order shown: the word on the front, on the back its meaning and
  // the sentence it was met in, the word in bold.
  const [deck] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Anki deck' }).click(),
  ]);
  expect(deck.suggestedFilename()).toMatch(/^catamaran-words-\d{4}-\d{2}-\d{2}\.apkg$/);
  const apkg = await readApkg(await readFile((await deck.path()) as string));
  expect(deckNames(apkg)).toEqual(['Catamaran — Spanish']);
  expect(apkg.notes.map((note) => note.fields)).toEqual([
    ['playa', '', 'beach', 'La niña habló con el perro en la <b>playa</b>.'],
    ['perro', '', 'dog', 'La niña habló con el <b>perro</b> en la playa.'],
    ['habló', '', 'to speak', 'La niña <b>habló</b> con el perro en la playa.'],
  ]);
  expect(apkg.cards).toHaveLength(3);

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

// Issue 23: on a 360 px phone the columns squeezed the words until they broke mid-word ("OCCURREN-CES",
// "pequeñ-a"), and the status and delete of each word sat off screen, sideways.
test('on a 360 px phone the saved words read whole, each with its status and delete in view', async ({
  page,
}) => {
  const email = uniqueAddress('words-phone');
  await createAccount(email, 'Pia Phone');
  await signInWithCode(page, email);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  for (const [word, sentence] of [
    ['pequeña', 'Mora es una gata pequeña. Es negra y tiene los ojos verdes.'],
    ['desafortunadamente', 'Desafortunadamente, la tormenta llegó antes del amanecer.'],
    ['luna', 'Mora mira la luna.'],
  ] as const) {
    const saved = await page.request.post('/api/words/save/', {
      headers,
      data: { word, language: 'es', sentence },
    });
    expect(saved.ok()).toBe(true);
  }

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/words');
  const table = page.getByRole('table', { name: 'Your saved words' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'Occurrences' })).toBeVisible();
  await expectNoWordSplit(table);
  await expectNoSidewaysScroll(page, 360);
  const list = table.locator('..');
  expect(await list.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  for (const word of ['pequeña', 'desafortunadamente', 'luna']) {
    const row = table.getByRole('row').filter({ hasText: word });
    for (const control of [
      row.getByRole('combobox', { name: `Status of ${word}` }),
      row.getByRole('button', { name: `Delete ${word}` }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360, `${word}: its controls in view`).toBe(true);
    }
  }
  // Sorting stays at hand: the headers are a row of buttons.
  await page.getByRole('button', { name: 'Word', exact: true }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('desafortunadamente');
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'words-cards-360');
});
