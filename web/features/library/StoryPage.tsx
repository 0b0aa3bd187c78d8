import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Crown, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { textDirection } from '#common/languages.ts';
import { plural } from '#common/plural.ts';
import { CLIENT_ROUTES, screenPath } from '#common/routes.ts';
import type { StoryDetail } from '#common/schemas/library.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { UpgradePanel } from '#web/features/account/UpgradePanel.tsx';
import { DownloadControl } from '#web/features/offline/DownloadControl.tsx';
import { useDownloadOwner } from '#web/features/offline/useDownloads.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { difficultyBadge, difficultyLabel } from './difficulty.ts';
import { KnownShare } from './KnownShare.tsx';
import { markChapterUnread, storyDetailQuery } from './queries.ts';
import { readingStart } from './readingStart.ts';
import { StoryCover } from './StoryCover.tsx';

export const STORY_NOT_FOUND = 'Story not found';

/**
 * /story/{storyId} (spec/learner.md §2): the story's cover and facts, its progress, and its chapters, each
 * leading to the reader; a completed chapter can be marked incomplete. Reloaded whenever the window regains
 * the focus, so progress made in another tab shows.
 */
export function StoryPage({ storyId }: { storyId: number }) {
  const story = useQuery({ ...storyDetailQuery(storyId), refetchOnWindowFocus: 'always' });
  useDocumentTitle(story.data ? `${story.data.title} · Catamaran` : 'Story · Catamaran');

  if (story.isPending) return <ScreenSpinner label="Loading..." />;
  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.dashboard} label="Back to Library" />
      {story.isError ? (
        <main id="main" className="mx-auto max-w-3xl px-4 py-20 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{STORY_NOT_FOUND}</h1>
          <p className="mt-2 text-slate-600">It may have been moved or removed.</p>
        </main>
      ) : (
        <StoryContent story={story.data} />
      )}
    </div>
  );
}

function StoryContent({ story }: { story: StoryDetail }) {
  const overall = story.user_progress.overall;
  const direction = textDirection(story.language);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <StoryCover
          url={story.cover_image_url}
          title={story.title}
          className="mx-auto w-40 shrink-0 sm:mx-0 sm:w-48"
        />
        <div className="min-w-0 flex-1">
          <StoryBadges story={story} />
          <h1
            lang={story.language}
            dir={direction}
            className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900"
          >
            {story.title}
          </h1>
          <p className="mt-1 text-slate-600">by {story.author}</p>
          {story.description ? <p className="mt-4 text-slate-700">{story.description}</p> : null}
          <p className="mt-4 text-sm text-slate-600">
            {plural(story.chapters.length, { one: 'chapter', other: 'chapters' })} ·{' '}
            {plural(story.estimated_word_count, { one: 'word', other: 'words' })}
          </p>
          <KnownShare comprehension={story.comprehension} of="story" className="mt-1 block" />
          {overall.completion_percentage > 0 ? (
            <div className="mt-4 max-w-sm">
              <p className="mb-1.5 text-sm font-medium text-slate-700">
                {overall.completion_percentage}% complete
              </p>
              <ProgressBar
                value={overall.completion_percentage}
                label="Story progress"
                tone={overall.is_completed ? 'green' : 'blue'}
              />
            </div>
          ) : null}
          {story.is_locked ? null : <StartReading story={story} />}
          {story.is_locked ? null : <DownloadControl storyId={story.id} />}
        </div>
      </div>

      {story.is_locked ? (
        <UpgradePanel title="This story is for Pro members" className="mt-8">
          Its chapters open with Pro, with every other story in all 14 languages.
        </UpgradePanel>
      ) : null}

      <section aria-labelledby="chapters-heading" className="mt-10">
        <h2 id="chapters-heading" className="text-xl font-semibold text-slate-900">
          Chapters
        </h2>
        <ol className="mt-4 space-y-3">
          {story.chapters.map((chapter) => (
            <ChapterRow
              key={chapter.id}
              storyId={story.id}
              language={story.language}
              chapter={chapter}
              isLocked={story.is_locked}
              progress={story.user_progress.chapters[String(chapter.id)]}
            />
          ))}
        </ol>
      </section>
    </main>
  );
}

/** The story's difficulty, Free or Pro, and '✓ Story Complete' once every chapter is read. */
function StoryBadges({ story }: { story: StoryDetail }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={difficultyBadge(story.difficulty_level)}>
        {difficultyLabel(story.difficulty_level)}
      </Badge>
      {story.is_free ? (
        <Badge variant="brand">Free</Badge>
      ) : (
        <Badge variant="accent">
          <Crown className="size-3" aria-hidden="true" />
          Pro
        </Badge>
      )}
      {story.user_progress.overall.is_completed ? <Badge variant="green">✓ Story Complete</Badge> : null}
    </div>
  );
}

/**
 * The story's main action (issue 23): 'Start reading' the first chapter, 'Continue' at the first unfinished
 * one, or 'Read again' from the first once all are finished; named with the chapter it opens.
 */
function StartReading({ story }: { story: StoryDetail }) {
  const start = readingStart(story);
  if (!start) return null;
  return (
    <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      <Link
        to={screenPath('reader', { storyId: story.id, chapterId: start.chapter.id })}
        className={buttonClassName({ size: 'lg', className: 'w-full sm:w-auto' })}
      >
        {start.label}
      </Link>
      <p className="min-w-0 text-sm text-slate-600">
        Chapter {start.chapter.chapter_number}:{' '}
        <span lang={story.language} className="font-medium text-slate-800">
          {start.chapter.title}
        </span>
      </p>
    </div>
  );
}

/**
 * What ends a chapter's link: a lock when the story is locked for the learner (Pro, and they have not: issue 23,
 * rough edge 10), else a chevron while the chapter is unread.
 */
function ChapterMark({ isLocked, isCompleted }: { isLocked: boolean; isCompleted: boolean }) {
  if (isLocked) {
    return <Lock role="img" aria-label="Locked: Pro only" className="size-5 shrink-0 text-amber-700" />;
  }
  return isCompleted ? null : <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />;
}

/** Takes a chapter's completion back (through the outbox: issue 24), then refreshes what shows it. */
function useMarkIncomplete(chapterId: number) {
  const queryClient = useQueryClient();
  const owner = useDownloadOwner();
  return useMutation({
    mutationFn: () => markChapterUnread(owner, chapterId),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chapter(chapterId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.languageProgress() });
      // The story's own query is under the list's key: both are refetched.
      await queryClient.invalidateQueries({ queryKey: queryKeys.stories() });
    },
  });
}

function ChapterRow({
  storyId,
  language,
  chapter,
  isLocked,
  progress,
}: {
  storyId: number;
  language: string;
  chapter: StoryDetail['chapters'][number];
  isLocked: boolean;
  progress: StoryDetail['user_progress']['chapters'][string] | undefined;
}) {
  const markIncomplete = useMarkIncomplete(chapter.id);
  const completed = progress?.is_completed ?? false;
  const started = !completed && (progress?.completion_percentage ?? 0) > 0;

  return (
    <li className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-3 p-4">
        <Link
          to={screenPath('reader', { storyId, chapterId: chapter.id })}
          className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium text-brand-700">Chapter {chapter.chapter_number}</span>
            <span
              lang={language}
              className="block truncate text-lg font-semibold text-slate-900 group-hover:text-brand-800"
            >
              {chapter.title}
            </span>
            <span className="block text-sm text-slate-500">
              {plural(chapter.word_count, { one: 'word', other: 'words' })}
            </span>
            <KnownShare comprehension={chapter.comprehension} of="chapter" className="block" />
          </span>
          <ChapterMark isLocked={isLocked} isCompleted={completed} />
        </Link>
        {completed ? (
          <div className="flex shrink-0 flex-col items-end gap-2">
            <Badge variant="green">✓ Completed</Badge>
            <Button
              variant="ghost"
              size="sm"
              loading={markIncomplete.isPending}
              onClick={() => markIncomplete.mutate()}
            >
              Mark Incomplete
            </Button>
          </div>
        ) : null}
      </div>
      {started && progress ? (
        <div className="px-4 pb-4">
          <ProgressBar
            value={progress.completion_percentage}
            label={`Chapter ${chapter.chapter_number} progress`}
            size="sm"
            tone="blue"
          />
        </div>
      ) : null}
      {markIncomplete.isError ? (
        <p role="alert" className="px-4 pb-3 text-sm text-red-700">
          The chapter could not be marked incomplete. Please try again.
        </p>
      ) : null}
    </li>
  );
}
