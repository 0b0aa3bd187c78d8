// The reader, measured in Chromium against the real built app (dist/server/main.js over the benchmark's
// database): how long a chapter takes from the start of its render to its paint, and how long a tapped word
// takes to show the word panel, from the performance marks of web/features/reader (ChapterText.tsx,
// WordPanel.tsx). A phone's screen (390 × 844 at 3×, touch); the learner signed in with a session the auth
// server issued, put where the auth client keeps it. Two long chapters: Spanish, cut into words in the browser,
// and Japanese, whose words the server found (issue 21), with furigana and, as its baseline, without.
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { startBuiltServer } from '../../e2e/support/server.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { openDatabase } from '../../server/db/client.ts';
import { type RenderBreakdown, traceBreakdown } from './trace.ts';

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
  /** A learner with 5,000 known Spanish terms (issue 22): the long chapter is loaded for them too. */
  knowingLearnerUserId: string;
  storyId: number;
  longChapterId: number;
  tinyChapterId: number;
  /** Page loads measured per chapter, after one warm-up load. */
  runs: number;
  /** Taps measured per load of the long chapter. */
  tapsPerRun: number;
  /** Chrome's CPU throttling rate (1: none). */
  cpuSlowdown: number;
  /**
   * Where the trace of one more load of the long Spanish chapter is written (its breakdown is in the result);
   * the Japanese chapter's, beside it with "-ja" in its name.
   */
  traceFile: string;
  /** The Japanese chapter, in the child-level story (furigana) and the teen-level one (no readings). */
  japanese: {
    storyId: number;
    chapterId: number;
    plainStoryId: number;
    plainChapterId: number;
    /** Dictionary forms whose words are tapped (data-l): the demo dictionary's verbs and adjectives. */
    tapLemmas: string[];
  };
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
  /** The markup's length in characters (chapterHtml's string, from the reader:text-set mark). */
  markupLength: number;
  /** The <ruby> elements in the text (readings shown above kanji). */
  rubies: number;
}

export interface TapRun {
  word: string;
  /** The tap (the click event's own time) → the panel painted in its loading state. */
  panelMs: number | null;
  /** The tap → the answer (found, not found or error) painted. */
  answerMs: number;
  answer: string;
}

/** The Japanese chapter's loads: with furigana and the same without (the ruby's baseline), and its taps. */
export interface JapaneseReaderResult {
  long: RenderRun[];
  plain: RenderRun[];
  taps: TapRun[];
  traced: RenderBreakdown | null;
}

export interface ReaderResult {
  long: RenderRun[];
  /** The long Spanish chapter for the knowing learner, its words marked with their statuses (issue 22). */
  longWithStatuses: RenderRun[];
  /** The knowing learner's answer for the long chapter: its statuses, and the chapter's terms. */
  knowingAnswer: { statuses: number; byStatus: Record<string, number>; termMapKeys: number };
  traced: RenderBreakdown | null;
  tiny: RenderRun[];
  taps: TapRun[];
  japanese: JapaneseReaderResult;
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
    const set = performance.getEntriesByName('reader:text-set').at(-1) as PerformanceMark | undefined;
    const answer = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === `/api/chapters/${id}/`)
      .at(-1) as PerformanceResourceTiming | undefined;
    return {
      marks,
      responseEnd: answer?.responseEnd ?? null,
      words: document.querySelectorAll('[data-reader-text] [data-w]').length,
      markupLength: Number(set?.detail?.markupLength ?? Number.NaN),
      rubies: document.querySelectorAll('[data-reader-text] ruby').length,
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
    markupLength: found.markupLength,
    rubies: found.rubies,
  };
}

/**
 * Which words are tapped: the spans `selector` finds whose key (their text, or the attribute named) is one of
 * `keys`. A Japanese word's span holds its furigana (<rt>) too: it is chosen by its dictionary form (data-l).
 */
interface TapChoice {
  selector: string;
  attribute: string | null;
  keys: readonly string[];
}

const SPANISH_TAPS: TapChoice = {
  selector: '[data-reader-text] [data-w]',
  attribute: null,
  keys: TAPPED_WORDS,
};

/** Taps `count` words spread through the text, each one the choice allows and not tapped before on this page. */
async function tapWords(page: Page, count: number, choice: TapChoice): Promise<TapRun[]> {
  const targets = await page.evaluate(
    ({ selector, attribute, keys, count }) => {
      const spans = [...document.querySelectorAll(selector)];
      const chosen: { index: number; word: string }[] = [];
      const used = new Set<string>();
      for (let slot = 0; slot < count; slot++) {
        const from = Math.floor(((slot + 0.5) * spans.length) / count);
        for (let index = from; index < spans.length; index++) {
          const span = spans[index];
          const key = (attribute ? span?.getAttribute(attribute) : span?.textContent) ?? '';
          if (span && keys.includes(key) && !used.has(key)) {
            used.add(key);
            // The word as the panel names it: the span's text without its readings.
            const written = span.cloneNode(true) as Element;
            for (const reading of written.querySelectorAll('rt')) reading.remove();
            chosen.push({ index, word: written.textContent ?? '' });
            break;
          }
        }
      }
      return chosen;
    },
    { ...choice, count },
  );
  const taps: TapRun[] = [];
  for (const { index, word } of targets) {
    const tapsBefore = await page.evaluate(() => performance.getEntriesByName('reader:tap').length);
    await page.locator(choice.selector).nth(index).tap();
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
  input.log(`  the built server is up in ${serverStartSeconds} s at ${server.url}`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const session = await signInLearner(input.databaseUrl, input.learnerUserId, server.url);
    const { context, page, pageErrors } = await openReaderPage(browser, input, server.url, session);
    const knowingSession = await signInLearner(input.databaseUrl, input.knowingLearnerUserId, server.url);
    const knowingAnswer = await chapterStatuses(server.url, knowingSession, input.longChapterId);
    input.log(`  the knowing learner's long chapter carries ${JSON.stringify(knowingAnswer)}`);
    const knowing = await openReaderPage(browser, input, server.url, knowingSession);
    const { long, longWithStatuses, tiny, taps, japanese } = await measureRuns(page, knowing.page, input);
    // One more load of each long chapter, traced: where the render's time goes.
    const traced = await tracedRender(browser, page, input.traceFile, input.storyId, input.longChapterId);
    const { storyId: japaneseStoryId, chapterId: japaneseChapterId } = input.japanese;
    const japaneseTraceFile = input.traceFile.replace(/(\.json)?$/, '-ja.json');
    japanese.traced = await tracedRender(
      browser,
      page,
      japaneseTraceFile,
      japaneseStoryId,
      japaneseChapterId,
    );
    await context.close();
    await knowing.context.close();
    return {
      long,
      longWithStatuses,
      knowingAnswer,
      traced,
      tiny,
      taps,
      japanese,
      serverStartSeconds,
      chromium: browser.version(),
      pageErrors: [...pageErrors, ...knowing.pageErrors],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** One load of a chapter, traced into `file`, and where its render's time went. */
async function tracedRender(browser: Browser, page: Page, file: string, storyId: number, chapterId: number) {
  await browser.startTracing(page, {
    path: file,
    categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'],
  });
  await renderOnce(page, `/read/${storyId}/${chapterId}`, chapterId);
  await browser.stopTracing();
  return traceBreakdown(file);
}

/** A session as the auth server issues it (refresh-token grant), for one of the benchmark's learners. */
async function signInLearner(databaseUrl: string, userId: string, serverUrl: string): Promise<unknown> {
  const database = openDatabase(databaseUrl, { max: 1, onIdleError: () => undefined });
  const issued = await createSession(database.db, userId, { userAgent: 'bench/reading' });
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

/** What the reader gets for a chapter with the session: how many statuses, by status, and its term map's keys. */
async function chapterStatuses(serverUrl: string, session: unknown, chapterId: number) {
  const token = (session as { access_token?: string }).access_token ?? '';
  const response = await fetch(`${serverUrl}/api/chapters/${chapterId}/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`The chapter answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as {
    statuses?: Record<string, string>;
    terms?: Record<string, string>;
  };
  const statuses = Object.values(answer.statuses ?? {});
  const byStatus: Record<string, number> = {};
  for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return { statuses: statuses.length, byStatus, termMapKeys: Object.keys(answer.terms ?? {}).length };
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

const tapsText = (taps: TapRun[]) =>
  taps.map((tap) => `${tap.word} ${tap.panelMs ?? '–'}/${tap.answerMs}`).join(', ');

/**
 * After a warm-up, the measured runs, the chapters in turn within each (so the machine's other work falls on
 * all of them alike): the tiny chapter, the long Spanish one and taps on its words, the Japanese one with
 * furigana and taps on its words, and the Japanese one without readings.
 */
async function measureRuns(page: Page, knowingPage: Page, input: ReaderInput) {
  const { japanese } = input;
  const chapters = {
    long: { path: `/read/${input.storyId}/${input.longChapterId}`, id: input.longChapterId },
    tiny: { path: `/read/${input.storyId}/${input.tinyChapterId}`, id: input.tinyChapterId },
    ja: { path: `/read/${japanese.storyId}/${japanese.chapterId}`, id: japanese.chapterId },
    jaPlain: {
      path: `/read/${japanese.plainStoryId}/${japanese.plainChapterId}`,
      id: japanese.plainChapterId,
    },
  };
  const render = (chapter: { path: string; id: number }) => renderOnce(page, chapter.path, chapter.id);
  const japaneseTaps: TapChoice = {
    selector: '[data-reader-text] [data-w][data-l]',
    attribute: 'data-l',
    keys: japanese.tapLemmas,
  };
  const renderKnowing = () => renderOnce(knowingPage, chapters.long.path, chapters.long.id);
  // Warm-up: the app's JavaScript into the HTTP cache, the server's pools and plans ready.
  for (const chapter of Object.values(chapters)) await render(chapter);
  await renderKnowing();
  const long: RenderRun[] = [];
  const longWithStatuses: RenderRun[] = [];
  const tiny: RenderRun[] = [];
  const taps: TapRun[] = [];
  const measured: JapaneseReaderResult = { long: [], plain: [], taps: [], traced: null };
  for (let run = 0; run < input.runs; run++) {
    tiny.push(await render(chapters.tiny));
    const spanish = await render(chapters.long);
    long.push(spanish);
    const knowing = await renderKnowing();
    longWithStatuses.push(knowing);
    const spanishTaps = await tapWords(page, input.tapsPerRun, SPANISH_TAPS);
    taps.push(...spanishTaps);
    const ruby = await render(chapters.ja);
    measured.long.push(ruby);
    const rubyTaps = await tapWords(page, input.tapsPerRun, japaneseTaps);
    measured.taps.push(...rubyTaps);
    const plain = await render(chapters.jaPlain);
    measured.plain.push(plain);
    input.log(
      `  load ${run + 1}/${input.runs}: Spanish ${spanish.words} words in ${spanish.renderMs} ms ` +
        `(${knowing.renderMs} with statuses), taps ` +
        `${tapsText(spanishTaps)}; Japanese ${ruby.words} words, ${ruby.rubies} ruby, in ${ruby.renderMs} ms ` +
        `(${plain.renderMs} without readings), taps ${tapsText(rubyTaps)}`,
    );
  }
  return { long, longWithStatuses, tiny, taps, japanese: measured };
}
