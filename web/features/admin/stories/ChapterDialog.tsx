import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createChapter, updateChapter } from '#common/endpoints/stories.ts';
import { plural } from '#common/plural.ts';
import type { AdminChapter, AdminChapterInput, AdminStory } from '#common/schemas/stories.ts';
import { wordCount } from '#common/stories.ts';
import { FormDialog } from '#web/components/ui/FormDialog.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import type { TextBinding } from '#web/lib/form.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useForm } from '#web/lib/useForm.ts';
import { checkChapterText, positionFrom } from './chapterFields.ts';

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
  const form = useForm({
    initial: {
      chapterNumber: initialNumber,
      orderIndex: initialOrder,
      title: chapter?.title ?? '',
      content: chapter?.content ?? '',
    },
    check: ({ title, content }) => checkChapterText({ title, content }, chapter?.generation_prompt),
  });
  const { chapterNumber, orderIndex } = form.values;
  const words = wordCount(form.values.content, story.language.code);

  const save = useMutation({
    mutationFn: (input: AdminChapterInput) =>
      chapter
        ? call(updateChapter, { params: { id: chapter.id }, body: input })
        : call(createChapter, { params: { storyId: story.id }, body: input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminChapters(story.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStories(), exact: true }),
      ]);
      onClose();
    },
    onError: (error) => form.setProblem(failureText(error, 'Failed to save chapter')),
  });

  function handleValid(text: AdminChapterInput) {
    const isNumberChanged = chapterNumber !== initialNumber;
    const isOrderChanged = orderIndex !== initialOrder;
    save.mutate({
      title: text.title,
      content: text.content,
      ...(isNumberChanged || !isEditing ? { chapter_number: positionFrom(chapterNumber) } : {}),
      ...(isOrderChanged ? { order_index: positionFrom(orderIndex) } : {}),
    });
  }

  const isBusy = save.isPending;
  return (
    <FormDialog
      title={isEditing ? 'Edit Chapter' : 'Add Chapter'}
      description={isEditing ? `Change "${chapter.title}".` : 'A new chapter, placed at the number you give.'}
      className="max-w-2xl"
      isBusy={isBusy}
      problem={form.problem}
      submitLabel={isBusy ? 'Saving...' : isEditing ? 'Save Chapter' : 'Add Chapter'}
      onSubmit={form.handleSubmit(handleValid)}
      onClose={onClose}
    >
      <PositionFields
        chapterNumber={form.text('chapterNumber')}
        orderIndex={form.text('orderIndex')}
        onChange={form.update}
        disabled={isBusy}
      />
      <Input label="Title" {...form.text('title')} disabled={isBusy} autoComplete="off" />
      <Textarea
        label="Content"
        rows={12}
        {...form.text('content')}
        disabled={isBusy}
        hint={plural(words, { one: 'word', other: 'words' })}
        className="font-mono text-sm"
      />
    </FormDialog>
  );
}

/** Chapter number and order index; a number that cannot be read becomes 1 when the field is left (admin.md §5). */
function PositionFields({
  chapterNumber,
  orderIndex,
  onChange,
  disabled,
}: {
  chapterNumber: TextBinding;
  orderIndex: TextBinding;
  onChange: (patch: { chapterNumber?: string; orderIndex?: string }) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        label="Chapter Number"
        type="number"
        inputMode="numeric"
        min={1}
        {...chapterNumber}
        onBlur={() => onChange({ chapterNumber: String(positionFrom(chapterNumber.value)) })}
        disabled={disabled}
        hint="Its place in the story, from 1."
      />
      <Input
        label="Order Index"
        type="number"
        inputMode="numeric"
        min={1}
        {...orderIndex}
        onBlur={() => onChange({ orderIndex: String(positionFrom(orderIndex.value)) })}
        disabled={disabled}
        hint="The sort position; when changed, it wins over the number."
      />
    </div>
  );
}
