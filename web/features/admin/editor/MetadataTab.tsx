import { type LengthCategory, lengthCategory } from '#common/stories.ts';
import { Input } from '#web/components/ui/Input.tsx';
import { CoverPicker } from '../stories/CoverPicker.tsx';
import { EDITOR_COVER_COMPRESSION } from '../stories/cover.ts';
import { StoryFieldset } from '../stories/StoryFieldset.tsx';
import type { StoryFields } from '../stories/storyFields.ts';
import type { CoverDraft } from './draft.ts';

const LENGTH_LABELS: Record<LengthCategory, string> = {
  very_short: 'Very short (under 500 words)',
  short: 'Short (500-1500 words)',
  medium: 'Medium (1500-5000 words)',
  long: 'Long (5000+ words)',
};

export interface MetadataTabProps {
  fields: StoryFields;
  cover: CoverDraft;
  /** The sum of the chapters' word counts as drafted; its length bucket is shown beside it. */
  wordCount: number;
  onFieldsChange: (patch: Partial<StoryFields>) => void;
  onCoverPick: (file: File | undefined) => void;
  onCoverRemove: () => void;
  onCompressingChange: (isCompressing: boolean) => void;
  disabled: boolean;
}

/**
 * The story editor's Metadata tab (admin.md §2): every field of the story, the derived ones read-only. The
 * fields are the Add Story dialog's, held in the editor's draft rather than in a form of their own.
 */
export function MetadataTab({
  fields,
  cover,
  wordCount,
  onFieldsChange,
  onCoverPick,
  onCoverRemove,
  onCompressingChange,
  disabled,
}: MetadataTabProps) {
  return (
    <div className="flex flex-col gap-5">
      <StoryFieldset
        values={fields}
        onChange={onFieldsChange}
        disabled={disabled}
        gapClassName="gap-5"
        isDescribed
        extraRowFields={
          <>
            <Input
              label="Estimated Word Count"
              value={wordCount.toLocaleString('en')}
              readOnly
              hint="Auto-calculated from chapters"
            />
            <Input
              label="Length Category"
              value={LENGTH_LABELS[lengthCategory(wordCount)]}
              readOnly
              hint="Auto-determined from word count"
            />
          </>
        }
      />
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
