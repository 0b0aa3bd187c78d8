import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, type ThemeName } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { screenshot } from './support/screenshots.ts';

// Every check above and in the other specs runs in light and dark; the library and the reader, where a learner
// spends their time, in sepia too (issue 23).
const EVERY_THEME: readonly ThemeName[] = ['light', 'sepia', 'dark'];

for (const width of [360, 1280]) {
  test(`the landing page has no serious or critical accessibility violation at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expectNoSeriousAxeViolation(page);
  });
}

test('the landing page can be walked with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName}:${(element.textContent ?? '').trim().slice(0, 40)}` : '';
    });
    reached.add(name);
  }
  const names = [...reached].join(' | ');
  expect(names).toMatch(/Get Started/);
  expect(names).toMatch(/Monthly/);
  expect(names).toMatch(/SUMMARY:/);
});

test('the library and the reader, word marks and all, have no serious violation in light, sepia and dark', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('themes');
  await createAccount(email, 'Thea Themes');
  await signInWithoutMail(page, email);

  // The demo library in Spanish (every fresh server seeds it).
  await page.goto('/dashboard');
  await chooseNewLanguage(page, 'Español (Spanish)');
  const available = page.getByRole('region', { name: 'Available Stories' });
  await expect(available.getByRole('link', { name: 'La gata y la luna' })).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxeViolation(page, { themes: EVERY_THEME });
  }

  // A chapter with words in several statuses, each with its own tint, and the word panel open.
  await available.getByRole('link', { name: 'La gata y la luna' }).click();
  await page.getByRole('link', { name: /Chapter 1/ }).click();
  const text = page.getByRole('group', { name: 'Chapter text' });
  const panel = page.getByRole('complementary', { name: 'Word details' });
  const levels = [
    'Learning, level 1',
    'Learning, level 2',
    'Learning, level 3',
    'Learning, level 4',
    'Known',
  ];
  const words = text.locator('[data-w]');
  for (const [index, level] of levels.entries()) {
    await words.nth(index * 2).click();
    await panel.getByRole('button', { name: level }).click();
    await expect(panel.getByRole('button', { name: level })).toHaveAttribute('aria-pressed', 'true');
  }
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxeViolation(page, { themes: EVERY_THEME });
  }
  for (const theme of EVERY_THEME) {
    await page.evaluate((name) => {
      document.documentElement.dataset.theme = name;
    }, theme);
    await screenshot(page, `reader-${theme}-1280`);
  }
});
