// After `vite build`: renders the landing page's markup (web/prerender.tsx, built for Node by Vite) into a copy of
// the shell, dist/web/landing.html, which the server sends for `/` (server/http/web-app.ts) and the app hydrates
// (web/main.tsx). Every other page keeps dist/web/index.html, whose #root is empty; the service worker's copy
// of the shell is that one too. The app's script starts once the markup is painted (web/public/landing-start.js),
// so the page's largest text is drawn before the app's JavaScript is loaded (docs/decisions/094).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { reactRouterProduction } from './react-router-production.mjs';

const DIST = 'dist/web';
/**
 * The server's page renderer (web/server-page.tsx, docs/decisions/104) and its shell, beside the web app's folder
 * (never served): the server loads them from `<WEB_DIST_DIR>-pages` at start-up.
 */
const SERVER_OUT = 'dist/web-pages';
const EMPTY_ROOT = '<div id="root"></div>';
const START_AFTER_PAINT = process.env.LANDING_START !== 'at-once';
/** The signed-in screens' chunks the shell preloads (vite.config.ts): the landing loads them only when asked. */
const SCREEN_PRELOAD_TAG = /<link rel="modulepreload" data-screens [^>]*>\s*/g;

const started = performance.now();
await build({
  configFile: false,
  root: 'web',
  logLevel: 'warn',
  publicDir: false,
  plugins: [react()],
  // The same React Router build as the browser's (vite.config.ts).
  resolve: { alias: [reactRouterProduction] },
  // Every dependency bundled in: the server runs the renderer without the web app's node_modules.
  ssr: { noExternal: true },
  build: {
    ssr: true,
    outDir: `../${SERVER_OUT}`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    rolldownOptions: { input: { prerender: 'prerender.tsx', 'server-page': 'server-page.tsx' } },
  },
});
const built = readdirSync(SERVER_OUT).find((file) => /^prerender\.m?js$/.test(file));
if (!built) throw new Error(`Vite wrote no prerender.js in ${SERVER_OUT}.`);
const { renderLanding } = await import(pathToFileURL(resolve(SERVER_OUT, built)).href);
const markup = renderLanding();

const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/web/index.html has no ${EMPTY_ROOT} to fill.`);
let landing = shell.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`).replace(SCREEN_PRELOAD_TAG, '');
if (START_AFTER_PAINT) landing = startAfterPaint(landing);
writeFileSync(join(DIST, 'landing.html'), landing);
writeFileSync(join(SERVER_OUT, 'page.html'), startAfterPaint(shell, { keepScreens: true }));
console.info(
  `Landing page rendered into dist/web/landing.html: ${(Buffer.byteLength(landing) / 1024).toFixed(1)} KB (${Math.round(performance.now() - started)} ms)`,
);

/**
 * The app's entry and the chunks Vite preloads beside it, taken out of the page's head and handed to
 * landing-start.js, which loads them once the markup is painted: fetched beside the stylesheet they would hold
 * the first paint back under a slow network.
 */
function startAfterPaint(html, { keepScreens = false } = {}) {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  // A signed-in screen drawn by the server (page.html) loads the signed-in screens' chunks after its paint too.
  const preloadTag = keepScreens
    ? /<link rel="modulepreload" (?:data-[a-z-]+ )*crossorigin href="([^"]+)">\s*/g
    : /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const entry = html.match(entryTag)?.[1];
  if (!entry) throw new Error("The shell has no module script: Vite's output changed.");
  const preloads = [...html.matchAll(preloadTag)].map((match) => match[1]);
  const start = `<script src="/landing-start.js" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>\n    `;
  return html.replace(preloadTag, '').replace(entryTag, start);
}
