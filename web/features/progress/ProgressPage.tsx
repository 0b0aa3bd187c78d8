import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Award,
  BookOpenText,
  ChevronLeft,
  ChevronRight,
  Flame,
  GraduationCap,
  type LucideIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { getActivity } from '#common/endpoints/activity.ts';
import { plural } from '#common/plural.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { languageProgressQuery } from '#web/features/dashboard/queries.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import {
  type CalendarDay,
  type CalendarMonth,
  calendarDays,
  INTENSITY_CLASSES,
  isSameOrLaterMonth,
  monthOf,
  monthRange,
  monthWeeks,
  NO_READING,
  shiftMonth,
  todayLocal,
} from './calendar.ts';
import { KnownWords } from './KnownWords.tsx';

export const PROGRESS_TITLE = 'Progress · Catamaran';
const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const numberFormat = new Intl.NumberFormat();
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTitle = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The activity of a range of local dates, in every language (GET /api/activity/). */
function useActivity(range: { from: string; to: string }) {
  return useQuery({
    queryKey: queryKeys.activity(range.from, range.to),
    queryFn: ({ signal }) => call(getActivity, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * /progress (spec/learner.md §2): four cards (words read, points, level, streak) and the month calendar of
 * time spent, Sunday first, never into the future; then (issue 22) the known words and those learned today.
 */
export function ProgressPage() {
  useDocumentTitle(PROGRESS_TITLE);
  const today = todayLocal();
  const thisMonth = monthOf(today);
  const [month, setMonth] = useState<CalendarMonth>(thisMonth);
  const progress = useQuery(languageProgressQuery());
  const activity = useActivity(monthRange(month));
  // The streak runs up to today, whatever month is shown: the current month's answer tells it.
  const current = useActivity(monthRange(thisMonth));

  const entries = progress.data ?? [];
  const wordsRead = entries.reduce((sum, entry) => sum + entry.total_words_read, 0);
  const points = entries.reduce((sum, entry) => sum + entry.total_points, 0);
  const level = entries[0] ? capitalise(entries[0].current_level) : '-';
  const streak = current.data?.streak ?? 0;

  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.dashboard} label="Back to Dashboard" />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Progress</h1>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatCard Icon={BookOpenText} title="Words Read" value={numberFormat.format(wordsRead)} />
          <StatCard Icon={Award} title="Total Points" value={numberFormat.format(points)} />
          <StatCard Icon={GraduationCap} title="Level" value={level} />
          <StatCard Icon={Flame} title="Daily Streak" value={plural(streak, { one: 'day', other: 'days' })} />
        </ul>

        <section
          aria-labelledby="time-spent-heading"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <div className="flex items-center justify-between gap-2">
            <div>
              <h2 id="time-spent-heading" className="text-xl font-semibold text-slate-900">
                Time Spent
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {monthTitle.format(Date.UTC(month.year, month.month - 1, 1))}
              </p>
            </div>
            <div className="flex gap-1">
              <MonthButton label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))}>
                <ChevronLeft className="size-5" aria-hidden="true" />
              </MonthButton>
              <MonthButton
                label="Next month"
                disabled={isSameOrLaterMonth(month, thisMonth)}
                onClick={() => setMonth(shiftMonth(month, 1))}
              >
                <ChevronRight className="size-5" aria-hidden="true" />
              </MonthButton>
            </div>
          </div>
          {activity.isPending ? (
            <p className="py-16 text-center text-slate-600" role="status">
              Loading calendar...
            </p>
          ) : (
            <MonthGrid month={month} today={today} days={calendarDays(activity.data?.days ?? [])} />
          )}
          <Legend />
        </section>
        <KnownWords />
      </main>
    </div>
  );
}

function MonthGrid({
  month,
  today,
  days,
}: {
  month: CalendarMonth;
  today: string;
  days: ReadonlyMap<string, CalendarDay>;
}) {
  return (
    <table className="mt-4 w-full table-fixed border-separate border-spacing-1">
      <caption className="sr-only">Minutes read each day</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((letter, index) => (
            <th key={WEEKDAY_NAMES[index]} scope="col" className="pb-1 text-xs font-semibold text-slate-500">
              <abbr title={WEEKDAY_NAMES[index]} className="no-underline">
                {letter}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, index) => {
              // An empty cell before the 1st or after the last day: its place in the week is all it is.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              if (!date) return <td key={`${week.find(Boolean)}-${index}`} />;
              const future = date > today;
              const shown = (!future && days.get(date)) || NO_READING;
              const day = Number(date.slice(8));
              return (
                <td
                  key={date}
                  aria-label={`${dayTitle.format(new Date(`${date}T00:00:00Z`))}: ${shown.spoken}`}
                  aria-current={date === today ? 'date' : undefined}
                  className={cn(
                    'h-12 rounded-lg p-1 align-top sm:h-16',
                    future ? 'bg-slate-50 text-slate-500' : INTENSITY_CLASSES[shown.intensity],
                    // Today's outline (AA non-text contrast: 5.2:1 on the white card), with a white ring between
                    // it and a dark cell; it replaces the faint ring of an empty day rather than fighting it.
                    date === today
                      ? 'ring-2 ring-accent-700 ring-offset-1'
                      : !future && shown.intensity === 0 && 'ring-1 ring-slate-100',
                  )}
                >
                  <span className="block text-xs font-semibold">{day}</span>
                  {shown.label ? (
                    <span className="block text-[0.7rem] leading-tight sm:text-xs">{shown.label}</span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Legend() {
  const steps = ['0', '<15', '15', '30', '45', '60+'];
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-xs text-slate-600" aria-hidden="true">
      <span>Minutes:</span>
      {steps.map((label, index) => (
        <span key={label} className="inline-flex items-center gap-1">
          <span
            className={cn('inline-block size-4 rounded ring-1 ring-slate-200', INTENSITY_CLASSES[index])}
          />
          {label}
        </span>
      ))}
    </div>
  );
}

function StatCard({ Icon, title, value }: { Icon: LucideIcon; title: string; value: string }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <Icon className="size-6 text-brand-700" aria-hidden="true" />
      <p className="mt-2 text-sm text-slate-600">{title}</p>
      <p className="text-2xl font-bold text-slate-900">{value}</p>
    </li>
  );
}

function MonthButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}
