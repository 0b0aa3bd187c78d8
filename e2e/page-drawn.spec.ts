// The library and the reader drawn in their page's HTML for a signed-in learner (docs/decisions/104): the app
// keeps a cookie beside its stored session, the server's page route draws the screen from it, the app hydrates
// what is drawn without drawing it anew, and signing out clears the cookie. The cookie is never a way into the API.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { findStory } from './support/stories.ts';

const COOKIE = 'catamaran-page-session';
const ZONE_COOKIE = 'catamaran-page-zone';
const STORY = 'La gata y la luna';

/** Signs a new learner in, picks Spanish in the library, and answers the cookie the app wrote. */
async function learnerWithCookie(page: Page, name: string) {
  const email = uniqueAddress(name);
  await createAccount(email, 'Paula Page');
  await signInWithoutMail(page, email);
  await page.goto('/dashboard');
  await chooseNewLanguage(page, 'Español (Spanish)');
  await expect(page.getByRole('heading', { level: 3, name: STORY })).toBeVisible();
  const cookies = await page.context().cookies();
  const cookie = cookies.find((each) => each.name === COOKIE);
  const zone = cookies.find((each) => each.name === ZONE_COOKIE);
  if (!cookie || !zone) throw new Error('The app wrote no page-session cookie, or no zone cookie beside it.');
  const stored = await page.evaluate(() => window.localStorage.getItem('catamaran-auth'));
  return { cookie, zone, stored: stored ?? '' };
}

/** A new browser context with the learner's cookie and, unless the app is blocked, their stored session. */
async function contextWith(browser: Browser, learner: Awaited<ReturnType<typeof learnerWithCookie>>) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await context.addCookies([learner.cookie, learner.zone]);
  await context.addInitScript(
    (stored) => window.localStorage.setItem('catamaran-auth', stored),
    learner.stored,
  );
  return context;
}

/** Blocks the app's entry script (and so the service worker it registers): only the HTML and its CSS draw. */
async function withoutApp(context: BrowserContext): Promise<void> {
  await context.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
}

test('the library and a chapter are drawn from their HTML with the app blocked, and hydrated without being drawn anew', async ({
  page,
  browser,
}) => {
  test.slow(); // a journey over three contexts (e2e/support/time.ts)
  const learner = await learnerWithCookie(page, 'drawn');
  expect(learner.cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false, secure: false });
  const token = JSON.parse(learner.stored).access_token as string;
  const expiresAt = JSON.parse(learner.stored).expires_at as number;
  expect(decodeURIComponent(learner.cookie.value)).toBe(token);
  expect(Math.abs(learner.cookie.expires - expiresAt)).toBeLessThan(5);

  // The cookie alone opens nothing in the API: only the Authorization header does.
  const refused = await page.request.get('/api/user/language-progress/', {
    headers: { cookie: `${COOKIE}=${learner.cookie.value}`, authorization: '' },
  });
  expect(refused.status()).toBe(401);

  const blocked = await contextWith(browser, learner);
  await withoutApp(blocked);
  const still = await blocked.newPage();
  const answer = await still.goto('/dashboard');
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  expect(answer?.headers().vary).toMatch(/cookie/i);
  await expect(still.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  await expect(still.getByRole('heading', { level: 3, name: STORY })).toBeVisible();
  // The daily goal too, counted on the learner's day: the zone cookie says which (docs/decisions/117).
  expect(decodeURIComponent(learner.zone.value)).toBe(
    await still.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  await expect(still.getByRole('region', { name: 'Daily goal' }).getByText(/minutes today/)).toBeVisible();
  const { storyId, chapterIds } = await findStory(STORY);
  await still.goto(`/read/${storyId}/${chapterIds[0]}`);
  await expect(still.getByRole('heading', { level: 1, name: /Chapter 1/ })).toBeVisible();
  await expect(still.getByRole('group', { name: 'Chapter text' })).toContainText(/\p{L}{3,}/u);
  // Without the cookie the page is the shell, as before.
  await blocked.clearCookies();
  await still.goto('/dashboard');
  await expect(still.locator('#root')).toBeEmpty();
  await blocked.close();

  // With the app: the drawn nodes stay (hydrated, not replaced), with no hydration error, and the screen works.
  // Each in a context of its own: once the app has run, its service worker answers the next navigation.
  const library = await hydrated(browser, learner, '/dashboard');
  await expect(
    library.tab.getByRole('region', { name: 'Daily goal' }).getByText(/minutes today/),
  ).toBeVisible();
  await expect(library.tab.locator('h1[data-from-html="yes"]')).toHaveText('Stories');
  await library.tab.getByRole('searchbox', { name: 'Search stories' }).fill('luna');
  await library.tab.getByRole('searchbox', { name: 'Search stories' }).press('Enter');
  await expect(library.tab.getByRole('heading', { level: 3, name: STORY })).toBeVisible();
  expect(library.errors).toEqual([]);
  await library.context.close();

  const reader = await hydrated(browser, learner, `/read/${storyId}/${chapterIds[0]}`);
  await expect(reader.tab.getByRole('button', { name: 'Text and theme' })).toHaveAttribute(
    'aria-haspopup',
    'dialog',
  );
  await expect(reader.tab.locator('h1[data-from-html="yes"]')).toContainText('Chapter 1');
  await expectHydrated(reader.tab.getByRole('button', { name: 'Text and theme' }));
  // The player knows the chapter audio's length: the metadata may come before React listens for its events, and
  // the player reads what the element knew once mounted (decision 118); it said 0:00 of 0:00 until played.
  await expect(reader.tab.getByRole('slider', { name: 'Position' })).toHaveAttribute(
    'aria-valuetext',
    /^0:00 of (?!0:00$)\d+:\d\d$/,
  );
  // The drawn text was hydrated as it is, not built again (docs/decisions/114), and its words answer a tap.
  const drawnWord = reader.tab.locator('[data-reader-text] [data-w][data-from-html="yes"]');
  const tapped = (await drawnWord.textContent()) ?? '';
  expect(await reader.tab.evaluate(() => performance.getEntriesByName('reader:text-start').length)).toBe(0);
  await drawnWord.click();
  await expect(reader.tab.getByRole('complementary', { name: 'Word details' })).toContainText(tapped);
  await reader.tab.getByRole('button', { name: 'Text and theme' }).click();
  await expect(reader.tab.getByRole('dialog')).toBeVisible();
  expect(reader.errors).toEqual([]);
  await reader.context.close();
});

// The app's code and the chapter's audio are asked for once the drawn page is painted whole (decision 119): the
// browser may paint the header before the rest is parsed, and what was asked for by then competed with the text
// on a phone's network (Lighthouse counted it: the reader's LCP 1.5–2.3 s in one run of four, 1.0–1.2 s otherwise).
test('a drawn chapter is painted with its text before the app and the audio are asked for', async ({
  page,
  browser,
}) => {
  const learner = await learnerWithCookie(page, 'drawn-paint');
  const { storyId, chapterIds } = await findStory(STORY);
  const context = await contextWith(browser, learner);
  await context.addInitScript(() => {
    const painted: { at: number; isText: boolean }[] = [];
    Object.assign(window, { textPaints: painted });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        painted.push({ at: entry.startTime, isText: !!entry.element?.closest('[data-reader-text]') });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const tab = await context.newPage();
  await tab.goto(`/read/${storyId}/${chapterIds[0]}`);
  await expectHydrated(tab.getByRole('button', { name: 'Text and theme' }));
  await expect(tab.getByRole('slider', { name: 'Position' })).toHaveAttribute(
    'aria-valuetext',
    /^0:00 of (?!0:00$)\d+:\d\d$/,
  );
  const seen = await tab.evaluate(() => {
    const asked = (pattern: RegExp) =>
      performance.getEntriesByType('resource').find((entry) => pattern.test(new URL(entry.name).pathname))
        ?.startTime;
    const paints = (window as unknown as { textPaints: { at: number; isText: boolean }[] }).textPaints;
    return {
      textPainted: paints.find((paint) => paint.isText)?.at,
      app: asked(/^\/assets\/index-[\w-]+\.js$/),
      audio: asked(/^\/media\//),
    };
  });
  expect(seen.textPainted).toBeDefined();
  expect(seen.app).toBeGreaterThanOrEqual(seen.textPainted ?? Number.POSITIVE_INFINITY);
  expect(seen.audio).toBeGreaterThanOrEqual(seen.textPainted ?? Number.POSITIVE_INFINITY);
  await context.close();
});

// The server has no device storage: it draws the word marks on. React keeps an attribute as the server drew it
// when hydration's render differs, so the reader reads the device's choice only once hydrated (web/lib/deviceSwitch.ts).
test('a learner who hid the word marks on this device reads a drawn chapter without them, once the app runs', async ({
  page,
  browser,
}) => {
  test.slow(); // two contexts (e2e/support/time.ts)
  const learner = await learnerWithCookie(page, 'drawn-marks');
  const { storyId, chapterIds } = await findStory(STORY);
  const reader = await hydrated(browser, learner, `/read/${storyId}/${chapterIds[0]}`, {
    'catamaran-word-marks': 'off',
  });
  await expect(reader.tab.locator('h1[data-from-html="yes"]')).toContainText('Chapter 1');
  const marks = reader.tab.getByRole('switch', { name: 'Word marks' });
  await expect(marks).toHaveAttribute('aria-checked', 'false');
  const text = reader.tab.getByRole('group', { name: 'Chapter text' });
  await expect(text).not.toHaveAttribute('data-marks');
  const word = text.getByText('gata', { exact: true }).first();
  await expect(word).toHaveCSS('text-decoration-line', 'none');

  await marks.click();
  await expect(marks).toHaveAttribute('aria-checked', 'true');
  await expect(text).toHaveAttribute('data-marks', '');
  expect(reader.errors).toEqual([]);
  await reader.context.close();
});

// A tap on the drawn page before the app can answer it is kept and given once the app can (web/public/landing-start.js,
// docs/decisions/115): before the app's script has run at all, and while the reader's own code is still on its way,
// when React 19 drops a click on a part it has not hydrated.
test('a tap on a drawn chapter before its code has arrived is answered once it has, once', async ({
  page,
  browser,
}) => {
  test.slow(); // two contexts (e2e/support/time.ts)
  const learner = await learnerWithCookie(page, 'drawn-early');
  const { storyId, chapterIds } = await findStory(STORY);
  const path = `/read/${storyId}/${chapterIds[0]}`;

  // The app's entry held back: the page is its HTML alone.
  const early = await contextWith(browser, learner);
  const entry = await heldBack(early, /\/assets\/index-[\w-]+\.js$/);
  const tab = await early.newPage();
  // Not until 'load': the held script would hold it.
  await tab.goto(path, { waitUntil: 'commit' });
  await entry.asked;
  const settings = tab.getByRole('button', { name: 'Text and theme' });
  await settings.click();
  await expect(tab.getByRole('dialog')).toHaveCount(0);
  entry.release();
  await expect(tab.getByRole('dialog')).toBeVisible();
  // Given once: a second click, a frame later at most, would have closed it again.
  await tab.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(tab.getByRole('dialog')).toBeVisible();
  await early.close();

  // The entry runs and hydrates the page, the reader's code held back: React drops a tap on the text.
  const later = await contextWith(browser, learner);
  const reader = await heldBack(later, /\/assets\/Reader-[\w-]+\.js$/);
  const second = await later.newPage();
  await second.goto(path, { waitUntil: 'commit' });
  await reader.asked;
  await expect
    .poll(() =>
      second.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
      ),
    )
    .toBe(true);
  const word = second.locator('[data-reader-text] [data-w]').first();
  const tapped = (await word.textContent()) ?? '';
  await word.click();
  await expect(second.getByRole('complementary', { name: 'Word details' })).toHaveCount(0);
  reader.release();
  await expect(second.getByRole('complementary', { name: 'Word details' })).toContainText(tapped);
  await later.close();
});

/** Holds the first request for a script matching `pattern` until `release()`; `asked` once it has been asked for. */
async function heldBack(context: BrowserContext, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await context.route(pattern, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { asked: wasAsked, release: () => release() };
}

/**
 * The page at `path` with the app running and `stored` in its device storage, its first heading marked as it came
 * in the HTML; React's errors kept.
 */
/**
 * Waits until React has taken over a drawn element. Until the screen's code has arrived and hydrated it, the
 * element is the page's HTML alone and a click on it does nothing (React replays the pointer's moves and focus
 * once it hydrates, not clicks): CI's busy machine clicked 'Text and theme' in that moment and the dialog never
 * came. React marks each node it owns with a property of its own (`__reactFiber$…`), the sign read here.
 */
async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
}

async function hydrated(
  browser: Browser,
  learner: Awaited<ReturnType<typeof learnerWithCookie>>,
  path: string,
  stored: Record<string, string> = {},
) {
  const context = await contextWith(browser, learner);
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, stored);
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelector('#root h1')?.setAttribute('data-from-html', 'yes');
      document.querySelector('#root [data-reader-text] [data-w]')?.setAttribute('data-from-html', 'yes');
    });
  });
  await tab.goto(path);
  return { context, tab, errors };
}

test('signing out clears the page-session cookie and the zone cookie beside it', async ({ page }) => {
  await learnerWithCookie(page, 'drawn-out');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () =>
      (await page.context().cookies()).filter((each) => each.name === COOKIE || each.name === ZONE_COOKIE),
    )
    .toEqual([]);
});
