import { DIFFICULTIES, type Difficulty, type LengthCategory } from '#common/stories.ts';
import { Input } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Switch } from '#web/components/ui/Switch.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { difficultyLabel } from '#web/features/library/difficulty.ts';
import { useAdminLanguages } from '../queries.ts';
import { CoverPicker } from '../stories/CoverPicker.tsx';
import { EDITOR_COVER_COMPRESSION } from '../stories/cover.ts';
import type { CoverDraft, StoryFields } from './draft.ts';

const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({
  value: difficulty,
  label: difficultyLabel(difficulty),
}));

const LENGTH_LABELS: Record<LengthCategory, string> = {
  very_short: 'Very short (under 500 words)',
  short: 'Short (500-1500 words)',
  medium: 'Medium (1500-5000 words)',
  long: 'Long (5000+ words)',
};

export interface MetadataTabProps {
  fields: StoryFields;
  cover: CoverDraft;
  /** The sum of the chapters' word counts as drafted, and its length bucket. */
  wordCount: number;
  lengthCategory: LengthCategory;
  onFieldsChange: (patch: Partial<StoryFields>) => void;
  onCoverPick: (file: File | undefined) => void;
  onCoverRemove: () => void;
  onCompressingChange: (isCompressing: boolean) => void;
  disabled: boolean;
}

/** The story editor's Metadata tab (admin.md §2): every field of the story, the derived ones read-only. */
export function MetadataTab({
  fields,
  cover,
  wordCount,
  lengthCategory,
  onFieldsChange,
  onCoverPick,
  onCoverRemove,
  onCompressingChange,
  disabled,
}: MetadataTabProps) {
  const languages = useAdminLanguages();
  const languageOptions = (languages.data ?? []).map((language) => ({
    value: String(language.id),
    label: language.is_active ? language.name : `${language.name} (inactive)`,
  }));

  return (
    <div className="flex flex-col gap-5">
      <Input
        label="Title"
        value={fields.title}
        onChange={(event) => onFieldsChange({ title: event.target.value })}
        disabled={disabled}
        autoComplete="off"
      />
      <Input
        label="Author"
        value={fields.author}
        onChange={(event) => onFieldsChange({ author: event.target.value })}
        disabled={disabled}
        autoComplete="off"
      />
      <Textarea
        label="Description"
        rows={3}
        value={fields.description}
        onChange={(event) => onFieldsChange({ description: event.target.value })}
        disabled={disabled}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          label="Language"
          options={languageOptions}
          value={fields.languageId}
          onValueChange={(languageId) => onFieldsChange({ languageId })}
          placeholder={languages.isPending ? 'Loading languages...' : 'Select a language'}
          disabled={disabled || languages.isPending}
          error={languages.isError ? 'Failed to load languages' : undefined}
        />
        <Select
          label="Difficulty"
          options={DIFFICULTY_OPTIONS}
          value={fields.difficulty}
          onValueChange={(difficulty) => onFieldsChange({ difficulty: difficulty as Difficulty })}
          disabled={disabled}
        />
        <Input
          label="Estimated Word Count"
          value={wordCount.toLocaleString('en')}
          readOnly
          hint="Auto-calculated from chapters"
        />
        <Input
          label="Length Category"
          value={LENGTH_LABELS[lengthCategory]}
          readOnly
          hint="Auto-determined from word count"
        />
      </div>
      <Input
        label="Topics"
        value={fields.topics}
        onChange={(event) => onFieldsChange({ topics: event.target.value })}
        disabled={disabled}
        placeholder="adventure, mystery, romance"
        hint="Separated by commas."
        autoComplete="off"
      />
      <div className="flex flex-col divide-y divide-slate-100 rounded-xl px-3 ring-1 ring-slate-200 ring-inset">
        <Switch
          label="Published"
          description="Learners can find and read it."
          checked={fields.isPublished}
          onCheckedChange={(isPublished) => onFieldsChange({ isPublished })}
          disabled={disabled}
        />
        <Switch
          label="Free"
          description="Readable without Pro."
          checked={fields.isFree}
          onCheckedChange={(isFree) => onFieldsChange({ isFree })}
          disabled={disabled}
        />
        <Switch
          label="Adult Content (18+)"
          description="Shown only to learners who allow adult content."
          checked={fields.isAdult}
          onCheckedChange={(isAdult) => onFieldsChange({ isAdult })}
          disabled={disabled}
        />
      </div>
      <CoverPicker
        file={cover.pending}
        onFileChange={onCoverPick}
        onCompressingChange={onCompressingChange}
        limits={EDITOR_COVER_COMPRESSION}
        currentUrl={cover.url}
        onRemoveCurrent={onCoverRemove}
        disabled={disabled}
      />
    </div>
  );
}
