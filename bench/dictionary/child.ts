// The dictionary benchmark's children (bench/child.ts says why they run bundled, each in a process of its own).
import { benchChildren } from '../child.ts';

export { type ChildMemory, serveChild } from '../child.ts';

export const { bundleChildren, runChild, startChild } = benchChildren(
  'dictionary',
  new URL('./', import.meta.url),
  ['baseline', 'import', 'stages', 'load', 'serve'],
);
