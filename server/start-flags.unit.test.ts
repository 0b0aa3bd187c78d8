import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The Node.js flags `npm start` gives the server (package.json), read as bench/child.ts's `productionNodeFlags`
 * reads them for the benchmarks (server/ may not import bench/: tests/architecture).
 */
function startFlags(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

describe('npm start’s V8 settings', () => {
  it('keep the server’s heap as decisions 030 and 123 measured it', () => {
    // 030: a 64 MB young generation (the lookup's p99). 123: the old generation collected when it has doubled,
    // not when V8's own estimate says (every 10–40 MB of promotion under load), and no idle-time ("memory reducer")
    // collection that its watchdog runs every 100 s under steady load.
    expect(startFlags()).toEqual(
      expect.arrayContaining([
        '--max-semi-space-size=64',
        '--heap-growing-percent=100',
        '--no-memory-reducer',
      ]),
    );
  });

  it('are flags this Node.js accepts (an unknown V8 flag stops node before the server starts)', async () => {
    const flags = startFlags();
    const { stdout } = await promisify(execFile)(process.execPath, [
      ...flags,
      '-e',
      `console.log(JSON.stringify(process.execArgv.slice(0, ${flags.length})))`,
    ]);
    expect(JSON.parse(stdout)).toEqual(flags);
  });
});
