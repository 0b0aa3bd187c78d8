import { useQuery } from '@tanstack/react-query';
import { BookOpen, Search, SearchX } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import type { StoryListItem } from '#common/schemas/library.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useOnline } from '#web/features/offline/useOnline.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { DailyGoalBar } from './DailyGoalBar.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import { FiltersPanel } from './FiltersPanel.tsx';
import {
  CLEARED_FILTERS,
  cardKindOf,
  DEFAULT_FILTERS,
  groupStories,
  justRightStories,
  type StoryFilters,
} from './filters.ts';
import { OfflineStories, useAvailability } from './OfflineStories.tsx';
import { languageProgressQuery, useLanguages, useStoryList } from './queries.ts';
import { type CardKind, StoryCard } from './StoryCard.tsx';
import { useLanguageChoice } from './useLanguageChoice.ts';

export const DASHBOARD_TITLE = 'Library · Catamaran';

// Asked only when a language is chosen for the first time: its code loads then (decision 094).
const LevelDialog = lazy(() =>
  import('./LevelDialog.tsx').then((module) => ({ default: module.LevelDialog })),
);

/**
 * /dashboard (spec/learner.md §2): the header with the language to learn, then the daily goal and the story
 * list of that language. The language chosen is remembered on this device; without one, the learner's first
 * language (oldest progress entry) is chosen for them. A language chosen for the first time asks the learner's
 * level, and its library opens at the stories of that level (issue 23).
 */
export function Dashboard() {
  useDocumentTitle(DASHBOARD_TITLE);
  const languages = useLanguages();
  const progress = useQuery(languageProgressQuery());
  const choice = useLanguageChoice(languages.data, progress.data);
  const { language, opening } = choice;
  const opened = opening?.language === language ? opening : undefined;
  const online = useOnline();

  useEffect(() => {
    if (languages.error) console.warn('Could not load the languages', languages.error);
  }, [languages.error]);

  if (languages.isPending || progress.isPending) return <ScreenSpinner label="Loading your dashboard..." />;

  return (
    <div className="min-h-dvh bg-slate-50">
      <DashboardHeader languages={languages.data ?? []} selected={language} onSelect={choice.handleSelect} />
      {choice.asking ? (
        <Suspense fallback={null}>
          <LevelDialog language={choice.asking} onAnswer={choice.handleAnswer} onSkip={choice.handleSkip} />
        </Suspense>
      ) : null}
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        {language ? (
          <>
            <DailyGoalBar language={language} />
            <Library
              key={opened ? `${language}:${opened.difficulty.join(',')}` : language}
              language={language}
              initialFilters={
                opened ? { ...DEFAULT_FILTERS, difficulty: opened.difficulty } : DEFAULT_FILTERS
              }
            />
          </>
        ) : online ? (
          <Welcome />
        ) : (
          // Offline before this device ever showed the learner's library: what they downloaded (issue 24).
          <OfflineStories />
        )}
      </main>
    </div>
  );
}

function Welcome() {
  return (
    <section className="mx-auto mt-8 flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <BookOpen className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Welcome to Catamaran!</h1>
      <p className="mt-2 text-slate-600">
        Select the language you want to learn at the top of the page to see its stories. Your base language
        defaults to English.
      </p>
    </section>
  );
}

/** The story list of one language: filters, search, and the three sections (spec/learner.md §2, §4). */
function Library({ language, initialFilters }: { language: string; initialFilters: StoryFilters }) {
  const [filters, setFilters] = useState<StoryFilters>(initialFilters);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const stories = useStoryList(language, filters, search);

  useEffect(() => {
    if (stories.error) console.warn('Could not load the stories', stories.error);
  }, [stories.error]);

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(typed);
  }

  function clearAll() {
    setFilters(CLEARED_FILTERS);
    setTyped('');
    setSearch('');
  }

  return (
    <section aria-labelledby="library-heading" className="flex flex-col gap-5">
      {/* On a phone the search takes a row of its own under the heading and Filters, so its placeholder fits
          (issue 23: beside Filters it was cut at 360 px); from sm up, heading left, search and Filters right. */}
      <div className="grid grid-cols-[1fr_auto] items-center gap-3 sm:flex sm:justify-between">
        <h1 id="library-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Stories
        </h1>
        <div className="contents sm:flex sm:items-center sm:gap-2">
          <search className="col-span-2 row-start-2 min-w-0 sm:w-72">
            <form onSubmit={handleSearch} className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <input
                type="search"
                aria-label="Search stories"
                placeholder="Search stories..."
                enterKeyHint="search"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base shadow-sm placeholder:text-slate-500"
              />
            </form>
          </search>
          <FiltersPanel applied={filters} onApply={setFilters} />
        </div>
      </div>

      {stories.isPending ? (
        <div className="py-16">
          <Spinner label="Loading stories..." showLabel className="justify-center text-slate-600" />
        </div>
      ) : stories.isError ? (
        <ListFailure onRetry={() => void stories.refetch()} />
      ) : stories.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <SearchX className="size-10 text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No Stories Found</h2>
          <p className="mt-1 text-slate-600">Try adjusting your filters or search query.</p>
          <Button variant="outline" className="mt-5" onClick={clearAll}>
            Clear All
          </Button>
        </div>
      ) : (
        <StorySections stories={stories.data} />
      )}
    </section>
  );
}

/** The list could not be loaded: offline, the downloaded stories (issue 24); else why, and Try again. */
function ListFailure({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  if (!online) return <OfflineStories />;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-slate-700">The stories could not be loaded. Check your connection and try again.</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function StorySections({ stories }: { stories: readonly StoryListItem[] }) {
  const groups = groupStories(stories);
  const availability = useAvailability();
  const sections: { title: string; kind: CardKind | 'just-right'; items: StoryListItem[] }[] = [
    // Issue 22, above the specification's sections; its stories stay in theirs too.
    { title: 'Just right for you', kind: 'just-right', items: justRightStories(stories) },
    { title: 'Continue Reading', kind: 'continue', items: groups.continueReading },
    { title: 'Available Stories', kind: 'available', items: groups.available },
    { title: 'Completed Stories', kind: 'completed', items: groups.completed },
  ];
  return (
    <div className="flex flex-col gap-8">
      {sections
        .filter((section) => section.items.length > 0)
        .map((section) => (
          <section key={section.kind} aria-label={section.title}>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">{section.title}</h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {section.items.map((story) => (
                <StoryCard
                  key={story.id}
                  story={story}
                  kind={section.kind === 'just-right' ? cardKindOf(story) : section.kind}
                  availability={availability(story.id)}
                />
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
