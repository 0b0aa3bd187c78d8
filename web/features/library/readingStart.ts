import type { StoryDetail } from '#common/schemas/library.ts';

/** The story page's main action: its label, and the chapter it opens. */
export interface ReadingStart {
  label: 'Start reading' | 'Continue' | 'Read again';
  chapter: StoryDetail['chapters'][number];
}

/**
 * Where the learner's reading of a story goes on (issue 23): the first chapter when they have finished none
 * ('Start reading') or all ('Read again'), else the first unfinished chapter in the story's order
 * ('Continue'). Undefined for a story without chapters.
 */
export function readingStart(
  story: Pick<StoryDetail, 'chapters' | 'user_progress'>,
): ReadingStart | undefined {
  const [first] = story.chapters;
  if (!first) return undefined;
  const isFinished = (chapter: StoryDetail['chapters'][number]) =>
    story.user_progress.chapters[String(chapter.id)]?.is_completed ?? false;
  const unfinished = story.chapters.find((chapter) => !isFinished(chapter));
  if (!unfinished) return { label: 'Read again', chapter: first };
  const hasFinishedAny = story.chapters.some(isFinished);
  return hasFinishedAny
    ? { label: 'Continue', chapter: unfinished }
    : { label: 'Start reading', chapter: first };
}
