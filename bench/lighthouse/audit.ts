// Lighthouse's mobile defaults (a mid-range phone, simulated slow 4G and a 4× slower CPU, as PageSpeed
// measures) on Debian's Chromium, headless, with the project's flags (e2e/support/chromium.ts). Each run is
// a fresh tab: Lighthouse clears the origin's caches, service workers and cache storage before it loads the
// page (its defaults), and the tab's localStorage holds the learner's session, or nothing for a visitor.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { PAGE_SESSION_COOKIE, PAGE_ZONE_COOKIE, SESSION_KEY } from './site.ts';

/** The figures of one Lighthouse run. */
export interface RunFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
}

/** What a page's failing or informative audits said, from the run with the median score. */
export interface AuditNote {
  id: string;
  title: string;
  displayValue?: string;
  score: number | null;
}

export interface PageResult {
  runs: RunFigures[];
  median: RunFigures;
  /** The median run's audits that did not pass, the causes to work on. */
  notes: AuditNote[];
  /** The JavaScript the median run's page loaded, KB as transferred (compressed), from its network requests. */
  scriptTransferKb: number;
  /** The median run's largest contentful paint element (its HTML snippet). */
  lcpElement?: string;
  /** The median run's whole report, for a closer look (not committed). */
  report: Record<string, unknown>;
}

export interface Chrome {
  browser: Browser;
  version: string;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a DevTools port Lighthouse and puppeteer-core share. */
export async function startChrome(): Promise<Chrome> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'error',
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    browser,
    version: await browser.version(),
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/** The session to put in the tab's storage before the load: a learner's, or null for a visitor. */
export type Storage = Record<string, unknown> | null;

/** BENCH_LIGHTHOUSE_TRACES=<dir>: each run's Chromium trace kept there, to see what a long task was. */
const TRACE_DIR = process.env.BENCH_LIGHTHOUSE_TRACES;

function keepTrace(url: string, artifacts: unknown) {
  if (!TRACE_DIR) return;
  const trace = (artifacts as { Trace?: unknown }).Trace;
  if (!trace) return;
  mkdirSync(TRACE_DIR, { recursive: true });
  const page = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  writeFileSync(join(TRACE_DIR, `${page}-${Date.now()}.trace.json`), JSON.stringify(trace));
}

/**
 * Puts `page`'s origin in the state of a learner coming back: the session where the auth client keeps it, and the
 * page-session and zone cookies the app keeps beside it once it has run with that session (web/lib/pageSession.ts,
 * decisions 104, 117); a visitor (`null`) has none of them. Written from a same-origin document with no script of
 * its own; the page is then free for the navigation measured.
 */
export async function storeReturningLearner(page: Page, url: string, session: Storage): Promise<void> {
  await page.goto(new URL('/favicon.svg', url).href);
  const token = typeof session?.access_token === 'string' ? session.access_token : null;
  await page.evaluate(
    (key, value, cookie, accessToken, zoneCookie) => {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
      // The same cookies the app writes, written the same way.
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const written = accessToken
        ? [
            `${cookie}=${encodeURIComponent(accessToken)}; Max-Age=3000`,
            `${zoneCookie}=${encodeURIComponent(zone)}; Max-Age=3000`,
          ]
        : [`${cookie}=; Max-Age=0`, `${zoneCookie}=; Max-Age=0`];
      for (const each of written) {
        // biome-ignore lint/suspicious/noDocumentCookie: as the app does (web/lib/pageSession.ts).
        document.cookie = `${each}; Path=/; SameSite=Lax`;
      }
    },
    SESSION_KEY,
    session === null ? null : JSON.stringify(session),
    PAGE_SESSION_COOKIE,
    token,
    PAGE_ZONE_COOKIE,
  );
}

/** One Lighthouse run of `url` in a new tab whose origin's localStorage holds `session` (or no session). */
export async function auditOnce(chrome: Chrome, url: string, session: Storage) {
  const page = await chrome.browser.newPage();
  try {
    await storeReturningLearner(page, url, session);
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (TRACE_DIR) keepTrace(url, result.artifacts);
    return lhr;
  } finally {
    await page.close();
  }
}

type Report = Awaited<ReturnType<typeof auditOnce>>;

/** The figures Lighthouse reports for a run (its score out of 100, times in ms). */
export function figuresOf(report: Report): RunFigures {
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(value('first-contentful-paint')),
    siMs: Math.round(value('speed-index')),
  };
}

/** The performance audits of a run that did not pass, worst first, and the LCP element. */
export function notesOf(report: Report): { notes: AuditNote[]; lcpElement?: string } {
  const refs = report.categories.performance?.auditRefs ?? [];
  const notes: AuditNote[] = [];
  for (const ref of refs) {
    const audit = report.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
    notes.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: String(audit.displayValue) } : {}),
    });
  }
  notes.sort((a, b) => (a.score ?? 1) - (b.score ?? 1));
  const details = report.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  const snippet = details?.items?.[0]?.items?.[0]?.node?.snippet;
  return { notes, ...(snippet ? { lcpElement: snippet } : {}) };
}

/** The middle of the values (the mean of the two middle ones for an even count). */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
}

/** Each figure's median over the runs, and the notes of the run with the median score. */
export function summarise(reports: Report[]): PageResult {
  const runs = reports.map(figuresOf);
  const keys = ['performance', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'siMs'] as const;
  const median = Object.fromEntries(
    keys.map((key) => [key, middle(runs.map((run) => run[key]))]),
  ) as unknown as RunFigures;
  const byScore = reports
    .map((report, index) => ({ report, score: runs[index]?.performance ?? 0 }))
    .sort((a, b) => a.score - b.score);
  const chosen = byScore[Math.floor((byScore.length - 1) / 2)]?.report;
  if (!chosen) throw new Error('No Lighthouse run to summarise.');
  return {
    runs,
    median,
    scriptTransferKb: scriptTransferKb(chosen),
    ...notesOf(chosen),
    report: chosen as unknown as Record<string, unknown>,
  };
}

/** The KB of JavaScript a run's page loaded, as transferred. */
function scriptTransferKb(report: Report): number {
  const details = report.audits['network-requests']?.details as
    | { items?: { resourceType?: string; transferSize?: number }[] }
    | undefined;
  const bytes = (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return Math.round(bytes / 102.4) / 10;
}
