// One language's analysis, in a process of its own: the baseline (Intl.Segmenter over the same text, what the
// reader did before issue 21), then the analyser's first use (its load) and repeated analyses of the chapter.
import { analyseText } from '../../server/analysis/service.ts';
import { serveChild } from './children.ts';

export interface AnalyseInput {
  language: string;
  text: string;
  rounds: number;
}

export interface AnalyseResult {
  characters: number;
  baselineMs: number;
  baselineWords: number;
  loadMs: number;
  loadRssMB: number;
  firstMs: number;
  medianMs: number;
  words: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

/** Resident memory after a full collection (the child runs with --expose-gc). */
function settledRss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage.rss();
}

serveChild<AnalyseInput, AnalyseResult>(async ({ language, text, rounds }) => {
  const rssBefore = settledRss();
  // The first analysis of a short text loads the analyser (the chapter's first character: an analyser may load
  // only for text in its own script); its time is the load's.
  const [, loadMs] = timed(() => analyseText(language, text.slice(0, 1)));
  const loadRssMB = (settledRss() - rssBefore) / 1024 / 1024;
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  const baselineRuns: number[] = [];
  let baselineWords = 0;
  for (let round = 0; round < rounds; round++) {
    const [count, ms] = timed(
      () => [...segmenter.segment(text)].filter((segment) => segment.isWordLike).length,
    );
    baselineWords = count;
    baselineRuns.push(ms);
  }
  const [first, firstMs] = timed(() => analyseText(language, text) ?? []);
  const runs: number[] = [];
  for (let round = 0; round < rounds; round++) runs.push(timed(() => analyseText(language, text))[1]);
  return {
    characters: text.length,
    baselineMs: median(baselineRuns),
    baselineWords,
    loadMs,
    loadRssMB,
    firstMs,
    medianMs: median(runs),
    words: first.filter((piece) => piece.isWord).length,
  };
});
