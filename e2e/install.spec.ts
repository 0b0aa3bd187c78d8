import { expectNoSeriousAxeViolation } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('the app can be installed: a manifest with icons that load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const manifest = await request.get(href as string);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const { icons, display, start_url } = (await manifest.json()) as {
    icons: { src: string; sizes: string; purpose: string }[];
    display: string;
    start_url: string;
  };
  expect(display).toBe('standalone');
  expect(start_url).toBe('/dashboard');
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('an iPhone visitor is shown how to add the app, and not again once they dismiss it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent: IPHONE_SAFARI,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  // The page's clock is driven by the test: the 3 s pass when the test says, without waiting for them.
  await page.clock.install();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Install Catamaran' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(banner).toHaveCount(0);

  await page.clock.runFor(600);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Tap the share icon\s*, then 'Add to Home Screen'\./);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'install-banner-iphone');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Seven days later it comes back.
  await page.clock.fastForward(7 * 24 * 60 * 60 * 1000 + 1000);
  await page.reload();
  await page.clock.runFor(3_100);
  await expect(banner).toBeVisible();
  await context.close();
});
