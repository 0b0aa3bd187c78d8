import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { workbook } from '../server/testing/workbooks.ts';
import { createAccount } from './support/accounts.ts';
import { signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { BUDGET } from './support/time.ts';

test('an admin imports story ideas from a workbook, then writes a chapter from its copied prompt', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  // Titles of this run's own, so a rerun against the same database starts from nothing.
  const suffix = randomBytes(3).toString('hex');
  const lighthouse = `El faro ${suffix}`;
  const train = `El tren nocturno ${suffix}`;
  const bytes = workbook({
    story_ideas: [
      ['Title', 'Level', 'Story Description', 'Is Adult', 'Topics', 'Author'],
      [lighthouse, 'child', 'Lucía keeps a lighthouse burning through a storm.', 'no', 'family', 'Ana Ruiz'],
      [train, 'adult', 'A passenger vanishes overnight.', 'yes', 'mystery', null],
    ],
    chapter_ideas: [
      ['Story Title', 'Chapter Number', 'Chapter Title', 'Chapter Purpose'],
      [lighthouse, 1, 'La llegada', 'Lucía arrives and meets her grandfather.'],
      [lighthouse, 2, 'La tormenta', 'The power fails; Lucía lights the lamp by hand.'],
      [train, 1, 'El compartimento', 'Meet the passengers.'],
      [train, 2, 'La litera vacía', 'Someone is missing.'],
      ['El bosque', 1, 'Los árboles', 'A story not on the first sheet.'],
    ],
  });

  const email = uniqueAddress('bulk');
  await createAccount(email, 'Bea Bulk', { isAdmin: true });
  await signInWithCode(page, email);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=bulk-import');
  await expect(page.getByRole('heading', { name: 'Bulk Import Stories' })).toBeVisible();

  // The template downloads with the admin's session and reads as a workbook with both sheets.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('catamaran-story-ideas.xlsx');
  const template = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
  expect(template.SheetNames).toEqual(['story_ideas', 'chapter_ideas']);

  // The prompts fold away; open, they show the five style guides and the template.
  await page.getByRole('button', { name: 'Generation prompts' }).click();
  await expect(page.getByLabel('Infant prompt')).toHaveValue(/300 most common words/);
  await expect(page.getByLabel('Prompt template')).toHaveValue(/for learners of \{language\}/);
  await page.getByRole('button', { name: 'Generation prompts' }).click();
  await expect(page.getByLabel('Infant prompt')).toBeHidden();

  await expect(page.getByRole('button', { name: 'Import to Database' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish (es)' }).click();
  await page.getByLabel('Excel file').setInputFiles({
    name: 'ideas.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('article')).toHaveCount(4);
  await expect(
    preview.getByText('Importing will create 2 stories and 4 chapters (4 chapters in the workbook).'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Warnings:' }).getByRole('listitem')).toHaveText([
    'chapter_ideas row 6: story "El bosque" is neither on the story_ideas sheet nor among the Spanish stories; skipped.',
  ]);
  const firstCard = preview.getByRole('article').first();
  await expect(firstCard.getByRole('heading', { name: lighthouse })).toBeVisible();
  await expect(firstCard.getByText('Chapter 1: La llegada')).toBeVisible();
  await firstCard.getByRole('button', { name: /Generated prompt/ }).click();
  await expect(firstCard.getByText(/for learners of Spanish/)).toBeVisible();
  await expect(preview.getByRole('article').nth(2).getByText('18+')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'admin-bulk-import-preview-1280');

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-bulk-import-preview-360');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Import to Database' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import Stories' });
  await expect(confirm).toContainText('Import "ideas.xlsx" into Spanish?');
  await confirm.getByRole('button', { name: 'Import' }).click();

  const result = page.getByRole('region', { name: 'Import complete' });
  await expect(result.getByRole('definition')).toHaveText(['2', '0', '4', '0', '4']);
  await expect(preview).toBeHidden();
  await expect(page.getByLabel('Excel file')).toHaveValue('');
  await expect(result.getByRole('heading', { name: 'Import complete' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Warnings:' })).toContainText('"El bosque"');
  await expect(page.getByRole('button', { name: 'Import to Database' })).toBeDisabled();
  await screenshot(page, 'admin-bulk-import-result-1280');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-bulk-import-result-360');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The new story opens in the editor: a draft whose chapters carry their prompts, ready to copy.
  await result.getByRole('link', { name: lighthouse }).click();
  await expect(page.getByRole('heading', { level: 1, name: lighthouse })).toBeVisible();
  await page.getByRole('tab', { name: 'Content' }).click();
  const box = page.getByRole('region', { name: 'Generation Prompt' });
  await expect(box.getByText('Generation Prompt (from bulk import)')).toBeVisible();
  await box.getByRole('button', { name: 'Copy' }).click();
  await expect(box.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(
    `Write chapter 1, "La llegada", of the graded story "${lighthouse}" for learners of Spanish.`,
  );
  expect(copied).toContain('What this chapter must do: Lucía arrives and meets her grandfather.');

  // The writer fills chapter 1 and saves, while chapter 2 is still an idea.
  await page.getByLabel('Chapter Content').fill('Lucía llega al faro con su abuelo.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Story saved.')).toBeVisible({ timeout: BUDGET.serverWork });
});
