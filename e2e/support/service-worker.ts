import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker (web/sw.ts) is ready, its assets precached, and controls the page: a page
 * loaded before the worker was installed is not controlled until it loads again, so it is reloaded once.
 */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'))
    .toBe('activated');
}
