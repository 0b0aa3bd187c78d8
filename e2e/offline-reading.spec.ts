// Read on the train (issue 24): a story downloaded, then read offline — the reader, its word panel, its audio,
// Mark as Read — and everything done while away sent once the network returns, counted once and on the day it
// was done; a download removed frees its space; a Pro story downloaded goes once the learner's Pro has ended.
import type { Page } from '@playwright/test';
import pg from 'pg';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { screenshot } from './support/screenshots.ts';
import { controlled } from './support/service-worker.ts';
import { createStory, findStory } from './support/stories.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFLINE_BANNER = /Offline: downloaded stories still open\./;

/** The server's answer to a GET of the API, as the learner of `page`. */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await fetch(`${process.env.E2E_BASE_URL}${path}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}`, 'X-Timezone': 'UTC' },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The browser failing to reach the network while offline is what the test does, not a fault of the app. */
function forgiveOfflineErrors(errors: string[]) {
  const kept = errors.filter(
    (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED/.test(error),
  );
  errors.splice(0, errors.length, ...kept);
}

async function download(page: Page) {
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByText(/^Downloaded for offline · \d/)).toBeVisible();
}

test('a story downloaded reads offline, and what was done there counts once, on its day, back online', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('offline-reader');
  await createAccount(email, 'Olga Offline');
  // The learner's day is two days ago (UTC, as this browser's): what they do offline must count on it.
  const readDay = new Date(Date.now() - 2 * DAY_MS);
  await page.clock.install({ time: readDay });
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 740 });
  const gata = await findStory('La gata y la luna');
  const [first] = gata.chapterIds;

  await page.goto('/dashboard');
  await chooseNewLanguage(page, 'Español (Spanish)');
  await controlled(page);
  // The library as it opens on any later day (the first choice's level filter is for that visit only), through
  // the worker, which keeps its answers.
  await page.reload();
  await expect(page.getByRole('link', { name: 'La gata y la luna' }).first()).toBeVisible();
  await page.goto(`/story/${gata.storyId}`);
  await download(page);
  await screenshot(page, 'offline-downloaded-360');

  await context.setOffline(true);
  await page.goto(`/read/${gata.storyId}/${first}`);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Chapter 1:/ })).toBeVisible();

  // The word panel answers from the download.
  const text = page.getByRole('group', { name: 'Chapter text' });
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await text.getByText('gata', { exact: true }).first().click();
  await expect(panel.getByText('cat', { exact: false }).first()).toBeVisible();
  await text.getByText('luna', { exact: true }).first().click();
  await expect(panel.getByText('moon', { exact: false }).first()).toBeVisible();
  // Its status, set offline, shows at once (and after a reload, below).
  await panel.getByRole('button', { name: 'Known' }).click();
  await expect(panel.getByText('Status: Known')).toBeVisible();
  // Read-along: the timings came with the chapter.
  await expect(text.getByRole('button', { name: 'Play from this sentence' })).toHaveCount(7);
  await screenshot(page, 'offline-reader-360');
  await page.keyboard.press('Escape');

  // The recording plays from the download, in the parts the player asks for.
  const audio = page.getByTestId('chapter-audio');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration))
    .toBeGreaterThan(20);
  await page.getByRole('region', { name: 'Chapter audio' }).getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0.3);
  await page.getByRole('region', { name: 'Chapter audio' }).getByRole('button', { name: 'Pause' }).click();

  // Half a minute of reading (the reader reports every 30 s), then Mark as Read.
  await page.clock.runFor(31_000);
  await page.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(page.getByText('Chapter Complete!')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /changes? to send when back online/ }),
  ).toBeVisible();

  // Reloaded offline, the chapter is still read, and the library shows what opens without a network.
  await page.reload();
  await expect(page.getByText('Chapter Complete!')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Chapter text' }).getByText('luna', { exact: true }).first(),
  ).toHaveAttribute('data-s', 'k');
  await page.goto('/dashboard');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'La gata y la luna' }) });
  await expect(card.first().getByText('Downloaded')).toBeVisible();
  await expect(page.getByText('Needs a connection').first()).toBeVisible();
  await screenshot(page, 'offline-library-360');
  await expectNoSeriousAxeViolation(page);

  // Back online: the outbox is sent, and the server has each thing once, on the day it was done.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toHaveCount(0);
  const day = readDay.toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  type Activity = { days: { date: string; time_spent: number; words_read: number }[] };
  const chapter = await api<{ word_count: number }>(page, `/api/chapters/${first}/`);
  const days = async () =>
    (await api<Activity>(page, `/api/activity/?language=es&from=${day}&to=${today}`)).days.map((entry) => ({
      ...entry,
      // Half a minute read offline, and the seconds of leaving the page: at least the half minute.
      time_spent: entry.time_spent >= 30 && entry.time_spent < 60 ? 'half a minute' : entry.time_spent,
    }));
  await expect
    .poll(days)
    .toEqual([{ date: day, time_spent: 'half a minute', words_read: chapter.word_count }]);
  const progress = await api<{ language: { code: string }; total_points: number }[]>(
    page,
    '/api/user/language-progress/',
  );
  expect(progress.find((entry) => entry.language.code === 'es')?.total_points).toBe(chapter.word_count);
  expect(
    (await api<{ statuses?: Record<string, string> }>(page, `/api/chapters/${first}/`)).statuses?.luna,
  ).toBe('known');
  const words = await api<{ word: string; occurrences: number }[]>(page, '/api/words/?language=es');
  expect(
    words
      .map(({ word, occurrences }) => ({ word, occurrences }))
      .sort((a, b) => a.word.localeCompare(b.word)),
  ).toEqual([
    { word: 'gata', occurrences: 1 },
    { word: 'luna', occurrences: 1 },
  ]);
  forgiveOfflineErrors(consoleErrors);
});

test('a removed download frees its space, and a Pro story goes from the device once Pro has ended', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueAddress('offline-pro');
  await createAccount(email, 'Pablo Pro');
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const setPlan = (status: string) =>
    client.query(
      `INSERT INTO subscriptions (user_id, status) SELECT id, $2 FROM users WHERE email = $1
       ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status`,
      [email, status],
    );
  try {
    await setPlan('active');
    const pro = await createStory({
      language: 'es',
      title: `Solo para Pro ${Date.now()}`,
      isFree: false,
      chapters: [{ title: 'Uno', content: 'El perro come pan.' }],
    });
    const gata = await findStory('La gata y la luna');
    await signInWithoutMail(page, email);
    await page.setViewportSize({ width: 1280, height: 900 });

    const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await page.goto(`/story/${gata.storyId}`);
    await controlled(page);
    const before = await usage();
    await download(page);
    await page.goto(`/story/${pro.storyId}`);
    await download(page);

    await page.goto('/account');
    await expect(page.getByRole('link', { name: 'La gata y la luna' })).toBeVisible();
    await expect(page.getByText('2 stories ·')).toBeVisible();
    await screenshot(page, 'offline-downloads-1280');
    const withBoth = await usage();
    expect(withBoth).toBeGreaterThan(before);

    await page.getByRole('button', { name: 'Remove the download of La gata y la luna' }).click();
    await expect(page.getByRole('link', { name: 'La gata y la luna' })).toHaveCount(0);
    expect(await page.evaluate((id) => caches.has(`catamaran-story-${id}`), gata.storyId)).toBe(false);
    // The recording was most of it: the space it took is given back.
    await expect.poll(usage).toBeLessThan(withBoth - 100_000);

    // Pro ends; at the next sync (the app opened online) the Pro story leaves the device.
    await setPlan('canceled');
    await page.reload();
    await expect(page.getByText('No stories downloaded yet.', { exact: false })).toBeVisible();
    expect(await page.evaluate((id) => caches.has(`catamaran-story-${id}`), pro.storyId)).toBe(false);
  } finally {
    await client.end();
  }
  forgiveOfflineErrors(consoleErrors);
});

test('hours offline, past the sign-in token’s hour, the downloaded story still opens, and syncs once back', async ({
  page,
  context,
  consoleErrors,
}) => {
  const email = uniqueAddress('offline-plane');
  await createAccount(email, 'Paloma Plane');
  await signInWithoutMail(page, email);
  const gata = await findStory('La gata y la luna');
  await page.goto(`/story/${gata.storyId}`);
  await controlled(page);
  await download(page);

  // Hours on a plane: the access token (an hour) has expired, and cannot be refreshed without a network. (Its
  // expiry is moved back where the auth client keeps it: the server's clock cannot be moved on with the page's.)
  await context.setOffline(true);
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('catamaran-auth') ?? '{}') as {
      expires_at?: number;
    };
    stored.expires_at = Math.floor(Date.now() / 1000) - 2 * 60 * 60;
    window.localStorage.setItem('catamaran-auth', JSON.stringify(stored));
  });
  await page.goto(`/read/${gata.storyId}/${gata.chapterIds[1]}`);
  await expect(page.getByRole('heading', { name: /^Chapter 2:/ })).toBeVisible();
  await page.getByRole('group', { name: 'Chapter text' }).getByText('árbol', { exact: true }).first().click();
  await expect(
    page.getByRole('complementary', { name: 'Word details' }).getByText('tree').first(),
  ).toBeVisible();

  // Landed: the session is refreshed, and the word saved while away reaches the server.
  await context.setOffline(false);
  await expect
    .poll(async () =>
      (await api<{ word: string }[]>(page, '/api/words/?language=es')).map(({ word }) => word),
    )
    .toEqual(['árbol']);
  forgiveOfflineErrors(consoleErrors);
});
