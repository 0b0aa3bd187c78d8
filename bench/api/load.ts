// The load generator's child process: bench/load.ts, run beside the servers it loads.
import { runLoad } from '../load.ts';
import { serveChild } from './child.ts';

export type { LoadFigures, LoadInput, LoadRequest } from '../load.ts';

serveChild(runLoad);
