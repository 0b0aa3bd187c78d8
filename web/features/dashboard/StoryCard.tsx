import { CircleCheck, CloudOff, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { textDirection } from '#common/languages.ts';
import { plural } from '#common/plural.ts';
import { screenPath } from '#common/routes.ts';
import type { StoryListItem } from '#common/schemas/library.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { cn } from '#web/components/ui/cn.ts';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { difficultyBadge, difficultyLabel } from '#web/features/library/difficulty.ts';
import { KnownShare } from '#web/features/library/KnownShare.tsx';
import { StoryCover } from '#web/features/library/StoryCover.tsx';

export type CardKind = 'continue' | 'available' | 'completed';

/** Issue 24: a story downloaded to this device, or one that cannot be read now (offline, not downloaded). */
export type Availability = 'downloaded' | 'needs-connection' | undefined;

/**
 * A story of the library (spec/learner.md §2): cover, title, author, badges, description, chapters and words;
 * a started story adds its progress and 'Continue Reading', a finished one its words and points. The title is
 * the card's link, stretched over the whole card.
 */
export function StoryCard({
  story,
  kind,
  availability,
}: {
  story: StoryListItem;
  kind: CardKind;
  availability?: Availability;
}) {
  const progress = story.user_progress;
  return (
    <li
      className={cn(
        'relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md sm:flex-col sm:p-0',
        // Offline, a story that was not downloaded stays in its place, greyed (its cover without colour, the card
        // flat): it opens again with a network. Its text keeps its contrast, to be read all the same.
        availability === 'needs-connection' && 'border-dashed bg-slate-50 shadow-none',
      )}
    >
      <StoryCover
        url={story.cover_image_url}
        title={story.title}
        className={cn(
          'w-24 shrink-0 self-start sm:w-full sm:rounded-b-none sm:shadow-none',
          availability === 'needs-connection' && 'grayscale',
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:px-4 sm:pb-4">
        <h3
          className="text-lg leading-snug font-semibold text-slate-900"
          lang={story.language}
          dir={textDirection(story.language)}
        >
          <Link
            to={screenPath('story', { storyId: story.id })}
            className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
          >
            {story.title}
          </Link>
        </h3>
        <p className="-mt-1 text-sm text-slate-600">by {story.author}</p>
        <CardBadges story={story} kind={kind} availability={availability} />
        {story.description ? (
          <p className="line-clamp-3 text-sm text-slate-700">{story.description}</p>
        ) : null}
        <p className="text-xs text-slate-500">
          {plural(story.chapter_count, { one: 'chapter', other: 'chapters' })} ·{' '}
          {plural(story.estimated_word_count, { one: 'word', other: 'words' })}
        </p>
        <KnownShare comprehension={story.comprehension} of="story" className="-mt-1 block" />
        {kind === 'continue' ? (
          <div className="mt-1 flex flex-col gap-2">
            <ProgressBar
              value={progress.completion_percentage}
              label={`${story.title}: progress`}
              size="sm"
              tone="blue"
            />
            <Link
              to={screenPath('story', { storyId: story.id })}
              aria-label={`Continue Reading ${story.title}`}
              className={buttonClassName({ size: 'sm', className: 'relative z-10 self-start' })}
            >
              Continue Reading
            </Link>
          </div>
        ) : null}
        {kind === 'completed' ? (
          <p className="text-sm text-green-800">
            {plural(progress.words_read, { one: 'word read', other: 'words read' })} ·{' '}
            {plural(progress.points_earned, { one: 'point earned', other: 'points earned' })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Free or Pro, the difficulty, 18+, ✓ Completed, and (issue 24) Downloaded or Needs a connection. */
function CardBadges({
  story,
  kind,
  availability,
}: {
  story: StoryListItem;
  kind: CardKind;
  availability: Availability;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {story.is_free ? (
        <Badge variant="brand">Free</Badge>
      ) : (
        <Badge variant="accent">
          <Crown className="size-3" aria-hidden="true" />
          Pro
        </Badge>
      )}
      <Badge variant={difficultyBadge(story.difficulty_level)}>
        {difficultyLabel(story.difficulty_level)}
      </Badge>
      {story.is_adult_content ? <Badge variant="red">18+</Badge> : null}
      {kind === 'completed' ? <Badge variant="green">✓ Completed</Badge> : null}
      {availability === 'downloaded' ? (
        <Badge variant="neutral">
          <CircleCheck className="size-3" aria-hidden="true" />
          Downloaded
        </Badge>
      ) : null}
      {availability === 'needs-connection' ? (
        <Badge variant="neutral">
          <CloudOff className="size-3" aria-hidden="true" />
          Needs a connection
        </Badge>
      ) : null}
    </div>
  );
}
