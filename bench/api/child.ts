// The API benchmark's children: the load generator and the servers it loads (the app and the bare routes), each
// in a process of its own, bundled and run with plain node as production runs (bench/child.ts says why).
import { benchChildren } from '../child.ts';

export { serveChild } from '../child.ts';

export const { bundleChildren, runChild, startChild } = benchChildren('api', new URL('./', import.meta.url), [
  'load',
  'serve',
]);
