// The app's themes (issue 23): light, sepia or dark as the learner chooses on /account, or the device's own
// setting; drawn from the first paint, kept over reloads, sign-out and devices.
import type { Page } from '@playwright/test';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';

// The page's background (body: var(--color-canvas)) in each theme: web/styles.css and web/theme.css.
const CANVAS = {
  light: 'rgb(248, 250, 252)',
  sepia: 'rgb(241, 231, 208)',
  dark: 'rgb(13, 18, 27)',
} as const;

type ThemeName = keyof typeof CANVAS;

/** The theme on <html>, and the page's background painted in it. */
async function expectTheme(page: Page, theme: ThemeName): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe(CANVAS[theme]);
}

test('a learner chooses Dark on /account: it stays over a reload, on every page, after sign-out and on their other device', async ({
  page,
  browser,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('theme');
  await createAccount(email, 'Dana Dark');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/account');
  await expectTheme(page, 'light');

  const themes = page.getByRole('radiogroup', { name: 'Theme' });
  await expect(themes.getByRole('radio', { name: 'Match system' })).toBeChecked();
  await themes.locator('label', { hasText: 'Dark' }).click();
  await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expectTheme(page, 'dark');
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'account-theme-dark-360');

  // The radios are one tab stop; the arrows move along them and choose.
  await themes.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(themes.getByRole('radio', { name: 'Sepia' })).toBeChecked();
  await expectTheme(page, 'sepia');
  await page.keyboard.press('ArrowRight');
  await expectTheme(page, 'dark');
  const token = await accessToken(page);
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/me/reader-settings/', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await answer.json()).theme;
    })
    .toBe('dark');

  await page.reload();
  await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expectTheme(page, 'dark');
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Progress' })).toBeVisible();
  await expectTheme(page, 'dark');

  // Signed out, the device keeps the choice.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectTheme(page, 'dark');
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expectTheme(page, 'dark');

  // The learner's other device, which never chose: dark once it has the learner's settings.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const laptopPage = await laptop.newPage();
    await signInWithoutMail(laptopPage, email);
    await laptopPage.goto('/dashboard');
    await expect(laptopPage.getByRole('heading', { name: 'Welcome to Catamaran!' })).toBeVisible();
    await expectTheme(laptopPage, 'dark');
    await screenshot(laptopPage, 'dashboard-theme-dark-1280');
  } finally {
    await laptop.close();
  }
});

test('with Match system the app follows the device’s dark setting, as it changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectTheme(page, 'dark');
  // The browser's bar too.
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#0d121b');
  await screenshot(page, 'landing-theme-dark-1280');

  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark');
});

test('a theme chosen on the device is drawn before the app runs, so a dark page never flashes light', async ({
  page,
}) => {
  // The app's own script never arrives (so no service worker either): only the shell's first script can have
  // drawn the theme.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto('/signin');
  await page.evaluate(() =>
    localStorage.setItem('catamaran:reader-settings', JSON.stringify({ theme: 'sepia' })),
  );
  await page.goto('/');
  await expectTheme(page, 'sepia');
  // The landing's markup comes in its HTML, rendered at build time (docs/decisions/094): drawn in the theme,
  // without the buttons the app adds once it knows the session.
  await expect(
    page.getByRole('heading', { level: 1, name: /Learn a language by reading stories/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  // Every other page is drawn by the app alone: nothing there without it, but the theme.
  await page.goto('/signin');
  await expectTheme(page, 'sepia');
  await expect(page.locator('#root')).toBeEmpty();

  await page.evaluate(() =>
    localStorage.setItem('catamaran:reader-settings', JSON.stringify({ theme: 'dark' })),
  );
  await page.goto('/');
  await expectTheme(page, 'dark');
});
