// After `vite build`: measures the JavaScript the landing page loads before it can run (the entry chunk and
// every chunk it imports statically), and the sign-in page's (the landing's and the chunks /signin loads at once:
// the auth chunk, the sign-in screen, and theirs), fails the build over either budget, reports the reader
// route's (the auth chunk, TanStack Query's provider, the reader's screen, and theirs), and writes .br and .gz
// copies of the assets so the server sends them precompressed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = 'dist/web';
const BUDGET_KB = 100;
// The sign-in page: the entry, the auth client and the form, never the signed-in screens' 'shared' chunk
// (126 KB gzipped before decision 098, 221 KB with 'shared', 122 KB again with decision 101).
const SIGN_IN_BUDGET_KB = 140;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The Vite manifest has no entry chunk.');

/** The files of the chunks `keys` name and of every chunk they import statically. */
const closure = (keys) => {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
};
const initial = closure([entryKey]);

// React Router's development build must not ship: its package exports nothing else, and the build aliases its
// production build instead (scripts/react-router-production.mjs, docs/decisions/116). Read from the source maps.
for (const file of Object.values(manifest).map((chunk) => chunk.file)) {
  if (!file.endsWith('.js')) continue;
  const { sources } = JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8'));
  const development = sources.find((source) => source.includes('react-router/dist/development'));
  if (development) throw new Error(`${file} bundles React Router's development build (${development}).`);
}
// The auth client's chunk, which also holds what the sign-in screens share (vite.config.ts `codeSplitting`).
const authKey = Object.keys(manifest).find((key) => manifest[key].name === 'auth');
if (!authKey) throw new Error("The Vite manifest has no chunk named 'auth'.");
/** The files a route loads before it can show: the entry's, then `keys` (web/router.tsx, session.tsx). */
const routeFiles = (keys) => {
  for (const key of keys) if (!manifest[key]) throw new Error(`The Vite manifest has no ${key}.`);
  return closure([entryKey, ...keys]);
};
const signInInitial = routeFiles([authKey, 'routes/SignIn.tsx']);
const readerInitial = routeFiles([authKey, 'lib/query.tsx', 'routes/Reader.tsx']);

const gzipKb = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;
const rowsOf = (files) => [...files].map((file) => ({ file, gzipKb: gzipKb(file) }));
const sumKb = (rows) => rows.reduce((sum, row) => sum + row.gzipKb, 0);
const rows = rowsOf(initial);
const totalKb = sumKb(rows);
const css = (manifest[entryKey].css ?? []).map((file) => ({ file, gzipKb: gzipKb(file) }));

for (const row of rows) console.info(`  ${row.file.padEnd(40)} ${row.gzipKb.toFixed(1)} KB gzipped`);
for (const row of css) console.info(`  ${row.file.padEnd(40)} ${row.gzipKb.toFixed(1)} KB gzipped (CSS)`);
console.info(`Landing page initial JavaScript: ${totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
const signInRows = rowsOf(signInInitial);
const signInKb = sumKb(signInRows);
console.info(
  `Sign-in page initial JavaScript: ${signInKb.toFixed(1)} KB gzipped (${signInRows.length} chunks, budget ${SIGN_IN_BUDGET_KB} KB)`,
);
const readerRows = rowsOf(readerInitial);
const readerKb = sumKb(readerRows);
console.info(
  `Reader route initial JavaScript: ${readerKb.toFixed(1)} KB gzipped (${readerRows.length} chunks)`,
);
writeFileSync(
  'dist/bundle-report.json',
  `${JSON.stringify(
    {
      landingInitialJsGzipKb: Number(totalKb.toFixed(1)),
      budgetKb: BUDGET_KB,
      chunks: rows,
      css,
      signInInitialJsGzipKb: Number(signInKb.toFixed(1)),
      signInBudgetKb: SIGN_IN_BUDGET_KB,
      signInChunks: signInRows,
      readerInitialJsGzipKb: Number(readerKb.toFixed(1)),
      readerChunks: readerRows,
    },
    null,
    2,
  )}\n`,
);

// Precompress every emitted asset worth it; the server picks the copy the browser accepts.
let compressed = 0;
for (const chunk of Object.values(manifest)) {
  for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
    if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
    const content = readFileSync(join(DIST, file));
    if (content.length < 1024) continue;
    writeFileSync(join(DIST, `${file}.gz`), gzipSync(content, { level: 9 }));
    writeFileSync(
      join(DIST, `${file}.br`),
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    compressed++;
  }
}
console.info(`Precompressed ${compressed} assets (.br, .gz)`);

if (totalKb > BUDGET_KB) {
  console.error(`The landing page's initial JavaScript is over its ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
if (signInKb > SIGN_IN_BUDGET_KB) {
  console.error(`The sign-in page's initial JavaScript is over its ${SIGN_IN_BUDGET_KB} KB budget.`);
  process.exit(1);
}
