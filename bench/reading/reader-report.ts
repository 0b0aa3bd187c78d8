// The reader's figures (reader.ts) summed up, judged against issue 6's targets and printed: the long Spanish
// chapter, the Japanese one with furigana and without readings (issue 21) and the tiny baseline side by side,
// medians and p95s of their loads and of their taps, a pass flag for each target.
import { median, pad, round1, targetLine } from '../stats.ts';
import type { GeneratedLibrary } from './data.ts';
import type { ReaderResult, RenderRun, TapRun } from './reader.ts';
import { CPU_SLOWDOWN, READER_RUNS, TARGETS } from './settings.ts';
import type { RenderBreakdown } from './trace.ts';

/** The nearest-rank percentile: the p95 of 7 loads is the slowest of them, of 35 taps the second slowest. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function summarise(runs: RenderRun[], characters: number) {
  const mid = (pick: (run: RenderRun) => number | null) =>
    round1(median(runs.map((run) => pick(run) ?? Number.NaN)));
  return {
    words: runs[0]?.words ?? 0,
    characters,
    markupLength: mid((run) => run.markupLength),
    rubies: runs[0]?.rubies ?? 0,
    renderMsMedian: mid((run) => run.renderMs),
    renderMsP95: percentile(
      runs.map((run) => run.renderMs),
      95,
    ),
    markupMsMedian: mid((run) => run.markupMs),
    commitMsMedian: mid((run) => run.commitMs),
    paintMsMedian: mid((run) => run.paintMs),
    fromChapterResponseMsMedian: mid((run) => run.fromChapterResponseMs),
    fromNavigationMsMedian: mid((run) => run.fromNavigationMs),
    renderMsMin: Math.min(...runs.map((run) => run.renderMs)),
    renderMsMax: Math.max(...runs.map((run) => run.renderMs)),
    runs,
  };
}

/** Taps summed up: the tap → the panel painted (loading), and → the answer painted. */
function summariseTaps(taps: TapRun[]) {
  const panel = taps.map((tap) => tap.panelMs ?? Number.NaN);
  const answer = taps.map((tap) => tap.answerMs);
  return {
    count: taps.length,
    panelMsMedian: round1(median(panel)),
    panelMsP95: percentile(panel, 95),
    answerMsMedian: round1(median(answer)),
    answerMsP95: percentile(answer, 95),
    panelMsMax: Math.max(...taps.map((tap) => tap.panelMs ?? 0)),
    answerMsMax: Math.max(...answer),
    answers: Object.fromEntries(
      [...new Set(taps.map((tap) => tap.answer))].map((kind) => [
        kind,
        taps.filter((tap) => tap.answer === kind).length,
      ]),
    ),
    runs: taps,
  };
}

/** A chapter's figures in a line of the side-by-side comparison. */
function compared(chapter: ReturnType<typeof summarise>, taps: ReturnType<typeof summariseTaps> | null) {
  return {
    words: chapter.words,
    characters: chapter.characters,
    markupLength: chapter.markupLength,
    rubies: chapter.rubies,
    renderMsP50: chapter.renderMsMedian,
    renderMsP95: chapter.renderMsP95,
    tapToPanelMsP50: taps?.panelMsMedian ?? null,
    tapToPanelMsP95: taps?.panelMsP95 ?? null,
    tapToAnswerMsP50: taps?.answerMsMedian ?? null,
    tapToAnswerMsP95: taps?.answerMsP95 ?? null,
  };
}

export type ReaderFigures = ReturnType<typeof readerFigures>;

export function readerFigures(
  reader: ReaderResult,
  chapters: GeneratedLibrary['reader'],
  buildSeconds: number | null,
) {
  const longChapter = summarise(reader.long, chapters.longChapterCharacters);
  const longChapterWithStatuses = summarise(reader.longWithStatuses, chapters.longChapterCharacters);
  const tinyChapter = summarise(reader.tiny, chapters.tinyChapterCharacters);
  const taps = summariseTaps(reader.taps);
  const japanese = {
    chapter: summarise(reader.japanese.long, chapters.japanese.characters),
    chapterWithoutReadings: summarise(reader.japanese.plain, chapters.japanese.characters),
    taps: summariseTaps(reader.japanese.taps),
    tracedChapter: reader.japanese.traced,
  };
  return {
    what:
      'Debian Chromium, headless, a 390 × 844 phone screen at 3× with touch; the marks of web/features/reader ' +
      '(render: chapterHtml starts → the text is painted; tap: the click event → the panel is painted)',
    chromium: reader.chromium,
    cpuSlowdown: CPU_SLOWDOWN,
    buildSeconds,
    serverStartSeconds: reader.serverStartSeconds,
    /** The long chapters' figures side by side (p95: nearest rank; of 7 loads, the slowest). */
    sideBySide: {
      spanish: compared(longChapter, taps),
      spanishWithStatuses: compared(longChapterWithStatuses, null),
      japaneseWithFurigana: compared(japanese.chapter, japanese.taps),
      japaneseWithoutReadings: compared(japanese.chapterWithoutReadings, null),
      tinyBaseline: compared(tinyChapter, null),
    },
    longChapter,
    /** The same chapter for a learner with 5,000 known Spanish terms (issue 22), and what their answer held. */
    longChapterWithStatuses,
    knowingAnswer: reader.knowingAnswer,
    tinyChapter,
    tracedLongChapter: reader.traced,
    taps,
    /**
     * The analysed chapter (issue 21): 10,000 characters of Japanese with the server's words, shown with
     * furigana (child level), its taps on inflected verbs and adjectives, and the same chapter without readings
     * (teen level), the ruby's baseline.
     */
    japanese,
    pageErrors: reader.pageErrors,
  };
}

export function readerPass(reader: ReaderFigures) {
  return {
    chapterWords: reader.longChapter.words >= TARGETS.chapterWords,
    chapterRender: reader.longChapter.renderMsMedian <= TARGETS.chapterRenderMs,
    tapToPanel: reader.taps.panelMsMedian <= TARGETS.tapToPanelMs,
    tapToAnswer: reader.taps.answerMsMedian <= TARGETS.tapToPanelMs,
    japaneseChapterRender: reader.japanese.chapter.renderMsMedian <= TARGETS.chapterRenderMs,
    japaneseTapToPanel: reader.japanese.taps.panelMsMedian <= TARGETS.tapToPanelMs,
    japaneseTapToAnswer: reader.japanese.taps.answerMsMedian <= TARGETS.tapToPanelMs,
    pageErrors: reader.pageErrors.length === 0,
  };
}

type Summary = ReturnType<typeof summarise>;
type TapSummary = ReturnType<typeof summariseTaps>;

const READER_WIDTHS = [36, 21, 21, 21, 21, 21];
const thousands = (value: number) => (Number.isNaN(value) ? '–' : value.toLocaleString('en'));

/** The chapters side by side: Spanish, Japanese with furigana, Japanese without readings, the tiny baseline. */
function printReaderTable(reader: ReaderFigures): void {
  const { longChapter: long, tinyChapter: tiny, taps, japanese } = reader;
  const chapters: [Summary, Summary, Summary, Summary, Summary] = [
    long,
    reader.longChapterWithStatuses,
    japanese.chapter,
    japanese.chapterWithoutReadings,
    tiny,
  ];
  const row = (label: string, cell: (chapter: Summary) => string | number) =>
    console.info(pad([`  ${label}`, ...chapters.map(cell)], READER_WIDTHS));
  const tapRow = (label: string, cell: (tapped: TapSummary) => string) =>
    console.info(pad([`  ${label}`, cell(taps), '', cell(japanese.taps), '', ''], READER_WIDTHS));
  console.info(
    pad(
      ['', 'Spanish', 'Spanish, statuses', 'Japanese, furigana', 'Japanese, no ruby', 'Spanish tiny (base)'],
      READER_WIDTHS,
    ),
  );
  row('words (spans)', (chapter) => thousands(chapter.words));
  row('characters of text', (chapter) => thousands(chapter.characters));
  row('markup, characters', (chapter) => thousands(chapter.markupLength));
  row('<ruby> elements', (chapter) => thousands(chapter.rubies));
  row('render p50 / p95, ms', (chapter) => `${chapter.renderMsMedian} / ${chapter.renderMsP95}`);
  row('  min – max', (chapter) => `${chapter.renderMsMin} – ${chapter.renderMsMax}`);
  row(
    '  markup + commit + paint, p50',
    (chapter) => `${chapter.markupMsMedian}+${chapter.commitMsMedian}+${chapter.paintMsMedian}`,
  );
  row('chapter answer → paint, p50', (chapter) => chapter.fromChapterResponseMsMedian);
  row('navigation → paint, p50', (chapter) => chapter.fromNavigationMsMedian);
  tapRow('tap → panel, p50 / p95, ms', (tapped) => `${tapped.panelMsMedian} / ${tapped.panelMsP95}`);
  tapRow('tap → answer, p50 / p95, ms', (tapped) => `${tapped.answerMsMedian} / ${tapped.answerMsP95}`);
  tapRow('  taps: answers', (tapped) =>
    Object.entries(tapped.answers)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', '),
  );
}

/** A traced load's breakdown, in a line. */
function printTraced(label: string, traced: RenderBreakdown | null): void {
  if (!traced) return;
  console.info(
    `  ${label}, one traced load (${traced.renderMs} ms): main thread ${Object.entries(traced.mainThreadMs)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ')}; raster threads ${traced.rasterMs} ms`,
  );
}

/** The reader's chapters side by side, their traced loads, then the targets. */
export function printReader(reader: ReaderFigures): void {
  const p = readerPass(reader);
  const { longChapter: long, taps, japanese } = reader;
  console.info('');
  console.info(
    `Reader (Chromium ${reader.chromium}, CPU slowdown ${CPU_SLOWDOWN}×, phone screen at 3×), ${READER_RUNS} loads ` +
      `of each chapter, ${taps.count} and ${japanese.taps.count} taps (a p95 of ${READER_RUNS} loads is their slowest):`,
  );
  console.info(
    '  render: chapterHtml starts → the text is painted (markup + commit of the innerHTML + style, layout, paint)',
  );
  printReaderTable(reader);
  printTraced('Spanish', reader.tracedLongChapter);
  printTraced('Japanese with furigana', japanese.tracedChapter);
  const lines: Parameters<typeof targetLine>[] = [
    [
      'Spanish chapter render, median',
      `${long.renderMsMedian} ms`,
      `≤ ${TARGETS.chapterRenderMs} ms`,
      p.chapterRender,
    ],
    [
      'Spanish tap → panel painted, median',
      `${taps.panelMsMedian} ms`,
      `≤ ${TARGETS.tapToPanelMs} ms`,
      p.tapToPanel,
    ],
    [
      'Spanish tap → translation, median',
      `${taps.answerMsMedian} ms`,
      `≤ ${TARGETS.tapToPanelMs} ms`,
      p.tapToAnswer,
    ],
    [
      'Japanese (furigana) render, median',
      `${japanese.chapter.renderMsMedian} ms`,
      `≤ ${TARGETS.chapterRenderMs} ms`,
      p.japaneseChapterRender,
    ],
    [
      'Japanese tap → panel painted, median',
      `${japanese.taps.panelMsMedian} ms`,
      `≤ ${TARGETS.tapToPanelMs} ms`,
      p.japaneseTapToPanel,
    ],
    [
      'Japanese tap → translation, median',
      `${japanese.taps.answerMsMedian} ms`,
      `≤ ${TARGETS.tapToPanelMs} ms`,
      p.japaneseTapToAnswer,
    ],
    ['no page errors', '', '', p.pageErrors],
  ];
  for (const line of lines) targetLine(...line);
  if (reader.pageErrors.length > 0) console.info(`  page errors: ${reader.pageErrors.join(' | ')}`);
}
