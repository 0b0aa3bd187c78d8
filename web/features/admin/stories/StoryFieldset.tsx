import type { ReactNode } from 'react';
import { DIFFICULTIES } from '#common/stories.ts';
import { cn } from '#web/components/ui/cn.ts';
import { Input } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Switch } from '#web/components/ui/Switch.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { difficultyLabel } from '#web/features/library/difficulty.ts';
import { bindFields } from '#web/lib/form.ts';
import { useAdminLanguages } from '../queries.ts';
import type { StoryFields } from './storyFields.ts';

const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({
  value: difficulty,
  label: difficultyLabel(difficulty),
}));

/** What each switch means, said under it where there is room (the story editor). */
const SWITCH_DESCRIPTIONS = {
  isPublished: 'Learners can find and read it.',
  isFree: 'Readable without Pro.',
  isAdult: 'Shown only to learners who allow adult content.',
} as const;

const SWITCH_ROW = 'py-3';

export interface StoryFieldsetProps {
  values: StoryFields;
  onChange: (patch: Partial<StoryFields>) => void;
  disabled: boolean;
  /** The space between the fields of the language row, matching the form's own. */
  gapClassName: string;
  /** Read-only values shown in the language row after difficulty (the editor's word count). */
  extraRowFields?: ReactNode;
  /** Says under each switch what it means. */
  isDescribed?: boolean;
}

/**
 * A story's fields (admin.md §2, §5), the same in the Add Story dialog and the story editor's Metadata tab:
 * title, author, description, language and difficulty, topics, and the published, free and adult switches.
 */
export function StoryFieldset({
  values,
  onChange,
  disabled,
  gapClassName,
  extraRowFields,
  isDescribed = false,
}: StoryFieldsetProps) {
  const languages = useAdminLanguages();
  const field = bindFields(values, onChange);
  const languageOptions = (languages.data ?? []).map((language) => ({
    value: String(language.id),
    label: language.is_active ? language.name : `${language.name} (inactive)`,
  }));
  const describe = (name: keyof typeof SWITCH_DESCRIPTIONS) =>
    isDescribed ? SWITCH_DESCRIPTIONS[name] : undefined;

  return (
    <>
      <Input label="Title" {...field.text('title')} disabled={disabled} autoComplete="off" />
      <Input label="Author" {...field.text('author')} disabled={disabled} autoComplete="off" />
      <Textarea label="Description" rows={3} {...field.text('description')} disabled={disabled} />
      <div className={cn('grid sm:grid-cols-2', gapClassName)}>
        <Select
          label="Language"
          options={languageOptions}
          {...field.choice('languageId')}
          placeholder={languages.isPending ? 'Loading languages...' : 'Select a language'}
          disabled={disabled || languages.isPending}
          error={languages.isError ? 'Failed to load languages' : undefined}
        />
        <Select
          label="Difficulty"
          options={DIFFICULTY_OPTIONS}
          {...field.choice('difficulty')}
          disabled={disabled}
        />
        {extraRowFields}
      </div>
      <Input
        label="Topics"
        {...field.text('topics')}
        disabled={disabled}
        placeholder="adventure, mystery, romance"
        hint="Separated by commas."
        autoComplete="off"
      />
      {/* Each row keeps its own padding, so no label or switch touches the frame or the line between rows. */}
      <div className="flex flex-col divide-y divide-slate-100 rounded-xl px-4 ring-1 ring-slate-200 ring-inset">
        <Switch
          label="Published"
          description={describe('isPublished')}
          {...field.checked('isPublished')}
          disabled={disabled}
          wrapperClassName={SWITCH_ROW}
        />
        <Switch
          label="Free"
          description={describe('isFree')}
          {...field.checked('isFree')}
          disabled={disabled}
          wrapperClassName={SWITCH_ROW}
        />
        <Switch
          label="Adult Content (18+)"
          description={describe('isAdult')}
          {...field.checked('isAdult')}
          disabled={disabled}
          wrapperClassName={SWITCH_ROW}
        />
      </div>
    </>
  );
}
