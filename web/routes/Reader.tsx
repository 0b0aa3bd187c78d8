import { useParams } from 'react-router';
import { NotFound } from '#web/components/NotFound.tsx';
import { ChapterReader } from '#web/features/reader/ChapterReader.tsx';

/** /read/{storyId}/{chapterId} (spec/learner.md §2): the reader; the route asks for a session first. */
export function Reader() {
  const { storyId, chapterId } = useParams();
  const story = Number(storyId);
  const chapter = Number(chapterId);
  if (!isId(story) || !isId(chapter)) return <NotFound />;
  return <ChapterReader storyId={story} chapterId={chapter} />;
}

function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}
