// After `vite build`: measures the JavaScript the landing page loads before it can run (the entry chunk and
// every chunk it imports statically), fails the build over the budget, reports the reader route's (the landing's
// and the chunks the route loads at once: the auth client, TanStack Query's provider, the reader's screen, and
// theirs), and writes .br and .gz copies of the assets so the server sends them precompressed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = 'dist/web';
const BUDGET_KB = 100;
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
// What /read/{storyId}/{chapterId} loads before the chapter can show (web/router.tsx, web/features/auth/session.tsx).
const READER_ROUTE = ['features/auth/client.ts', 'lib/query.tsx', 'routes/Reader.tsx'];
for (const key of READER_ROUTE) if (!manifest[key]) throw new Error(`The Vite manifest has no ${key}.`);
const readerInitial = closure([entryKey, ...READER_ROUTE]);

const gzipKb = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;
const rows = [...initial].map((file) => ({ file, gzipKb: gzipKb(file) }));
const totalKb = rows.reduce((sum, row) => sum + row.gzipKb, 0);
const css = (manifest[entryKey].css ?? []).map((file) => ({ file, gzipKb: gzipKb(file) }));

for (const row of rows) console.info(`  ${row.file.padEnd(40)} ${row.gzipKb.toFixed(1)} KB gzipped`);
for (const row of css) console.info(`  ${row.file.padEnd(40)} ${row.gzipKb.toFixed(1)} KB gzipped (CSS)`);
console.info(`Landing page initial JavaScript: ${totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
const readerRows = [...readerInitial].map((file) => ({ file, gzipKb: gzipKb(file) }));
const readerKb = readerRows.reduce((sum, row) => sum + row.gzipKb, 0);
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
