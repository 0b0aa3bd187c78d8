// The session benchmark's children: the load generator and the servers it loads, one process for the app as it
// ships and one for the app without the session check (bench/child.ts says why they run bundled, each in a
// process of its own).
import { benchChildren } from '../child.ts';

export { serveChild } from '../child.ts';

export const { bundleChildren, runChild, startChild } = benchChildren(
  'sessions',
  new URL('./', import.meta.url),
  ['load', 'serve'],
);
