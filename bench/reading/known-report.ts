// Issue 22's figures (known-api.ts, the list scenario at its rate, the reader with statuses) judged against
// its targets and printed: a pass flag for each target.
import { latencyCells, pad, targetLine } from '../stats.ts';
import type { ApiResult } from './api.ts';
import type { Knowledge } from './knowledge.ts';
import type { KnownApiResult } from './known-api.ts';
import type { ReaderFigures } from './reader-report.ts';
import { p99AtRate } from './report.ts';
import { KNOWN_TARGETS } from './settings.ts';

/** The pass flags of issue 22's targets, for the parts that ran (a part skipped has none). */
export function knownPass(
  knowledge: Knowledge,
  api: { api: ApiResult; known: KnownApiResult } | null,
  reader: ReaderFigures | null,
) {
  const flags: Record<string, boolean> = {
    knownTermsPerLearner: knowledge.knownTerms === KNOWN_TARGETS.knownTerms,
  };
  if (api) {
    const { list, markKnown, listAnswers } = api.known;
    flags.knownListCarriesShares = listAnswers.withShares.withShareMin > 0;
    flags.knownListShareOfTodays = list.shareOfTodays >= KNOWN_TARGETS.listShareOfTodaysList;
    flags.knownListP99AtTargetRate = p99AtRate(api.api.list, KNOWN_TARGETS.listWithSharesP99Ms);
    // "~300": the calls made nine in ten of their chapter's 300 rare terms known, or more (the rest have a
    // status of the learner's own already).
    flags.knownMarkMadeKnown = markKnown.termsMadeKnown.median >= KNOWN_TARGETS.markKnownNewTerms * 0.9;
    flags.knownMarkP99 = markKnown.latency.p99Ms <= KNOWN_TARGETS.markKnownP99Ms;
    flags.knownApiErrors = [...list.todays, ...list.withShares, list.todaysAtTargetRate].every(
      (run) => run.errors + run.timeouts + run.non2xx === 0,
    );
  }
  if (reader) {
    flags.knownChapterStatuses = reader.knowingAnswer.statuses >= KNOWN_TARGETS.chapterStatusesMin;
    flags.knownChapterRender =
      reader.longChapterWithStatuses.renderMsMedian <= KNOWN_TARGETS.chapterWithStatusesRenderMs;
  }
  return flags;
}

const WIDTHS = [42, 7, 8, 8, 8, 8, 8];

/** The lists' rounds, mark-known and its baseline, in a table. */
function printKnownApi(known: KnownApiResult): void {
  const { list, markKnown, listAnswers } = known;
  console.info(pad(['', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'errors'], WIDTHS));
  console.info(`${list.request}, 50 connections, full speed, in turn`);
  list.todays.forEach((run, index) => {
    const withShares = list.withShares[index];
    const row = (label: string, figures: typeof run) =>
      console.info(
        pad([label, ...latencyCells(figures), figures.errors + figures.timeouts + figures.non2xx], WIDTHS),
      );
    row(`  round ${index + 1}: today's list (no statuses)`, run);
    if (withShares) row(`  round ${index + 1}: with shares (5,000 known)`, withShares);
  });
  const atRate = list.todaysAtTargetRate;
  console.info(
    pad(
      [
        `  today's list at ${atRate.offeredRequestsPerSecond} req/s offered`,
        ...latencyCells(atRate),
        atRate.errors + atRate.timeouts + atRate.non2xx,
      ],
      WIDTHS,
    ),
  );
  const shares = listAnswers.withShares;
  console.info(
    `  answers: ${shares.storiesMedian} stories, ${shares.withShareMin}–${shares.withShareMax} with a share; ` +
      `the first learner's known_percent ${shares.knownPercent?.min}–${shares.knownPercent?.max} ` +
      `(median ${shares.knownPercent?.median}), new_words ${shares.newWords?.min}–${shares.newWords?.max}; ` +
      `today's: ${listAnswers.todays.withShareMax} with a share`,
  );
  const made = markKnown.termsMadeKnown;
  const cells = (figures: KnownApiResult['markKnown']['latency']) =>
    `p50 ${figures.p50Ms}, p90 ${figures.p90Ms}, p99 ${figures.p99Ms}, max ${figures.maxMs} ms`;
  console.info(
    `${markKnown.request}: ${markKnown.latency.samples} calls on ${markKnown.chapters} chapters, ` +
      `${made.min}–${made.max} terms made known a call (median ${made.median}): ${cells(markKnown.latency)}`,
  );
  console.info(`  baseline, ${markKnown.baseline.request} in the same loop: ${cells(markKnown.baseline)}`);
}

/** Issue 22's section: the data, the API's figures, the reader's, then the targets with pass or FAIL. */
export function printKnown(
  knowledge: Knowledge,
  api: { api: ApiResult; known: KnownApiResult } | null,
  reader: ReaderFigures | null,
): void {
  const p = knownPass(knowledge, api, reader);
  console.info('');
  console.info(
    `Issue 22: ${knowledge.learners} learners with ${knowledge.knownTerms.toLocaleString('en')} known Spanish ` +
      `terms, ${knowledge.learningTerms} learning and ${knowledge.ignoredTerms} ignored each ` +
      `(${knowledge.learnerStoryKnownRows.toLocaleString('en')} learner_story_known rows)`,
  );
  const lines: Parameters<typeof targetLine>[] = [
    [
      'known terms a learner',
      String(knowledge.knownTerms),
      `${KNOWN_TARGETS.knownTerms}`,
      p.knownTermsPerLearner,
    ],
  ];
  if (api) {
    printKnownApi(api.known);
    const { list, markKnown } = api.known;
    const atRate = api.api.list.catamaranAtTargetRate;
    lines.push(
      [
        'list with shares ÷ today’s list, req/s',
        `${list.withSharesRequestsPerSecondMedian} ÷ ${list.todaysRequestsPerSecondMedian} = ${Math.round(list.shareOfTodays * 100)} %`,
        `≥ ${KNOWN_TARGETS.listShareOfTodaysList * 100} %`,
        p.knownListShareOfTodays,
      ],
      [
        `list with shares, p99 at ${KNOWN_TARGETS.listRequestsPerSecond} req/s`,
        `${atRate?.latencyP99Ms ?? '–'} ms (today's ${list.todaysAtTargetRate.latencyP99Ms})`,
        `≤ ${KNOWN_TARGETS.listWithSharesP99Ms} ms`,
        p.knownListP99AtTargetRate,
      ],
      [
        'mark-known, terms made known (median)',
        String(markKnown.termsMadeKnown.median),
        `~${KNOWN_TARGETS.markKnownNewTerms}`,
        p.knownMarkMadeKnown,
      ],
      [
        'mark-known, p99',
        `${markKnown.latency.p99Ms} ms`,
        `≤ ${KNOWN_TARGETS.markKnownP99Ms} ms`,
        p.knownMarkP99,
      ],
      ['no errors, timeouts or non-2xx (lists)', '', '', p.knownApiErrors],
    );
  }
  if (reader) {
    const { longChapterWithStatuses: withStatuses, longChapter: without, knowingAnswer } = reader;
    console.info(
      `Reader: the ${without.words.toLocaleString('en')}-word chapter for the knowing learner, whose answer ` +
        `carries ${knowingAnswer.statuses.toLocaleString('en')} statuses (${JSON.stringify(knowingAnswer.byStatus)}): ` +
        `render p50 ${withStatuses.renderMsMedian} ms (p95 ${withStatuses.renderMsP95}), without statuses ` +
        `${without.renderMsMedian} ms (p95 ${without.renderMsP95}) in the same loads`,
    );
    lines.push(
      [
        'chapter answer, statuses',
        knowingAnswer.statuses.toLocaleString('en'),
        `≥ ${KNOWN_TARGETS.chapterStatusesMin.toLocaleString('en')}`,
        p.knownChapterStatuses,
      ],
      [
        'chapter with statuses render, median',
        `${withStatuses.renderMsMedian} ms`,
        `≤ ${KNOWN_TARGETS.chapterWithStatusesRenderMs} ms`,
        p.knownChapterRender,
      ],
    );
  }
  console.info('Issue 22 targets:');
  for (const line of lines) targetLine(...line);
}
