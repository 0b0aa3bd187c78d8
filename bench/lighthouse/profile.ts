// `tsx bench/lighthouse/profile.ts`: where the main thread's time goes while a drawn signed-in page loads, as
// Lighthouse's phone would spend it: the built app (run `npm run build` first) on the benchmark's database, a
// learner coming back (their session and page-session cookie), Debian's Chromium at CPU ×4 (Lighthouse's
// multiplier, applied for real here rather than simulated), a V8 CPU profile from the navigation until the network
// has been quiet and the page idle twice. Prints, per page and run, the long tasks the page saw (PerformanceObserver 'longtask') and
// the functions with the most self time, named through the bundles' source maps; the long tasks are what TBT
// counts. A probe for reading, not a benchmark: no target, no JSON.
//
// Settings: BENCH_PROFILE_PAGES (library,reader), BENCH_PROFILE_RUNS (2), BENCH_PROFILE_TOP (25),
// BENCH_PROFILE_CPU (4: the throttling rate; 1 to see the tasks Lighthouse's simulation multiplies),
// BENCH_PROFILE_SAVE=<dir>: each run's raw profile kept there (`<page>-<run>.cpuprofile`, DevTools opens it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { withBenchDatabase } from '../database.ts';
import { log } from '../stats.ts';
import { startChrome, storeReturningLearner } from './audit.ts';
import { issueSession, startSite } from './site.ts';

const PAGES = (process.env.BENCH_PROFILE_PAGES ?? 'library,reader').split(',').map((page) => page.trim());
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 2);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const CPU_RATE = Number(process.env.BENCH_PROFILE_CPU ?? 4);
const SAVE_DIR = process.env.BENCH_PROFILE_SAVE;
const ASSETS = 'dist/web/assets';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(url: string): SourceMapConsumer | null {
  const file = url.split('/assets/')[1];
  if (!file) return null;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(join(ASSETS, `${file}.map`), 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

/** A profile node's function as written: its name and source file through the bundle's map. */
function nameOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = sourceMapOf(frame.url);
  const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (original?.source) {
    const source = original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
}

/** Where a function comes from: its package, or the app's folder. */
function originOf(name: string): string {
  const source = name.split(' ').at(-1) ?? name;
  const file = source.replace(/:\d+$/, '');
  if (file.startsWith('web/') || file.startsWith('common/')) return file.split('/').slice(0, 3).join('/');
  const scoped = file.match(/^(@[^/]+\/[^/]+|[^/]+)/);
  return scoped?.[1] ?? file;
}

function selfTimes(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const name = nameOf(node.callFrame);
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

await withBenchDatabase('catamaran-profile-', 2, async (database) => {
  const site = await startSite(database);
  try {
    const urls: Record<string, string> = {
      library: `${site.origin}/dashboard`,
      reader: `${site.origin}${site.readerPath}`,
    };
    for (let run = 1; run <= RUNS; run++) {
      for (const name of PAGES) {
        const url = urls[name];
        if (!url) throw new Error(`No page called ${name}: library or reader.`);
        const session = await issueSession(database, site.learnerId, site.origin);
        const chrome = await startChrome();
        try {
          const page = await chrome.browser.newPage();
          await storeReturningLearner(page, url, session);
          await page.evaluateOnNewDocument(() => {
            const tasks: number[] = [];
            (window as unknown as { longTasks: number[] }).longTasks = tasks;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
            }).observe({ type: 'longtask', buffered: true });
          });
          const cdp = await page.createCDPSession();
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
          // The app starts after the first paint and then asks for its chunks and data: the network quiet for
          // half a second, then two idle moments in a row.
          await page.goto(url, { waitUntil: 'networkidle0' });
          for (let idle = 0; idle < 2; idle++) {
            await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
          }
          const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
          if (SAVE_DIR) {
            mkdirSync(SAVE_DIR, { recursive: true });
            writeFileSync(join(SAVE_DIR, `${name}-${run}.cpuprofile`), JSON.stringify(profile));
          }
          const longTasks = await page.evaluate(
            () => (window as unknown as { longTasks: number[] }).longTasks,
          );
          const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task - 50), 0);
          log(`${name} run ${run}: long tasks ${longTasks.join(', ')} ms (over 50 ms: ${blocking} ms)`);
          const functions = selfTimes(profile).filter(([fn]) => fn !== '(idle)' && fn !== '(program)');
          const total = functions.reduce((sum, [, ms]) => sum + ms, 0);
          const origins = new Map<string, number>();
          for (const [fn, ms] of functions) origins.set(originOf(fn), (origins.get(originOf(fn)) ?? 0) + ms);
          console.info(`  ${total.toFixed(0)} ms of work; by origin:`);
          for (const [origin, ms] of [...origins].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
            console.info(`  ${ms.toFixed(1).padStart(8)} ms  ${origin}`);
          }
          console.info('  by function:');
          for (const [fn, ms] of functions.slice(0, TOP))
            console.info(`  ${ms.toFixed(1).padStart(8)} ms  ${fn}`);
        } finally {
          await chrome.close();
        }
      }
    }
  } finally {
    await site.stop();
  }
});
