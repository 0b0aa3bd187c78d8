import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { screenshot } from './support/screenshots.ts';

// Issue 23 (decision 080): a language chosen for the first time asks the learner's level, saves it, and opens
// the library at its difficulties. The demo library holds, in Spanish, 'La gata y la luna' (infant) and 'El
// mensaje de la botella' (teen).
test('a learner choosing Spanish for the first time tells their level by keyboard, and the library opens at it', async ({
  page,
}) => {
  const email = uniqueAddress('first-language');
  await createAccount(email, 'Nora New');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard');

  const picker = page.getByRole('combobox', { name: 'Language to learn' });
  await picker.click();
  await page.getByRole('option', { name: 'Español (Spanish)', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'How well do you know Spanish?' });
  await expect(dialog).toBeVisible();
  // It opens on the first answer, each answer saying where the library opens.
  await expect(dialog.getByRole('button', { name: 'New to it' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'A little' })).toHaveAccessibleDescription(
    'Child and Teen stories',
  );
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'first-language-dialog-360');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'A little' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The library opens at Child and Teen: the teen story, not the infant one.
  await expect(page.getByRole('button', { name: 'Filters, 3 selected' })).toBeVisible();
  const available = page.getByRole('region', { name: 'Available Stories' });
  await expect(available.getByRole('link', { name: 'El mensaje de la botella', exact: true })).toBeVisible();
  await expect(available.getByRole('link', { name: 'La gata y la luna', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters, 3 selected' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByLabel('Child')).toBeChecked();
  await expect(filters.getByLabel('Teen')).toBeChecked();
  await expect(filters.getByLabel('Infant')).not.toBeChecked();
  await page.keyboard.press('Escape');

  // A second language, answered Advanced.
  await page.setViewportSize({ width: 1280, height: 900 });
  await picker.click();
  await page.getByRole('option', { name: 'Français (French)', exact: true }).click();
  const french = page.getByRole('dialog', { name: 'How well do you know French?' });
  await screenshot(page, 'first-language-dialog-1280');
  await french.getByRole('button', { name: 'Advanced' }).click();
  await expect(french).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters, 3 selected' })).toBeVisible();

  // Spanish again: chosen before, so not asked; its library opens unfiltered as ever.
  await picker.click();
  await page.getByRole('option', { name: 'Español (Spanish)', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Filters, 1 selected' })).toBeVisible();
  await expect(available.getByRole('link', { name: 'La gata y la luna', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The levels are saved: Spanish, the first language, is the one /progress shows.
  const token = await accessToken(page);
  const saved = await page.request.get('/api/user/language-progress/', {
    headers: { authorization: `Bearer ${token}` },
  });
  const levels = ((await saved.json()) as { language: { code: string }; current_level: string }[]).map(
    (entry) => [entry.language.code, entry.current_level],
  );
  expect(levels).toEqual([
    ['es', 'beginner'],
    ['fr', 'advanced'],
  ]);
  await page.goto('/progress');
  await expect(page.getByRole('listitem').filter({ hasText: 'Level' })).toContainText('Beginner');
  await page.goto('/dashboard');
  await expect(available.getByRole('link', { name: 'La gata y la luna', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Skip chooses the language at the beginner level, with the library unfiltered', async ({ page }) => {
  const email = uniqueAddress('first-language-skip');
  await createAccount(email, 'Sam Skip');
  await signInWithoutMail(page, email);
  await page.goto('/dashboard');

  await chooseNewLanguage(page, 'Español (Spanish)', 'Skip');

  await expect(page.getByRole('button', { name: 'Filters, 1 selected' })).toBeVisible();
  const available = page.getByRole('region', { name: 'Available Stories' });
  await expect(available.getByRole('link', { name: 'La gata y la luna', exact: true })).toBeVisible();
  await expect(available.getByRole('link', { name: 'El mensaje de la botella', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language to learn' })).toContainText('Español');
});
