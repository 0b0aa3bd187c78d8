// The story list benchmark's load generator, in a process of its own: bench/load.ts.
import { serveChild } from '../child.ts';
import { runLoad } from '../load.ts';

serveChild(runLoad);
