import { LEARNABLE_LANGUAGE_COUNT, SEED_LANGUAGES } from '#common/languages.ts';
import { createAccount } from './support/accounts.ts';
import { accessToken, signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { screenshot } from './support/screenshots.ts';
import { findStory } from './support/stories.ts';

// The demo library that every fresh server seeds: in Spanish, 'La gata y la luna' (infant, free, 3 chapters,
// the first narrated, 45 words) and 'El mensaje de la botella' (teen, Pro).
test('a learner picks Spanish, filters and searches the library, reads a chapter, and finds it all again', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('library');
  await createAccount(email, 'Lina Library');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to Catamaran!' })).toBeVisible();
  await chooseNewLanguage(page, 'Español (Spanish)');

  // The daily goal: 60 minutes unless changed; the dialog refuses what is out of range.
  const goal = page.getByRole('region', { name: 'Daily goal' });
  await expect(goal.getByText('0 / 60 minutes today · 0%')).toBeVisible();
  await goal.getByRole('button', { name: 'Edit daily goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Daily Goal' });
  await expect(dialog.getByText('Recommended: 15-60 minutes per day')).toBeVisible();
  // It opens on the minutes field, and gives the focus back to the edit button when it closes (issue 23).
  await expect(dialog.getByLabel('Minutes per day')).toBeFocused();
  await dialog.getByLabel('Minutes per day').fill('500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Goal must be between 1 and 300 minutes')).toBeVisible();
  await dialog.getByLabel('Minutes per day').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(goal.getByRole('button', { name: 'Edit daily goal' })).toBeFocused();
  await expect(goal.getByText('0 / 1 minute today · 0%')).toBeVisible();

  // Both demo stories are available; the filters apply only on Show Results.
  const available = page.getByRole('region', { name: 'Available Stories' });
  await expect(available.getByRole('link', { name: 'La gata y la luna' })).toBeVisible();
  await expect(available.getByRole('link', { name: 'El mensaje de la botella' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters, 1 selected' })).toBeVisible();
  await screenshot(page, 'dashboard-390');
  await expectNoSidewaysScroll(page, 390);
  await page.getByRole('button', { name: 'Filters, 1 selected' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByLabel('Infant').check();
  // Behind the panel (hidden from the accessibility tree while it is open) the list has not changed yet.
  await expect(page.locator('a', { hasText: 'El mensaje de la botella' })).toBeAttached();
  await screenshot(page, 'dashboard-filters-390');
  await filters.getByRole('button', { name: 'Show Results' }).click();
  await expect(page.getByRole('button', { name: 'Filters, 2 selected' })).toBeVisible();
  await expect(available.getByRole('link', { name: 'El mensaje de la botella' })).toHaveCount(0);
  await expect(available.getByRole('link', { name: 'La gata y la luna' })).toBeVisible();

  // Search is sent on Enter; an empty result offers Clear All.
  const search = page.getByRole('searchbox', { name: 'Search stories' });
  await search.fill('botella');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'No Stories Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search query.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(available.getByRole('link', { name: 'El mensaje de la botella' })).toBeVisible();
  // Accents and case do not matter.
  await search.fill('MENSAJE');
  await search.press('Enter');
  await expect(available.getByRole('link', { name: 'El mensaje de la botella' })).toBeVisible();
  await expect(available.getByRole('link', { name: 'La gata y la luna' })).toHaveCount(0);
  await search.fill('');
  await search.press('Enter');

  // The story, then its first chapter.
  await available.getByRole('link', { name: 'La gata y la luna' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'La gata y la luna' })).toBeVisible();
  await expect(page.getByText('3 chapters')).toBeVisible();
  await page.getByRole('link', { name: /Chapter 1/ }).click();
  await expect(page.getByRole('heading', { name: 'Chapter 1: Mora' })).toBeVisible();
  const text = page.getByRole('group', { name: 'Chapter text' });
  await text.getByText('gata', { exact: true }).first().click();
  await expect(
    page.getByRole('complementary', { name: 'Word details' }).getByText('cat', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(page.getByText('You earned 45 points!')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();

  // Back on the story: chapter 1 complete, and it can be taken back.
  await expect(page.getByText('33% complete')).toBeVisible();
  await expect(page.getByText('✓ Completed')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Library' }).click();
  const continuing = page.getByRole('region', { name: 'Continue Reading' });
  await expect(continuing.getByRole('link', { name: 'La gata y la luna', exact: true })).toBeVisible();
  await expect(continuing.getByRole('link', { name: 'Continue Reading La gata y la luna' })).toBeVisible();

  // Reading time counts towards the goal: two minutes reported, a one-minute goal met.
  const { chapterIds } = await findStory('La gata y la luna');
  const token = await accessToken(page);
  const reported = await page.request.post('/api/track-reading-time/', {
    headers: { Authorization: `Bearer ${token}`, 'X-Timezone': 'UTC' },
    data: { chapter_id: chapterIds[0], seconds: 120 },
  });
  expect(reported.ok()).toBe(true);
  await page.reload();
  await expect(goal.getByText('🎉 Goal completed!')).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  await page.goto('/words');
  const row = page.getByRole('row', { name: /gata/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');

  await page.goto('/progress');
  await expect(page.getByRole('listitem').filter({ hasText: 'Words Read' })).toContainText('45');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Points' })).toContainText('45');
  await expect(page.getByRole('listitem').filter({ hasText: 'Level' })).toContainText('Beginner');
  await expect(page.getByRole('listitem').filter({ hasText: 'Daily Streak' })).toContainText('1 day');
  await expect(page.locator('td[aria-current="date"]')).toContainText(/\dm/);
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeEnabled();
  await screenshot(page, 'progress-390');
  await expectNoSidewaysScroll(page, 390);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByRole('combobox', { name: 'Base language' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue Reading' })).toBeVisible();
  await screenshot(page, 'dashboard-1280');

  // Mark Incomplete takes the chapter back: the story is no longer started.
  await page
    .getByRole('region', { name: 'Continue Reading' })
    .getByRole('link', { name: 'La gata y la luna', exact: true })
    .click();
  await screenshot(page, 'story-1280');
  await page.getByRole('button', { name: 'Mark Incomplete' }).click();
  await expect(page.getByText('✓ Completed')).toHaveCount(0);
  await expect(page.getByText('33% complete')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Library' }).click();
  await expect(
    page.getByRole('region', { name: 'Available Stories' }).getByRole('link', { name: 'La gata y la luna' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue Reading' })).toHaveCount(0);
});

// Issue 23: on a 360 px phone the language picker wrapped to two lines and overflowed the bar, and the search
// box cut its placeholder.
test('on a 360 px phone the header keeps each language on one line in the bar, and the search its placeholder', async ({
  page,
}) => {
  const email = uniqueAddress('library-phone');
  await createAccount(email, 'Phil Phone');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/dashboard');
  // The library may come drawn in its HTML, the app starting after that paint (decision 104): the picker opens
  // once the app has taken the page over, which sets its title.
  await expect(page).toHaveTitle('Library · Catamaran');
  const picker = page.getByRole('combobox', { name: 'Language to learn' });
  await picker.click();
  // The shipped languages only: another test may add one of its own meanwhile (admin.spec.ts).
  const shipped = SEED_LANGUAGES.map((language) => language.nativeName);
  const languages = (await page.getByRole('option').allInnerTexts()).filter((option) =>
    shipped.includes(option.replace(/ \(.*\)$/, '')),
  );
  expect(languages).toHaveLength(LEARNABLE_LANGUAGE_COUNT);
  await page.keyboard.press('Escape');

  for (const language of languages) {
    // Each is chosen for the first time: its level is skipped (decision 080).
    await chooseNewLanguage(page, language);
    // The language's own name, whole, on one line inside the bar.
    await expect(picker).toContainText(language.replace(/ \(.*\)$/, ''));
    const fit = await picker.evaluate((trigger) => {
      const value = trigger.firstElementChild as HTMLElement;
      const bar = (trigger.closest('header') as HTMLElement).getBoundingClientRect();
      const box = trigger.getBoundingClientRect();
      return {
        lines: Math.round(
          value.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(value).lineHeight),
        ),
        isCut: value.scrollWidth > value.clientWidth,
        isInBar:
          box.left >= bar.left && box.right <= bar.right && box.top >= bar.top && box.bottom <= bar.bottom,
      };
    });
    expect(fit, language).toEqual({ lines: 1, isCut: false, isInBar: true });
  }

  const search = page.getByRole('searchbox', { name: 'Search stories' });
  await expect(search).toHaveAttribute('placeholder', 'Search stories...');
  const { text, room } = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    };
  });
  expect(text).toBeLessThanOrEqual(room);
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'dashboard-header-360');
});
