// The app shell offline (issue 24): once visited, the app opens without a network. A deploy announcing itself is
// offline-update.spec.ts, against a server of its own.
import { expect, test } from './support/fixtures.ts';
import { controlled } from './support/service-worker.ts';

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
