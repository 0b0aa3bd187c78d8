// The analysis benchmark's child: one process per language, so each analyser's load time and memory are its own
// (bench/child.ts says why children run bundled).
import { benchChildren } from '../child.ts';

export { serveChild } from '../child.ts';

export const { bundleChildren, runChild } = benchChildren('analysis', new URL('./', import.meta.url), [
  'analyse',
]);
