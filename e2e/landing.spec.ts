import type { Locator } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { findStory } from './support/stories.ts';

test.describe('the landing page, signed out', () => {
  test('shows every section in order, with the hero stats', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Catamaran: learn a language by reading stories');

    const headings = page.locator('main h2');
    await expect(headings.first()).toBeVisible();
    const titles = await headings.allInnerTexts();
    const order = [
      'What You Need to Acquire a Language',
      'How It Works',
      'Pricing',
      'Frequently Asked Questions',
      'Start Learning Today',
    ].map((expected) => titles.findIndex((title) => title.toLowerCase().includes(expected.toLowerCase())));
    expect(
      order.every((index) => index >= 0),
      `headings found: ${titles.join(' | ')}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const hero = page.locator('main section').first();
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    for (const stat of ['14', '400+', '6K+'])
      await expect(hero.getByText(stat, { exact: true })).toBeVisible();
    await expect(hero).toContainText(/no flashcards/i);
    await expect(page.locator('footer')).toBeVisible();
  });

  test('names the three cards and the three steps', async ({ page }) => {
    await page.goto('/');

    for (const title of ['Comprehensible Input', 'Captivating Content', 'Progressive Structure']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    for (const step of ['You Read', 'You Build Understanding', 'You Progress Naturally']) {
      await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
    }
  });

  test('starts pricing on Yearly at $15 and switches to Monthly at $20 and back', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('section', { has: page.getByRole('heading', { name: /pricing/i }) });
    const monthly = pricing.getByRole('button', { name: 'Monthly' });
    const yearly = pricing.getByRole('button', { name: /^Yearly/ });

    await expect(pricing.getByText('World Traveler')).toBeVisible();
    await expect(pricing.getByText('$15', { exact: true })).toBeVisible();
    await expect(pricing.getByText('Save 25%').first()).toBeVisible();
    await expect(yearly).toHaveAttribute('aria-pressed', 'true');
    const monthlyBox = await monthly.boundingBox();
    const yearlyBox = await yearly.boundingBox();
    expect(monthlyBox && yearlyBox && monthlyBox.x < yearlyBox.x).toBe(true);

    await monthly.click();
    await expect(pricing.getByText('$20', { exact: true })).toBeVisible();
    await expect(pricing.getByText('$15', { exact: true })).toHaveCount(0);
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');

    await yearly.click();
    await expect(pricing.getByText('$15', { exact: true })).toBeVisible();
  });

  test('lists the six plan features and five FAQ questions that open', async ({ page }) => {
    await page.goto('/');

    for (const feature of [
      'All 14 languages',
      'Hundreds of hours per language',
      'Progressive difficulty levels',
      'New content every week',
      'Mobile and desktop access',
      'Cancel anytime',
    ]) {
      await expect(page.getByText(feature, { exact: true })).toBeVisible();
    }
    const questions = page.locator('details summary');
    await expect(questions).toHaveCount(5);
    await questions.first().click();
    await expect(page.locator('details').first()).toHaveAttribute('open', '');
  });

  test('leads to /signup from Get Started and to /signin from Sign In', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goBack();
    const closing = page.locator('section', {
      has: page.getByRole('heading', { name: 'Start Learning Today' }),
    });
    await closing.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  for (const width of [360, 1280]) {
    test(`fits a ${width} px wide screen without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await expectNoSidewaysScroll(page, width);
      await screenshot(page, `landing-${width}`);
    });
  }
});

test("the footer's 'Apply to narrate' opens the narrator application", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Apply to narrate' }).click();

  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
});

test('an unknown address answers 404 with the not-found page', async ({ page, consoleErrors }) => {
  const response = await page.goto('/no/such/page');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // The browser reports the document's own 404; that one is the point of this test.
  expect(consoleErrors).toEqual([expect.stringContaining('404')]);
  consoleErrors.length = 0;
});

/** The computed styles a reader sees of an element, among `properties`. */
function looks(element: Locator, properties: readonly string[]): Promise<Record<string, string>> {
  return element.evaluate(
    (node, names) =>
      Object.fromEntries(names.map((name) => [name, getComputedStyle(node).getPropertyValue(name)])),
    properties,
  );
}

const TEXT_LOOK = ['font-family', 'font-size', 'line-height', 'font-weight', 'font-style', 'color'] as const;
const WORD_LOOK = [
  ...TEXT_LOOK,
  'background-color',
  'border-radius',
  'padding',
  'box-shadow',
  'text-decoration-line',
] as const;

// Issue 23: the demo showed a serif font and a highlighted word that the reader has not.
test("the landing's demo reader looks like the real reader, its tapped word as the reader marks one", async ({
  page,
}) => {
  const email = uniqueAddress('landing-demo');
  await createAccount(email, 'Dana Demo');
  await signInWithCode(page, email);
  // The reader as the demo draws it: without the word marks of the learner's statuses (its own switch).
  await page.evaluate(() => window.localStorage.setItem('catamaran-word-marks', 'off'));
  const { storyId, chapterIds } = await findStory('La gata y la luna');
  await page.goto(`/read/${storyId}/${chapterIds[0]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  const tapped = text.getByText('gata', { exact: true }).first();
  await tapped.click();
  await expect(page.getByRole('complementary', { name: 'Word details' })).toBeVisible();
  await page.mouse.move(0, 0); // the tapped word as it stays, not under the pointer
  const reader = { text: await looks(text, TEXT_LOOK), word: await looks(tapped, WORD_LOOK) };

  await page.goto('/');
  const demo = page.getByRole('img', { name: /^The reader/ });
  await expect(demo).toBeVisible();
  expect({
    text: await looks(demo.getByText(/^Cada noche/), TEXT_LOOK),
    word: await looks(demo.getByText('faro', { exact: true }).first(), WORD_LOOK),
  }).toEqual(reader);
});
