import { useQueryClient } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deleteStory } from '#common/endpoints/stories.ts';
import { screenPath } from '#common/routes.ts';
import type { AdminStory } from '#common/schemas/stories.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { difficultyBadge, difficultyLabel } from '#web/features/library/difficulty.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { AdminListCard } from '../AdminListCard.tsx';
import {
  ActionsCell,
  AdminTable,
  Cell,
  DeleteIconButton,
  HeaderCell,
  ListStates,
  Row,
} from '../AdminTable.tsx';
import { useAdminStories } from '../queries.ts';
import { ChaptersDialog } from './ChaptersDialog.tsx';
import { StoryDialog } from './StoryDialog.tsx';

/** The Stories tab (admin.md §2): every story with its status, Add Story, chapters and delete. */
export function StoriesTab() {
  const queryClient = useQueryClient();
  const stories = useAdminStories();
  const [isAdding, setIsAdding] = useState(false);
  const [managing, setManaging] = useState<AdminStory>();
  const [deleting, setDeleting] = useState<AdminStory>();

  useEffect(() => {
    if (stories.error) console.warn('Could not load the stories.', stories.error);
  }, [stories.error]);

  async function removeStory(story: AdminStory) {
    await call(deleteStory, { params: { id: story.id } });
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminStories() });
  }

  return (
    <>
      <AdminListCard
        title="Stories"
        description="Open a story to edit it and its chapters."
        addLabel="Add Story"
        onAdd={() => setIsAdding(true)}
      >
        <ListStates
          isPending={stories.isPending}
          isError={stories.isError}
          rows={stories.data}
          loading="Loading stories..."
          failed="Failed to load data"
          empty="No stories found. Add your first story!"
        >
          {(rows) => <StoriesTable rows={rows} onManage={setManaging} onDelete={setDeleting} />}
        </ListStates>
      </AdminListCard>
      {isAdding ? <StoryDialog onClose={() => setIsAdding(false)} /> : null}
      {managing ? <ChaptersDialog story={managing} onClose={() => setManaging(undefined)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete Story"
          description={`Are you sure you want to delete "${deleting.title}"? This action cannot be undone and will delete all chapters.`}
          fallback="Failed to delete story"
          onConfirm={() => removeStory(deleting)}
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
    </>
  );
}

function StoriesTable({
  rows,
  onManage,
  onDelete,
}: {
  rows: readonly AdminStory[];
  onManage: (story: AdminStory) => void;
  onDelete: (story: AdminStory) => void;
}) {
  const navigate = useNavigate();

  function handleRowClick(event: MouseEvent<HTMLTableRowElement>, story: AdminStory) {
    // The row's own link and buttons do their own thing.
    if ((event.target as Element).closest('a, button')) return;
    void navigate(screenPath('adminStory', { storyId: story.id }));
  }

  return (
    <AdminTable
      label="Stories"
      head={
        <>
          <HeaderCell>Title</HeaderCell>
          <HeaderCell>Language</HeaderCell>
          <HeaderCell>Difficulty</HeaderCell>
          <HeaderCell className="text-right">Chapters</HeaderCell>
          <HeaderCell>Status</HeaderCell>
          <HeaderCell className="text-right">Actions</HeaderCell>
        </>
      }
    >
      {rows.map((story) => (
        <Row
          key={story.id}
          onClick={(event) => handleRowClick(event, story)}
          className="cursor-pointer hover:bg-slate-50"
        >
          <Cell isRowTitle className="sm:max-w-72">
            <Link
              to={screenPath('adminStory', { storyId: story.id })}
              className="font-semibold break-words text-slate-900 hover:text-brand-800 hover:underline"
            >
              {story.title}
            </Link>
            <p className="text-sm font-normal break-words text-slate-600">by {story.author}</p>
          </Cell>
          <Cell label="Language" className="whitespace-nowrap text-slate-700">
            {story.language.name}
          </Cell>
          <Cell label="Difficulty">
            <Badge variant={difficultyBadge(story.difficulty_level)}>
              {difficultyLabel(story.difficulty_level)}
            </Badge>
          </Cell>
          <Cell label="Chapters" className="text-right tabular-nums text-slate-700">
            {story.chapter_count}
          </Cell>
          <Cell label="Status">
            <StoryStatus story={story} />
          </Cell>
          <ActionsCell>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Chapters of ${story.title}`}
              onClick={() => onManage(story)}
              // A finger's size on a phone, where the row is not dense.
              className="my-1 max-sm:min-h-11"
            >
              <ListOrdered className="size-4" aria-hidden="true" />
              Chapters
            </Button>
            <DeleteIconButton label={`Delete ${story.title}`} onClick={() => onDelete(story)} />
          </ActionsCell>
        </Row>
      ))}
    </AdminTable>
  );
}

/** Published or Draft, and Free and 18+ where they apply. */
function StoryStatus({ story }: { story: AdminStory }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {story.is_published ? <Badge variant="green">Published</Badge> : <Badge variant="neutral">Draft</Badge>}
      {story.is_free ? <Badge variant="brand">Free</Badge> : null}
      {story.is_adult_content ? <Badge variant="red">18+</Badge> : null}
    </div>
  );
}
