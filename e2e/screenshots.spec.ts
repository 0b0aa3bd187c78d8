import { existsSync, rmSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';
import { SCREENSHOTS, screenshot } from './support/screenshots.ts';

// The review screenshots' own rules (decision 061): they are pictures for a person, so they may neither use
// a test's time nor fail it.
test.skip(process.env.SCREENSHOTS === '0', 'SCREENSHOTS=0 skips the review screenshots');

test('a review screenshot is written, and the time it took is added to the test’s budget', async ({
  page,
}) => {
  await page.setContent('<main><h1>A tall page</h1><div style="height: 4000px"></div></main>');
  const path = `${SCREENSHOTS}/review-screenshot-self-check.png`;
  const budget = test.info().timeout;
  const started = performance.now();

  await screenshot(page, 'review-screenshot-self-check');

  const took = performance.now() - started;
  expect(existsSync(path)).toBe(true);
  rmSync(path);
  // What screenshot() measured lies within this test's own measurement, give or take the calls around it.
  expect(test.info().timeout).toBeGreaterThan(budget);
  expect(test.info().timeout).toBeGreaterThanOrEqual(budget + Math.floor(took) - 100);
  expect(test.info().timeout).toBeLessThanOrEqual(budget + Math.ceil(took) + 1);
});

test('a review screenshot that cannot be taken is a warning on the test, not a failure', async ({ page }) => {
  await page.close();

  await screenshot(page, 'of-a-closed-page');

  expect(test.info().annotations).toEqual([
    {
      type: 'warning',
      description: expect.stringContaining('The review screenshot of-a-closed-page was not taken:'),
    },
  ]);
});
