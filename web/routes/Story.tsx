import { useParams } from 'react-router';
import { NotFound } from '#web/components/NotFound.tsx';
import { StoryPage } from '#web/features/library/StoryPage.tsx';

/** /story/{storyId} (spec/learner.md §2); the route asks for a session first. */
export function Story() {
  const id = Number(useParams().storyId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <StoryPage key={id} storyId={id} />;
}
