// Bundles the server into dist/server/main.js: one file for `node`, with the #common/#server aliases and
// TypeScript resolved at build time. Packages stay in node_modules (not bundled).
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.info(`server bundle: dist/server/main.js (${Math.round(performance.now() - started)} ms)`);
