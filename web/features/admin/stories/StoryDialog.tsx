import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { AdminStory, AdminStoryInput } from '#common/schemas/stories.ts';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, type Difficulty } from '#common/stories.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Switch } from '#web/components/ui/Switch.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { difficultyLabel } from '#web/features/library/difficulty.ts';
import { api } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import { firstIssue } from '#web/lib/form.ts';
import { ADMIN_KEYS, useAdminLanguages } from '../queries.ts';
import { CoverPicker } from './CoverPicker.tsx';
import { UPLOAD_FAILED, uploadCover } from './cover.ts';

export const STORY_REQUIRED = 'Title, author, and language are required';

const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({
  value: difficulty,
  label: difficultyLabel(difficulty),
}));

type Step = 'uploading' | 'saving';

/** The cover upload failed or yielded no URL: the story is not saved (admin.md §8). */
class UploadFailed extends Error {}

async function uploadOrFail(cover: File): Promise<string> {
  let url: string | undefined;
  try {
    url = await uploadCover(cover);
  } catch (error) {
    throw new UploadFailed(apiErrorText(error, UPLOAD_FAILED));
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
  const languages = useAdminLanguages();
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [description, setDescription] = useState('');
  const [languageId, setLanguageId] = useState('');
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  const [topics, setTopics] = useState('');
  const [isPublished, setIsPublished] = useState(false);
  const [isFree, setIsFree] = useState(false);
  const [isAdult, setIsAdult] = useState(false);
  const [cover, setCover] = useState<File>();
  const [isCompressing, setIsCompressing] = useState(false);
  const [step, setStep] = useState<Step>();
  const [problem, setProblem] = useState<string>();
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
      return api('/api/admin/stories/', {
        method: 'POST',
        body: { ...input, cover_image_url: coverUrl },
        schema: AdminStory,
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stories });
      onClose();
    },
    onError: (error) => {
      setStep(undefined);
      setProblem(error instanceof UploadFailed ? error.message : apiErrorText(error, 'Failed to save story'));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdminStoryInput.safeParse({
      title,
      author,
      description,
      language: languageId === '' ? undefined : Number(languageId),
      difficulty_level: difficulty,
      topics,
      is_published: isPublished,
      is_free: isFree,
      is_adult_content: isAdult,
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error.issues, STORY_REQUIRED));
      return;
    }
    setProblem(undefined);
    save.mutate(parsed.data);
  }

  const isBusy = save.isPending;
  const languageOptions = (languages.data ?? []).map((language) => ({
    value: String(language.id),
    label: language.is_active ? language.name : `${language.name} (inactive)`,
  }));

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      <DialogContent
        title="Add Story"
        description="A new story; add its chapters once it exists."
        className="max-w-2xl"
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <Input
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            disabled={isBusy}
            autoComplete="off"
          />
          <Input
            label="Author"
            value={author}
            onChange={(event) => setAuthor(event.target.value)}
            disabled={isBusy}
            autoComplete="off"
          />
          <Textarea
            label="Description"
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            disabled={isBusy}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label="Language"
              options={languageOptions}
              value={languageId}
              onValueChange={setLanguageId}
              placeholder={languages.isPending ? 'Loading languages...' : 'Select a language'}
              disabled={isBusy || languages.isPending}
              error={languages.isError ? 'Failed to load languages' : undefined}
            />
            <Select
              label="Difficulty"
              options={DIFFICULTY_OPTIONS}
              value={difficulty}
              onValueChange={(value) => setDifficulty(value as Difficulty)}
              disabled={isBusy}
            />
          </div>
          <Input
            label="Topics"
            value={topics}
            onChange={(event) => setTopics(event.target.value)}
            disabled={isBusy}
            placeholder="adventure, mystery, romance"
            hint="Separated by commas."
            autoComplete="off"
          />
          <div className="flex flex-col divide-y divide-slate-100 rounded-xl px-3 ring-1 ring-slate-200 ring-inset">
            <Switch
              label="Published"
              checked={isPublished}
              onCheckedChange={setIsPublished}
              disabled={isBusy}
            />
            <Switch label="Free" checked={isFree} onCheckedChange={setIsFree} disabled={isBusy} />
            <Switch
              label="Adult Content (18+)"
              checked={isAdult}
              onCheckedChange={setIsAdult}
              disabled={isBusy}
            />
          </div>
          <CoverPicker
            file={cover}
            onFileChange={setCover}
            onCompressingChange={setIsCompressing}
            disabled={isBusy}
          />
          {problem ? <InlineAlert message={problem} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isBusy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={isBusy} disabled={isCompressing}>
              {step === 'uploading' ? 'Uploading image...' : isBusy ? 'Saving...' : 'Add Story'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
