// Bundles the server into dist/server/main.js: one file for `node`, with the #common/#server aliases and
// TypeScript resolved at build time, and beside it the workbook reader's worker thread
// (dist/server/ideas-worker.js, see server/bulk/off-thread.ts) and the dictionary import's line worker
// (dist/server/dictionary-import-worker.js, see server/dictionary/lines-off-thread.ts). Packages stay in
// node_modules (not bundled).
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const started = performance.now();
// Built afresh: a file left by an older build (a renamed entry) would otherwise linger beside the new ones.
await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: [
    'server/main.ts',
    'server/bulk/ideas-worker.ts',
    'server/dictionary/dictionary-import-worker.ts',
  ],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.info(
  `server bundle: dist/server/main.js, ideas-worker.js and dictionary-import-worker.js (${Math.round(performance.now() - started)} ms)`,
);
