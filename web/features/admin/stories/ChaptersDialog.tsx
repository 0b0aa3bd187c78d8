import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { deleteChapter } from '#common/endpoints/stories.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { Dialog, DialogContent } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import {
  ActionsCell,
  AdminTable,
  Cell,
  DeleteIconButton,
  HeaderCell,
  IconButton,
  ListStates,
  Row,
} from '../AdminTable.tsx';
import { useStoryChapters } from '../queries.ts';
import { ChapterDialog } from './ChapterDialog.tsx';

export const LAST_CHAPTER = 'Cannot delete the last chapter';

type Editing = { chapter?: AdminChapter };

/** One past the highest value of a chapter field, and 1 for a story without chapters. */
function nextAfter(chapters: readonly AdminChapter[], field: 'chapter_number' | 'order_index'): number {
  return Math.max(0, ...chapters.map((chapter) => chapter[field])) + 1;
}

/** A new chapter's number and order index: one past the story's highest. */
function newChapterDefaults(chapters: readonly AdminChapter[]) {
  return {
    chapterNumber: nextAfter(chapters, 'chapter_number'),
    orderIndex: nextAfter(chapters, 'order_index'),
  };
}

/**
 * The chapters manager (admin.md §2): a story's chapters with their word counts, and add, edit and delete.
 * Mount it to open it.
 */
export function ChaptersDialog({ story, onClose }: { story: AdminStory; onClose: () => void }) {
  const chapters = useStoryChapters(story.id);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<AdminChapter>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (chapters.error) console.warn('Could not load the chapters.', chapters.error);
  }, [chapters.error]);

  function handleDelete(chapter: AdminChapter) {
    if ((chapters.data?.length ?? 0) <= 1) {
      setProblem(LAST_CHAPTER);
      return;
    }
    setProblem(undefined);
    setDeleting(chapter);
  }

  /** Opens the chapter dialog, for a new chapter or the one given. */
  function openEditor(next: Editing) {
    setProblem(undefined);
    setEditing(next);
  }

  const list = chapters.data ?? [];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={`Chapters of "${story.title}"`}
        description="Word counts are worked out when a chapter is saved."
        className="max-w-3xl"
      >
        <Button onClick={() => openEditor({})} disabled={!chapters.isSuccess} className="self-start">
          <Plus className="size-5" aria-hidden="true" />
          Add Chapter
        </Button>
        {problem ? <InlineAlert message={problem} /> : null}
        <ListStates
          isPending={chapters.isPending}
          isError={chapters.isError}
          rows={list}
          loading="Loading chapters..."
          failed="Failed to load chapters"
          empty="No chapters yet. Add your first chapter!"
        >
          {(rows) => (
            <ChaptersTable
              rows={rows}
              onEdit={(chapter) => openEditor({ chapter })}
              onDelete={handleDelete}
            />
          )}
        </ListStates>

        {editing ? (
          <ChapterDialog
            story={story}
            chapter={editing.chapter}
            defaults={newChapterDefaults(list)}
            onClose={() => setEditing(undefined)}
          />
        ) : null}
        {deleting ? (
          <ConfirmDeleteChapter
            storyId={story.id}
            chapter={deleting}
            onClose={() => setDeleting(undefined)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChaptersTable({
  rows,
  onEdit,
  onDelete,
}: {
  rows: readonly AdminChapter[];
  onEdit: (chapter: AdminChapter) => void;
  onDelete: (chapter: AdminChapter) => void;
}) {
  return (
    <AdminTable
      label="Chapters"
      head={
        <>
          <HeaderCell className="w-12">#</HeaderCell>
          <HeaderCell>Title</HeaderCell>
          <HeaderCell className="text-right">Words</HeaderCell>
          <HeaderCell className="text-right">Actions</HeaderCell>
        </>
      }
    >
      {rows.map((chapter) => (
        <Row key={chapter.id}>
          {/* On a phone "Chapter 1" reads better than "# 1". */}
          <Cell label="Chapter" className="tabular-nums text-slate-700">
            {chapter.chapter_number}
          </Cell>
          <Cell isRowTitle className="font-medium break-words text-slate-900">
            {chapter.title}
          </Cell>
          <Cell label="Words" className="text-right tabular-nums text-slate-700">
            {chapter.word_count}
          </Cell>
          <ActionsCell>
            <IconButton label={`Edit ${chapter.title}`} onClick={() => onEdit(chapter)}>
              <Pencil className="size-4" aria-hidden="true" />
            </IconButton>
            <DeleteIconButton label={`Delete ${chapter.title}`} onClick={() => onDelete(chapter)} />
          </ActionsCell>
        </Row>
      ))}
    </AdminTable>
  );
}

function ConfirmDeleteChapter({
  storyId,
  chapter,
  onClose,
}: {
  storyId: number;
  chapter: AdminChapter;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();

  async function removeChapter() {
    await call(deleteChapter, { params: { id: chapter.id } });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminChapters(storyId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminStories(), exact: true }),
    ]);
  }

  return (
    <ConfirmDeleteDialog
      title="Delete Chapter"
      description={`Are you sure you want to delete "${chapter.title}"? This action cannot be undone.`}
      fallback="Failed to delete chapter"
      onConfirm={removeChapter}
      onClose={onClose}
    />
  );
}
