import { useParams } from 'react-router';
import { NotFound } from '#web/components/NotFound.tsx';
import { StoryEditor } from '#web/features/admin/editor/StoryEditor.tsx';
import { RequireAdmin } from '#web/features/admin/RequireAdmin.tsx';

/** /admin/story/{storyId} (admin.md §2): the story editor, for admins only. */
export function AdminStory() {
  const { storyId } = useParams();
  const id = Number(storyId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return (
    <RequireAdmin>
      {/* A fresh editor per story, so nothing of one story's draft leaks into the next. */}
      <StoryEditor key={id} storyId={id} />
    </RequireAdmin>
  );
}
