import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'catamaran-semi-space-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A process started as npm start starts the server (its young generation set by --max-semi-space-size=64) makes
 * two workers bounded to an 8 MB young generation, the first as the import's workers are made: each answers its
 * new space once it has allocated enough to grow it to its bound.
 */
const SCRIPT = `
import { Worker } from 'node:worker_threads';
import { unsetSemiSpaceFlag } from ${JSON.stringify(new URL('./lines-off-thread.ts', import.meta.url).href)};
const grow = \`
  const v8 = require('node:v8');
  let kept = [];
  for (let i = 0; i < 2e6; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 1e5) kept = []; }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  require('node:worker_threads').parentPort.postMessage(space.space_size / 2 ** 20);\`;
const newSpaceMB = (restore = () => {}) =>
  new Promise((resolve) => {
    const worker = new Worker(grow, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    worker.once('online', restore);
    worker.once('message', (mb) => void worker.terminate().then(() => resolve(mb)));
  });
const bounded = await newSpaceMB(unsetSemiSpaceFlag());
const flagged = await newSpaceMB();
console.log(JSON.stringify({ bounded, flagged }));
`;

describe('unsetSemiSpaceFlag', () => {
  it('gives a worker made meanwhile its own young generation, then sets the process’s flag back', async () => {
    const script = join(folder, 'workers.mts');
    writeFileSync(script, SCRIPT);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-semi-space-size=64', '--import', 'tsx', script],
      { cwd: process.cwd() },
    );
    const { bounded, flagged } = JSON.parse(stdout) as { bounded: number; flagged: number };

    expect(bounded).toBeLessThanOrEqual(16);
    // Without the flag unset, V8 gives a worker the process's semi-spaces over its resourceLimits.
    expect(flagged).toBeGreaterThanOrEqual(64);
  });
});
