// The reading benchmark's children: the load generator and the servers it loads (bench/child.ts says why
// they run bundled, each in a process of its own).
import { benchChildren } from '../child.ts';

export { serveChild } from '../child.ts';

export const { bundleChildren, runChild, startChild } = benchChildren(
  'reading',
  new URL('./', import.meta.url),
  ['load', 'serve'],
);
