// React Router 7's package maps every import of 'react-router' to its development build, for production bundles
// too (its package.json since 7.0.2, "temporarily": remix-run/react-router#12437, #14102): the app shipped the
// development code, with its warnings and checks, and a drawn page hydrating its links spent its time in it
// (docs/decisions/116). The production build ships beside it; the app's builds import that one instead.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('react-router/package.json'));

/** Vite's alias of 'react-router' to the production build the package ships (dist/production). */
export const reactRouterProduction = {
  find: /^react-router$/,
  replacement: join(packageDir, 'dist', 'production', 'index.mjs'),
};
