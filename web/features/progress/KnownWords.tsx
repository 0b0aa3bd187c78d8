// /progress's 'Known words' (issue 22): how many words the learner knows in each language, how many they learned
// today, and a chart of their known words day by day (GET /api/terms/known/).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { knownWords } from '#common/endpoints/terms.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { KnownWordsLanguage } from '#common/schemas/terms.ts';
import { cn } from '#web/components/ui/cn.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { knownChart } from './knownChart.ts';

export const KNOWN_WORDS_HEADING = 'Known words';
export const WORDS_LEARNED_TODAY = 'Words learned today';
const RANGES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: 'Year' },
] as const;
const BOX = { width: 600, height: 160 };
const numberFormat = new Intl.NumberFormat();
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateOf = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

function useKnownWords(days: number) {
  return useQuery({
    queryKey: queryKeys.knownWords(days),
    queryFn: ({ signal }) => call(knownWords, { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One language's known words day by day: a line over a filled area, its dates and counts beside it. */
function KnownChart({ language }: { language: KnownWordsLanguage }) {
  const chart = knownChart(
    language.days.map((day) => day.known),
    BOX,
  );
  const first = language.days[0];
  const last = language.days.at(-1);
  if (!first || !last) return null;
  const summary =
    `Known ${language.name} words from ${dateOf(first.date)} to ${dateOf(last.date)}: ` +
    `${numberFormat.format(first.known)} to ${numberFormat.format(last.known)}.`;
  return (
    <figure className="mt-4">
      <div className="flex gap-2">
        <div
          className="flex flex-col justify-between py-0.5 text-right text-xs text-slate-600"
          aria-hidden="true"
        >
          <span>{numberFormat.format(chart.high)}</span>
          <span>{numberFormat.format(chart.low)}</span>
        </div>
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-40 min-w-0 flex-1 overflow-visible rounded-lg border-b border-l border-slate-300"
        >
          <path d={chart.area} className="fill-brand-100" />
          <path
            d={chart.line}
            className="fill-none stroke-brand-700"
            strokeWidth={2.5}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <figcaption className="mt-1 flex justify-between pl-10 text-xs text-slate-600" aria-hidden="true">
        <span>{dateOf(first.date)}</span>
        <span>{dateOf(last.date)}</span>
      </figcaption>
    </figure>
  );
}

/** A language to chart: its name, known words, and those learned today; pressed while charted. */
function LanguageButton({
  language,
  isChosen,
  onChoose,
}: {
  language: KnownWordsLanguage;
  isChosen: boolean;
  onChoose: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isChosen}
      onClick={onChoose}
      className={cn(
        'flex min-h-11 flex-col items-start rounded-xl px-3 py-2 text-left ring-1 ring-inset',
        isChosen ? 'bg-brand-50 ring-brand-300' : 'bg-white ring-slate-200 hover:bg-slate-50',
      )}
    >
      <span className="text-sm font-medium text-slate-700">{language.name}</span>
      <span className="text-lg font-bold text-slate-900">
        {numberFormat.format(language.known)}
        {language.learned_today > 0 ? (
          <span className="ml-1.5 text-sm font-semibold text-emerald-800">
            +{numberFormat.format(language.learned_today)} today
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** Nothing known yet: where known words come from. */
function NoKnownWords() {
  return (
    <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600">
      Words you mark as known while reading are counted here.{' '}
      <Link to={CLIENT_ROUTES.words} className="font-semibold text-brand-700 underline underline-offset-2">
        Import the words you already know
      </Link>
      .
    </p>
  );
}

/** The section: words learned today over every language, a language's chart, and the range of days shown. */
export function KnownWords() {
  const [days, setDays] = useState<number>(RANGES[0].days);
  const [chosen, setChosen] = useState<string>();
  const known = useKnownWords(days);
  const languages = known.data?.languages ?? [];
  const shown = languages.find((language) => language.language === chosen) ?? languages[0];
  const learnedToday = languages.reduce((sum, language) => sum + language.learned_today, 0);
  return (
    <section
      aria-labelledby="known-words-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="known-words-heading" className="text-xl font-semibold text-slate-900">
            {KNOWN_WORDS_HEADING}
          </h2>
          <p className="text-sm text-slate-600">
            {WORDS_LEARNED_TODAY}:{' '}
            <strong className="font-semibold text-slate-900">{numberFormat.format(learnedToday)}</strong>
          </p>
        </div>
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">Days shown</legend>
          {RANGES.map((range) => (
            <button
              key={range.days}
              type="button"
              aria-pressed={days === range.days}
              onClick={() => setDays(range.days)}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-medium',
                days === range.days
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {range.label}
            </button>
          ))}
        </fieldset>
      </div>
      {known.isPending ? (
        <p className="py-12 text-center text-slate-600" role="status">
          Loading known words...
        </p>
      ) : known.isError ? (
        <p className="py-12 text-center text-slate-700" role="alert">
          Your known words could not be loaded. Please try again later.
        </p>
      ) : !shown || languages.every((language) => language.days.every((day) => day.known === 0)) ? (
        <NoKnownWords />
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-2">
            {languages.map((language) => (
              <LanguageButton
                key={language.language}
                language={language}
                isChosen={language.language === shown.language}
                onChoose={() => setChosen(language.language)}
              />
            ))}
          </div>
          <KnownChart language={shown} />
        </>
      )}
    </section>
  );
}
