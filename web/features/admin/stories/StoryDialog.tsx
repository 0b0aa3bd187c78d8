import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createStory } from '#common/endpoints/stories.ts';
import type { AdminStoryInput } from '#common/schemas/stories.ts';
import { FormDialog } from '#web/components/ui/FormDialog.tsx';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useForm } from '#web/lib/useForm.ts';
import { CoverPicker } from './CoverPicker.tsx';
import { UPLOAD_FAILED, uploadCover } from './cover.ts';
import { StoryFieldset } from './StoryFieldset.tsx';
import { checkStoryFields, NEW_STORY_FIELDS } from './storyFields.ts';

type Step = 'uploading' | 'saving';

/** The cover upload failed or yielded no URL: the story is not saved (admin.md §8). */
class UploadFailed extends Error {}

async function uploadOrFail(cover: File): Promise<string> {
  let url: string | undefined;
  try {
    url = await uploadCover(cover);
  } catch (error) {
    throw new UploadFailed(failureText(error, UPLOAD_FAILED));
  }
  if (!url) throw new UploadFailed(UPLOAD_FAILED);
  return url;
}

/**
 * The Add Story dialog of the stories tab (admin.md §2, §5): the story's fields and a cover, which is uploaded
 * first; the story is created with the upload's URL. Mount it to open it.
 */
export function StoryDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({ initial: NEW_STORY_FIELDS, check: checkStoryFields });
  const [cover, setCover] = useState<File>();
  const [isCompressing, setIsCompressing] = useState(false);
  const [step, setStep] = useState<Step>();
  // A save retried after the story was refused reuses the cover already uploaded, rather than storing it twice.
  const uploaded = useRef<{ file: File; url: string }>(undefined);

  const save = useMutation({
    mutationFn: async (input: AdminStoryInput) => {
      let coverUrl: string | null = null;
      if (cover) {
        if (uploaded.current?.file === cover) {
          coverUrl = uploaded.current.url;
        } else {
          setStep('uploading');
          const url = await uploadOrFail(cover);
          uploaded.current = { file: cover, url };
          coverUrl = url;
        }
      }
      setStep('saving');
      return call(createStory, { body: { ...input, cover_image_url: coverUrl } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminStories() });
      onClose();
    },
    onError: (error) => {
      setStep(undefined);
      form.setProblem(
        error instanceof UploadFailed ? error.message : failureText(error, 'Failed to save story'),
      );
    },
  });

  const isBusy = save.isPending;
  return (
    <FormDialog
      title="Add Story"
      description="A new story; add its chapters once it exists."
      className="max-w-2xl"
      isBusy={isBusy}
      problem={form.problem}
      submitLabel={step === 'uploading' ? 'Uploading image...' : isBusy ? 'Saving...' : 'Add Story'}
      isSubmitBlocked={isCompressing}
      onSubmit={form.handleSubmit((input) => save.mutate(input))}
      onClose={onClose}
    >
      <StoryFieldset values={form.values} onChange={form.update} disabled={isBusy} gapClassName="gap-4" />
      <CoverPicker
        file={cover}
        onFileChange={setCover}
        onCompressingChange={setIsCompressing}
        disabled={isBusy}
      />
    </FormDialog>
  );
}
