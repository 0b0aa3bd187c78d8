import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  AdminChapter,
  AdminChapterInput,
  type AdminStory,
  CHAPTER_REQUIRED,
  hasRequiredContent,
} from '#common/schemas/stories.ts';
import { wordCount } from '#common/stories.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { api } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import { firstIssue } from '#web/lib/form.ts';
import { ADMIN_KEYS } from '../queries.ts';

/** A position field's number: at least 1, and 1 when it cannot be read (admin.md §5). */
export function positionFrom(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

export interface ChapterDialogProps {
  story: Pick<AdminStory, 'id' | 'language'>;
  /** The chapter to edit; absent to add one. */
  chapter?: AdminChapter;
  /** The new chapter's defaults: one past the story's highest chapter number and order index. */
  defaults: { chapterNumber: number; orderIndex: number };
  onClose: () => void;
}

/**
 * The add/edit chapter dialog of the chapters manager (admin.md §2, §5): chapter number, order index, title and
 * content with a live word count. Only a position the admin changed is sent, so an untouched one never moves
 * the chapter; if both change, the server places it by order index.
 */
export function ChapterDialog({ story, chapter, defaults, onClose }: ChapterDialogProps) {
  const queryClient = useQueryClient();
  const isEditing = chapter !== undefined;
  const initialNumber = String(chapter?.chapter_number ?? defaults.chapterNumber);
  const initialOrder = String(chapter?.order_index ?? defaults.orderIndex);
  const [chapterNumber, setChapterNumber] = useState(initialNumber);
  const [orderIndex, setOrderIndex] = useState(initialOrder);
  const [title, setTitle] = useState(chapter?.title ?? '');
  const [content, setContent] = useState(chapter?.content ?? '');
  const [problem, setProblem] = useState<string>();
  const words = wordCount(content, story.language.code);

  const save = useMutation({
    mutationFn: (input: AdminChapterInput) =>
      chapter
        ? api(`/api/admin/chapters/${chapter.id}/`, { method: 'PUT', body: input, schema: AdminChapter })
        : api(`/api/admin/stories/${story.id}/chapters/`, {
            method: 'POST',
            body: input,
            schema: AdminChapter,
          }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.chapters(story.id) }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stories, exact: true }),
      ]);
      onClose();
    },
    onError: (error) => setProblem(apiErrorText(error, 'Failed to save chapter')),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdminChapterInput.safeParse({ title, content });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error.issues, CHAPTER_REQUIRED));
      return;
    }
    if (!hasRequiredContent(parsed.data.content, chapter?.generation_prompt)) {
      setProblem(CHAPTER_REQUIRED);
      return;
    }
    const isNumberChanged = chapterNumber !== initialNumber;
    const isOrderChanged = orderIndex !== initialOrder;
    setProblem(undefined);
    save.mutate({
      title: parsed.data.title,
      content: parsed.data.content,
      ...(isNumberChanged || !isEditing ? { chapter_number: positionFrom(chapterNumber) } : {}),
      ...(isOrderChanged ? { order_index: positionFrom(orderIndex) } : {}),
    });
  }

  const isBusy = save.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      <DialogContent
        title={isEditing ? 'Edit Chapter' : 'Add Chapter'}
        description={
          isEditing ? `Change "${chapter.title}".` : 'A new chapter, placed at the number you give.'
        }
        className="max-w-2xl"
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label="Chapter Number"
              type="number"
              inputMode="numeric"
              min={1}
              value={chapterNumber}
              onChange={(event) => setChapterNumber(event.target.value)}
              onBlur={() => setChapterNumber(String(positionFrom(chapterNumber)))}
              disabled={isBusy}
              hint="Its place in the story, from 1."
            />
            <Input
              label="Order Index"
              type="number"
              inputMode="numeric"
              min={1}
              value={orderIndex}
              onChange={(event) => setOrderIndex(event.target.value)}
              onBlur={() => setOrderIndex(String(positionFrom(orderIndex)))}
              disabled={isBusy}
              hint="The sort position; when changed, it wins over the number."
            />
          </div>
          <Input
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            disabled={isBusy}
            autoComplete="off"
          />
          <Textarea
            label="Content"
            rows={12}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            disabled={isBusy}
            hint={`${words} ${words === 1 ? 'word' : 'words'}`}
            className="font-mono text-sm"
          />
          {problem ? <InlineAlert message={problem} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isBusy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={isBusy}>
              {isBusy ? 'Saving...' : isEditing ? 'Save Chapter' : 'Add Chapter'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
