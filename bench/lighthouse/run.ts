// `npm run bench:lighthouse`: the front end measured by Lighthouse 12.2.3 (issue 25), with its mobile defaults
// (simulated throttling, as PageSpeed measures) on Debian's Chromium, headless: the landing (/), the library
// (/dashboard, signed in as a learner of Spanish) and the reader (a demo Spanish chapter, signed in), each
// BENCH_LIGHTHOUSE_RUNS times (3) in turn, with the median of each figure; beside them, in the same run, the
// baseline: a minimal static page from a bare Fastify route, what this machine lets Lighthouse's phone do.
// BENCH_LIGHTHOUSE_PAGES=baseline,landing (say) measures only the pages it names. The sign-in page (/signin,
// signed out) is measured beside them, without a target of its own, so its load is seen (decision 101).
// Targets on all three pages: performance ≥ 95, LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.02.
//
// It builds nothing: run `npm run build` first (the app is served from dist/, and dist/bundle-report.json gives
// the landing's and the reader route's initial JavaScript, gzipped). The built server runs in production mode
// over an embedded PostgreSQL of its own with the demo library. Prints the figures and the failing audits of each
// page's median run, and writes bench/results/lighthouse.json (and each page's median report beside it, as
// lighthouse-<page>.report.json). Run it alone: flock /tmp/catamaran-bench.lock npm run bench:lighthouse.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { withBenchDatabase } from '../database.ts';
import { log } from '../stats.ts';
import { auditOnce, type PageResult, type Storage, startChrome, summarise } from './audit.ts';
import { issueSession, startBaseline, startSite } from './site.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The pages to measure (BENCH_LIGHTHOUSE_PAGES=landing,library, say, to look at some closely); all by default. */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const TARGETS = { performance: 95, lcpMs: 1500, tbtMs: 100, cls: 0.02 };

interface PagePlan {
  name: 'baseline' | 'landing' | 'signin' | 'library' | 'reader';
  url: string;
  /** Whether the page is opened by the signed-in learner. */
  signedIn: boolean;
}

interface BundleReport {
  landingInitialJsGzipKb: number;
  budgetKb: number;
  readerInitialJsGzipKb?: number;
  signInInitialJsGzipKb?: number;
}

function bundleReport(): BundleReport {
  if (!existsSync('dist/bundle-report.json') || !existsSync('dist/server/main.js'))
    throw new Error('No build in dist/: run `npm run build` first.');
  return JSON.parse(readFileSync('dist/bundle-report.json', 'utf8')) as BundleReport;
}

const bundle = bundleReport();
const loadBefore = loadavg();
log(
  `Lighthouse ${RUNS} runs a page, ${cpus().length} cores, load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`,
);

let chromeVersion = '';
const results = await withBenchDatabase('catamaran-lighthouse-', 2, async (database) => {
  const site = await startSite(database);
  const baseline = await startBaseline();
  log(`the built app at ${site.origin}`);
  try {
    const allPlans: PagePlan[] = [
      { name: 'baseline', url: baseline.url, signedIn: false },
      { name: 'landing', url: `${site.origin}/`, signedIn: false },
      { name: 'signin', url: `${site.origin}/signin`, signedIn: false },
      { name: 'library', url: `${site.origin}/dashboard`, signedIn: true },
      { name: 'reader', url: `${site.origin}${site.readerPath}`, signedIn: true },
    ];
    const plans = allPlans.filter((plan) => !PAGES || PAGES.includes(plan.name));
    const reports = new Map<string, Awaited<ReturnType<typeof auditOnce>>[]>();
    // Round after round, every page once a round, so a slow spell of the machine falls on all of them alike.
    for (let round = 1; round <= RUNS; round++) {
      for (const plan of plans) {
        const session: Storage = plan.signedIn
          ? await issueSession(database, site.learnerId, site.origin)
          : null;
        const report = await auditWithRetries(plan.url, session);
        const score = Math.round((report.categories.performance?.score ?? 0) * 100);
        log(`  round ${round}: ${plan.name} ${score}`);
        reports.set(plan.name, [...(reports.get(plan.name) ?? []), report]);
      }
    }
    return plans.map((plan) => ({ ...plan, ...summarise(reports.get(plan.name) ?? []) }));
  } finally {
    await baseline.server.close();
    await site.stop();
  }
});

const loadAfter = loadavg();
log(`measured with ${chromeVersion}`);
printResults(results);
console.info(
  `\nInitial JavaScript (gzipped, dist/bundle-report.json): landing ${bundle.landingInitialJsGzipKb} KB (budget ${bundle.budgetKb} KB), reader route ${bundle.readerInitialJsGzipKb ?? '–'} KB, sign-in page ${bundle.signInInitialJsGzipKb ?? '–'} KB`,
);
console.info(
  `Load average before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' ')}`,
);

mkdirSync('bench/results', { recursive: true });
for (const result of results)
  writeFileSync(`bench/results/lighthouse-${result.name}.report.json`, JSON.stringify(result.report));
writeFileSync(
  'bench/results/lighthouse.json',
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      lighthouse: '12.2.3',
      chromium: chromeVersion,
      settings: 'mobile defaults, simulated throttling',
      runsPerPage: RUNS,
      cores: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      targets: TARGETS,
      initialJsGzipKb: {
        landing: bundle.landingInitialJsGzipKb,
        reader: bundle.readerInitialJsGzipKb ?? null,
        signIn: bundle.signInInitialJsGzipKb ?? null,
      },
      pages: results.map(({ report: _report, ...rest }) => ({
        ...rest,
        pass: rest.name === 'signin' ? null : passes(rest),
      })),
    },
    null,
    2,
  )}\n`,
);

/**
 * One run in a browser of its own with a new profile (a first visit, as PageSpeed's). Lighthouse asks for a
 * run again when its trace failed (NO_NAVSTART and the like, on a loaded machine): up to 3 attempts.
 */
async function auditWithRetries(url: string, session: Storage) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await startChrome();
    chromeVersion = chrome.version;
    try {
      return await auditOnce(chrome, url, session);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`  ${url}: ${error instanceof Error ? error.message : String(error)}; again`);
    } finally {
      await chrome.close();
    }
  }
}

function passes(result: Pick<PageResult, 'median'>): boolean {
  const { median } = result;
  return (
    median.performance >= TARGETS.performance &&
    median.lcpMs <= TARGETS.lcpMs &&
    median.tbtMs <= TARGETS.tbtMs &&
    median.cls <= TARGETS.cls
  );
}

function printResults(pages: (PagePlan & PageResult)[]): void {
  const widths = [10, 7, 9, 9, 8, 9, 9, 9, 8];
  const row = (cells: (string | number)[]) =>
    console.info(
      cells
        .map((cell, i) =>
          i === 0 ? String(cell).padEnd(widths[0] ?? 0) : String(cell).padStart(widths[i] ?? 0),
        )
        .join(''),
    );
  console.info("\nMedians (each page's runs in brackets: performance)");
  row(['page', 'perf', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'SI ms', 'JS KB', 'target']);
  for (const page of pages) {
    const { median } = page;
    const target = page.name === 'baseline' || page.name === 'signin' ? '–' : passes(page) ? 'pass' : 'FAIL';
    row([
      page.name,
      median.performance,
      median.lcpMs,
      median.tbtMs,
      median.cls,
      median.fcpMs,
      median.siMs,
      page.scriptTransferKb,
      target,
    ]);
    console.info(`    runs: ${page.runs.map((run) => run.performance).join(', ')}`);
  }
  for (const page of pages) {
    if (page.name === 'baseline') continue;
    console.info(`\n${page.name}: LCP element ${page.lcpElement ?? '–'}`);
    for (const note of page.notes)
      console.info(`  ${note.title}${note.displayValue ? ` (${note.displayValue})` : ''}`);
  }
}
