import type { Page } from '@playwright/test';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

// The admin area on a phone (issue 23 #14): the five tabs in one row, and the story editor's switches and
// chapter list laid out so that nothing touches its frame.

/** Each tab's top edge, in the order they are shown. */
async function tabTops(page: Page): Promise<number[]> {
  return page
    .getByRole('tablist', { name: 'Admin sections' })
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
}

/**
 * For each row of the Published / Free / 18+ frame, the space between what the row shows (its label, its
 * description, its switch) and the row's own top and bottom edges, the smaller of the two.
 */
async function switchRowMargins(page: Page): Promise<number[]> {
  return page.getByRole('switch').evaluateAll((switches) =>
    switches.map((control) => {
      const row = control.parentElement as HTMLElement;
      const box = row.getBoundingClientRect();
      const parts = [...row.querySelectorAll('label, p, [role="switch"]')].map((part) =>
        part.getBoundingClientRect(),
      );
      const top = Math.min(...parts.map((part) => part.top));
      const bottom = Math.max(...parts.map((part) => part.bottom));
      return Math.round(Math.min(top - box.top, box.bottom - bottom));
    }),
  );
}

test('at 360 px the admin tabs keep to one row, and the story editor gives its switches room and numbers its chapters', async ({
  page,
}) => {
  const email = uniqueAddress('layout');
  await createAccount(email, 'Lia Layout', { isAdmin: true });
  const { storyId } = await createStory({
    language: 'es',
    title: 'El puerto',
    chapters: [
      { title: 'La llegada', content: 'El barco llega al puerto.' },
      { title: 'La salida', content: 'El barco sale del puerto.' },
    ],
  });
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
  const tops = await tabTops(page);
  expect(tops).toHaveLength(5);
  expect(new Set(tops).size).toBe(1);
  await expectNoSidewaysScroll(page, 360);

  // A tab past the edge of the row is brought into it when it is the one open.
  await page.goto('/admin?tab=translations');
  await expect(page.getByRole('tab', { name: 'Translations' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Translations' })).toBeInViewport({ ratio: 0.95 });
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-tabs-360');

  await page.goto(`/admin/story/${storyId}`);
  await expect(page.getByRole('switch', { name: 'Published' })).toBeVisible();
  const margins = await switchRowMargins(page);
  expect(margins).toHaveLength(3);
  for (const margin of margins) expect(margin).toBeGreaterThanOrEqual(8);
  await screenshot(page, 'story-editor-switches-360');

  await page.getByRole('tab', { name: 'Content' }).click();
  const entries = page.getByRole('region', { name: 'Chapters' }).getByRole('listitem');
  await expect(entries.nth(0).getByText('Chapter 1', { exact: true })).toBeAttached();
  await expect(entries.nth(1).getByText('Chapter 2', { exact: true })).toBeAttached();
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'story-editor-chapters-360');
});
