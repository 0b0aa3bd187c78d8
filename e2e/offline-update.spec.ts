// A new deploy announces itself (issue 24): a learner whose app is served by the service worker sees 'A new
// version is ready', and Reload runs the new version. The deploy needs a server of its own: Playwright's routes
// never see the worker's script, and a changed dist/web/sw.js would announce itself to every test beside this
// one. So the test serves a copy of dist/web (WEB_DIST_DIR) from a second server, with a database and a data
// folder of its own, and deploys to it as production does: stop the server, change the build, start it again
// on the same address. The new build is the old one with a line on its page and index.html's new revision in
// sw.js's precache list: the worker's script differs byte for byte, which is what a browser checks.
// A page left open asks for new versions itself (hourly, when shown again, back online): that is pinned by
// UpdatePrompt.test.tsx, not here, because after a navigation Chromium checks the worker again by itself a few
// seconds later, so a test here would pass without the page's own checks.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { databaseUrl, dropDatabase, onServer } from '../server/testing/database.ts';
import { test as base, expect } from './support/fixtures.ts';
import { freePort, type RunningServer, startBuiltServer } from './support/server.ts';
import { controlled } from './support/service-worker.ts';

/** What the new build's page says, where the old one says nothing. */
const NEW_BUILD_LINE = 'Build two of the deploy test';

interface Site {
  url: string;
  /**
   * Stops the server, makes the new build of its web app, and starts it again on the same address; gives the
   * new build's revision of index.html.
   */
  deploy(): Promise<string>;
}

const test = base.extend<{ site: Site }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's own fixtures from this pattern.
  site: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'catamaran-deploy-'));
    await chmod(dir, 0o755);
    const webDir = join(dir, 'web');
    await cp('dist/web', webDir, { recursive: true });

    // A database of its own on the end-to-end PostgreSQL, so its jobs and its restart touch no other test.
    const e2eDatabase = process.env.E2E_DATABASE_URL;
    if (!e2eDatabase) throw new Error('E2E_DATABASE_URL is not set; the end-to-end global setup sets it.');
    const maintenance = databaseUrl(e2eDatabase, 'postgres');
    const name = `catamaran_e2e_deploy_${randomBytes(4).toString('hex')}`;
    await onServer(maintenance, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));

    const env = {
      PORT: String(await freePort()),
      DATABASE_URL: databaseUrl(e2eDatabase, name),
      DATA_DIR: join(dir, 'data'),
      WEB_DIST_DIR: webDir,
      DEMO_CONTENT: 'off',
    };
    let server: RunningServer | undefined = await startBuiltServer(env);
    const url = server.url;
    try {
      await use({
        url,
        deploy: async () => {
          expect(await server?.stop(), server?.output()).toBe(0);
          server = undefined;
          const revision = await buildAgain(webDir);
          server = await startBuiltServer(env);
          return revision;
        },
      });
    } finally {
      await server?.stop();
      await dropDatabase(maintenance, name);
      await rm(dir, { recursive: true, force: true });
    }
  },
  baseURL: async ({ site }, use) => use(site.url),
});

/**
 * The next build: index.html with one more line, and sw.js listing it under its new revision (Workbox's MD5
 * of the file, as the build writes it), as a release that changed the page would be.
 */
async function buildAgain(webDir: string): Promise<string> {
  const indexFile = join(webDir, 'index.html');
  const index = (await readFile(indexFile, 'utf8')).replace(
    '<div id="root"></div>',
    `<div id="root"></div>\n    <p>${NEW_BUILD_LINE}</p>`,
  );
  await writeFile(indexFile, index);

  const workerFile = join(webDir, 'sw.js');
  const worker = await readFile(workerFile, 'utf8');
  const listed = /\{"revision":"[0-9a-f]+","url":"index.html"\}/;
  if (!listed.test(worker))
    throw new Error('sw.js no longer lists index.html with a revision: see buildAgain.');
  const revision = createHash('md5').update(index).digest('hex');
  await writeFile(workerFile, worker.replace(listed, `{"revision":"${revision}","url":"index.html"}`));
  return revision;
}

/** The revisions of index.html in the worker's precache: the active worker's only, once it has cleaned up. */
function precachedPageRevisions(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const revisions: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (url.pathname === '/index.html') revisions.push(url.searchParams.get('__WB_REVISION__') ?? '');
      }
    }
    return revisions;
  });
}

/** The new build runs: its page is shown, answered by the new worker, which controls the page alone. */
async function expectNewVersion(page: Page, revision: string): Promise<void> {
  await expect(page.getByText(NEW_BUILD_LINE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          controller: navigator.serviceWorker.controller?.state ?? 'none',
          waiting: Boolean(registration?.waiting),
        };
      }),
    )
    .toEqual({ controller: 'activated', waiting: false });
  // The old worker's page is gone from the precache: the new worker, activated, dropped it.
  expect(await precachedPageRevisions(page)).toEqual([revision]);
  await expect(page.getByRole('status').filter({ hasText: 'A new version is ready' })).toHaveCount(0);
}

test('a new deploy announces itself on the next visit, and Reload runs the new version', async ({
  page,
  site,
}) => {
  test.slow(); // two server starts and the precache downloaded by a fresh browser, besides the page
  const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  await controlled(page);
  await expect(page.getByText(NEW_BUILD_LINE)).toHaveCount(0);

  const revision = await site.deploy();
  // The browser checks the worker's script on a navigation: the page is still the old app, and says so.
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(page.getByText(NEW_BUILD_LINE)).toHaveCount(0);

  await notice.getByRole('button', { name: 'Reload' }).click();
  // The page loads again once, by itself, with the new build.
  await expectNewVersion(page, revision);
});
