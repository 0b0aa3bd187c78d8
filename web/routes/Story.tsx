import { useParams } from 'react-router';
import { StoryPage } from '#web/features/library/StoryPage.tsx';
import { NotFound } from './NotFound.tsx';

/** /story/{storyId} (spec/learner.md §2); the route asks for a session first. */
export function Story() {
  const id = Number(useParams().storyId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <StoryPage key={id} storyId={id} />;
}
