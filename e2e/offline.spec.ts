// The app shell offline (issue 24): once visited, the app opens without a network. (A deploy announcing itself
// needs a second build served: TODO.md.)
import { expect, test } from './support/fixtures.ts';

/** Waits until the service worker is ready (its assets precached) and controls the page (after a reload). */
async function controlled(page: import('@playwright/test').Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'))
    .toBe('activated');
}

test('once visited, the app opens offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  await controlled(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  // Any of the app's pages: the shell is the same page.
  await page.goto('/signin');
  await expect(page.getByLabel('Email Address')).toBeVisible();
  await context.setOffline(false);
});
