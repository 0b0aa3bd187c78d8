// The reader, measured in Chromium against the real built app (dist/server/main.js over the benchmark's
// database): how long a chapter takes from the start of its render to its paint, and how long a tapped word
// takes to show the word panel, from the performance marks of web/features/reader (ChapterText.tsx,
// WordPanel.tsx). A phone's screen (390 × 844 at 3×, touch); the learner signed in with a session the auth
// server issued, put where the auth client keeps it.
import { readFile } from 'node:fs/promises';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { startBuiltServer } from '../../e2e/support/server.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { openDatabase } from '../../server/db/client.ts';

/** The auth client's localStorage key (web/features/auth/client.ts). */
const SESSION_KEY = 'catamaran-auth';
/** Words of the demo Spanish dictionary (server/db/demo/es-en.jsonl) that the long chapter uses. */
const TAPPED_WORDS = [
  'abuelo',
  'botella',
  'faro',
  'playa',
  'mar',
  'noche',
  'luz',
  'papel',
  'piedras',
  'cielo',
  'luna',
  'casa',
  'agua',
  'camino',
  'viento',
  'ventana',
  'puerta',
  'mensaje',
  'pueblo',
  'barco',
];

export interface ReaderInput {
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
  learnerUserId: string;
  storyId: number;
  longChapterId: number;
  tinyChapterId: number;
  /** Page loads measured per chapter, after one warm-up load. */
  runs: number;
  /** Taps measured per load of the long chapter. */
  tapsPerRun: number;
  /** Chrome's CPU throttling rate (1: none). */
  cpuSlowdown: number;
  /** Where the trace of one more load of the long chapter is written (its breakdown is in the result). */
  traceFile: string;
  log: (line: string) => void;
}

/** One page load: ms between the marks, and from navigation and from the chapter's answer to the paint. */
export interface RenderRun {
  /** chapterHtml: the text to markup (text-start → text-html). */
  markupMs: number;
  /** React's commit with the innerHTML (text-html → text-set). */
  commitMs: number;
  /** Style, layout and paint (text-set → text-painted). */
  paintMs: number;
  /** The render: text-start → text-painted. */
  renderMs: number;
  /** The chapter's API answer received → text painted. */
  fromChapterResponseMs: number | null;
  /** Navigation start → text painted (the app's JavaScript from the HTTP cache, the chapter fetched). */
  fromNavigationMs: number;
  words: number;
}

export interface TapRun {
  word: string;
  /** The tap (the click event's own time) → the panel painted in its loading state. */
  panelMs: number | null;
  /** The tap → the answer (found, not found or error) painted. */
  answerMs: number;
  answer: string;
}

/** Where one traced render's time went: the renderer's main thread by event, and the raster threads. */
export interface RenderBreakdown {
  renderMs: number;
  mainThreadMs: Record<string, number>;
  rasterMs: number;
}

export interface ReaderResult {
  long: RenderRun[];
  traced: RenderBreakdown | null;
  tiny: RenderRun[];
  taps: TapRun[];
  serverStartSeconds: number;
  chromium: string;
  pageErrors: string[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function renderOnce(page: Page, path: string, chapterId: number): Promise<RenderRun> {
  await page.goto(path);
  await page.waitForFunction(() => performance.getEntriesByName('reader:text-painted').length > 0, null, {
    timeout: 60_000,
  });
  // No named helpers inside: the page runs this as tsx compiled it, and keepNames would call __name there.
  const found = await page.evaluate((id) => {
    const marks: Record<string, number> = {};
    for (const name of ['reader:text-start', 'reader:text-html', 'reader:text-set', 'reader:text-painted']) {
      marks[name] = performance.getEntriesByName(name).at(-1)?.startTime ?? Number.NaN;
    }
    const answer = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === `/api/chapters/${id}/`)
      .at(-1) as PerformanceResourceTiming | undefined;
    return {
      marks,
      responseEnd: answer?.responseEnd ?? null,
      words: document.querySelectorAll('[data-reader-text] [data-w]').length,
    };
  }, chapterId);
  const at = (name: string) => found.marks[`reader:${name}`] ?? Number.NaN;
  return {
    markupMs: round(at('text-html') - at('text-start')),
    commitMs: round(at('text-set') - at('text-html')),
    paintMs: round(at('text-painted') - at('text-set')),
    renderMs: round(at('text-painted') - at('text-start')),
    fromChapterResponseMs: found.responseEnd === null ? null : round(at('text-painted') - found.responseEnd),
    fromNavigationMs: round(at('text-painted')),
    words: found.words,
  };
}

/** Taps `count` words spread through the text, each a word of the demo dictionary not tapped before on this page. */
async function tapWords(page: Page, count: number): Promise<TapRun[]> {
  const targets = await page.evaluate(
    ({ words, count }) => {
      const spans = [...document.querySelectorAll('[data-reader-text] [data-w]')];
      const chosen: { index: number; word: string }[] = [];
      const used = new Set<string>();
      for (let slot = 0; slot < count; slot++) {
        const from = Math.floor(((slot + 0.5) * spans.length) / count);
        for (let index = from; index < spans.length; index++) {
          const word = spans[index]?.textContent ?? '';
          if (words.includes(word) && !used.has(word)) {
            used.add(word);
            chosen.push({ index, word });
            break;
          }
        }
      }
      return chosen;
    },
    { words: TAPPED_WORDS, count },
  );
  const taps: TapRun[] = [];
  for (const { index, word } of targets) {
    const tapsBefore = await page.evaluate(() => performance.getEntriesByName('reader:tap').length);
    await page.locator('[data-reader-text] [data-w]').nth(index).tap();
    const handle = await page.waitForFunction(
      ({ word, tapsBefore }) => {
        const tap = performance.getEntriesByName('reader:tap')[tapsBefore];
        if (!tap) return undefined;
        const marks = performance
          .getEntriesByType('mark')
          .filter(
            (mark) =>
              mark.name.startsWith('reader:panel-') &&
              mark.startTime >= tap.startTime &&
              (mark as PerformanceMark).detail?.word === word,
          );
        const answer = marks.find((mark) => mark.name !== 'reader:panel-loading');
        if (!answer) return undefined;
        const loading = marks.find((mark) => mark.name === 'reader:panel-loading');
        return {
          word,
          panelMs: loading ? loading.startTime - tap.startTime : null,
          answerMs: answer.startTime - tap.startTime,
          answer: answer.name.slice('reader:panel-'.length),
        };
      },
      { word, tapsBefore },
      { timeout: 30_000 },
    );
    const tap = (await handle.jsonValue()) as TapRun;
    taps.push({
      ...tap,
      panelMs: tap.panelMs === null ? null : round(tap.panelMs),
      answerMs: round(tap.answerMs),
    });
  }
  return taps;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
type Trace = { traceEvents: TraceEvent[] } | TraceEvent[];

// Main-thread events that do not nest in one another, and the raster threads' tasks.
const MAIN_THREAD_EVENTS = [
  'FunctionCall',
  'EvaluateScript',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'GCEvent',
  'MajorGC',
  'MinorGC',
];

/** Sums the trace's events between the render's first and last marks (reader:text-start, reader:text-painted). */
function breakdown(trace: Trace): RenderBreakdown | null {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const start = events.find((event) => event.name === 'reader:text-start');
  const end = events.find((event) => event.name === 'reader:text-painted');
  if (!start || !end) return null;
  const threadNames = new Map(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .map((event) => [`${event.pid}:${event.tid}`, event.args?.name ?? '']),
  );
  const mainThreadMs: Record<string, number> = {};
  let rasterMs = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.ts < start.ts || event.ts > end.ts) continue;
    const thread = threadNames.get(`${event.pid}:${event.tid}`) ?? '';
    const ms = (event.dur ?? 0) / 1000;
    if (thread === 'CrRendererMain' && MAIN_THREAD_EVENTS.includes(event.name)) {
      mainThreadMs[event.name] = round((mainThreadMs[event.name] ?? 0) + ms);
    } else if (event.name === 'RasterTask') {
      rasterMs += ms;
    }
  }
  return { renderMs: round((end.ts - start.ts) / 1000), mainThreadMs, rasterMs: round(rasterMs) };
}

/** Starts the built server over the benchmark's database, signs the learner in, and measures in Chromium. */
export async function measureReader(input: ReaderInput): Promise<ReaderResult> {
  const startedAt = performance.now();
  const server = await startBuiltServer(
    {
      DATABASE_URL: input.databaseUrl,
      JWT_SECRET: input.jwtSecret,
      // Production requires SMTP; nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: input.dataDir,
    },
    180_000,
  );
  const serverStartSeconds = Number(((performance.now() - startedAt) / 1000).toFixed(1));
  input.log(
    `  the built server is up in ${serverStartSeconds} s (demo dictionaries imported) at ${server.url}`,
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const session = await signInLearner(input, server.url);
    const { context, page, pageErrors } = await openReaderPage(browser, input, server.url, session);
    const { long, tiny, taps } = await measureRuns(page, input);
    // One more load, traced: where the render's time goes.
    await browser.startTracing(page, {
      path: input.traceFile,
      categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'],
    });
    await renderOnce(page, `/read/${input.storyId}/${input.longChapterId}`, input.longChapterId);
    await browser.stopTracing();
    const traced = breakdown(JSON.parse(await readFile(input.traceFile, 'utf8')) as Trace);
    await context.close();
    return { long, traced, tiny, taps, serverStartSeconds, chromium: browser.version(), pageErrors };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** A session as the auth server issues it (refresh-token grant), for the benchmark's learner. */
async function signInLearner(input: ReaderInput, serverUrl: string): Promise<unknown> {
  const database = openDatabase(input.databaseUrl, { max: 1, onIdleError: () => undefined });
  const issued = await createSession(database.db, input.learnerUserId, { userAgent: 'bench/reading' });
  await database.pool.end();
  const response = await fetch(`${serverUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: issued.refreshToken }),
  });
  if (!response.ok)
    throw new Error(`The session refresh answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A phone-sized page with the session stored where the auth client reads it, collecting the page's errors. */
async function openReaderPage(browser: Browser, input: ReaderInput, serverUrl: string, session: unknown) {
  const context = await browser.newContext({
    baseURL: serverUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(
    ({ key, value }) => {
      // Once: the auth client may rotate the refresh token later, and must keep its own.
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    { key: SESSION_KEY, value: JSON.stringify(session) },
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  if (input.cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: input.cpuSlowdown });
  }
  return { context, page, pageErrors };
}

/** After a warm-up, the measured runs: the tiny chapter, the long one, and taps on its words, each run. */
async function measureRuns(page: Page, input: ReaderInput) {
  const longPath = `/read/${input.storyId}/${input.longChapterId}`;
  const tinyPath = `/read/${input.storyId}/${input.tinyChapterId}`;
  // Warm-up: the app's JavaScript into the HTTP cache, the server's pools and plans ready.
  await renderOnce(page, longPath, input.longChapterId);
  await renderOnce(page, tinyPath, input.tinyChapterId);
  const long: RenderRun[] = [];
  const tiny: RenderRun[] = [];
  const taps: TapRun[] = [];
  for (let run = 0; run < input.runs; run++) {
    tiny.push(await renderOnce(page, tinyPath, input.tinyChapterId));
    long.push(await renderOnce(page, longPath, input.longChapterId));
    taps.push(...(await tapWords(page, input.tapsPerRun)));
    const last = long.at(-1);
    input.log(
      `  load ${run + 1}/${input.runs}: ${last?.words} words rendered in ${last?.renderMs} ms; taps ` +
        taps
          .slice(-input.tapsPerRun)
          .map((tap) => `${tap.word} ${tap.panelMs ?? '–'}/${tap.answerMs}`)
          .join(', '),
    );
  }
  return { long, tiny, taps };
}
