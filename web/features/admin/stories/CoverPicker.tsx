import { X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { FILE_INPUT_CLASS } from '#web/components/ui/FileInput.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import {
  COMPRESS_FAILED,
  COVER_COMPRESSION,
  type CoverLimits,
  compressCover,
  INVALID_IMAGE,
} from './cover.ts';

export interface CoverPickerProps {
  /** The compressed cover waiting to be uploaded with the story, if any. */
  file: File | undefined;
  onFileChange: (file: File | undefined) => void;
  /** Tells the form a compression is under way, so it does not save meanwhile. */
  onCompressingChange?: (isCompressing: boolean) => void;
  disabled?: boolean;
  /** How the image is compressed: the stories tab's limits unless given. */
  limits?: CoverLimits;
  /** The saved cover's URL, previewed (with its remove button) while no new image is picked. */
  currentUrl?: string | null;
  onRemoveCurrent?: () => void;
}

/**
 * The cover image field (admin.md §2, §5): image files only, compressed in the browser before anything is
 * sent, with a preview and a remove button. The upload itself happens when the story is saved.
 */
export function CoverPicker({
  file,
  onFileChange,
  onCompressingChange,
  disabled = false,
  limits = COVER_COMPRESSION,
  currentUrl,
  onRemoveCurrent,
}: CoverPickerProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [isCompressing, setIsCompressing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const previewUrl = usePreviewUrl(file);

  function setCompressing(value: boolean) {
    setIsCompressing(value);
    onCompressingChange?.(value);
  }

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // Cleared, so picking the same file again after a removal still counts as a change.
    event.target.value = '';
    if (!picked) return;
    if (!picked.type.startsWith('image/')) {
      setProblem(INVALID_IMAGE);
      return;
    }
    setProblem(undefined);
    setCompressing(true);
    try {
      onFileChange(await compressCover(picked, limits));
    } catch (error) {
      console.warn('Could not compress the cover image.', error);
      setProblem(COMPRESS_FAILED);
    } finally {
      setCompressing(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Cover Image
      </label>
      {file && previewUrl ? (
        <CoverPreview
          src={previewUrl}
          caption={`${file.name} · ${formatKilobytes(file.size)}`}
          onRemove={() => onFileChange(undefined)}
          disabled={disabled}
        />
      ) : currentUrl ? (
        <CoverPreview
          src={currentUrl}
          caption="The current cover."
          onRemove={() => onRemoveCurrent?.()}
          disabled={disabled}
        />
      ) : null}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        onChange={(event) => void handleChange(event)}
        disabled={disabled || isCompressing}
        aria-describedby={messageId}
        className={FILE_INPUT_CLASS}
      />
      <CoverMessage id={messageId} isCompressing={isCompressing} problem={problem} hint={limits.hint} />
    </div>
  );
}

/** Under the field: the compression under way, what went wrong, or what will happen to the image. */
function CoverMessage(props: {
  id: string;
  isCompressing: boolean;
  problem: string | undefined;
  hint: string;
}) {
  return (
    <div id={props.id}>
      {props.isCompressing ? (
        <Spinner label="Compressing image..." showLabel size="sm" className="text-brand-700" />
      ) : props.problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {props.problem}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{props.hint}</p>
      )}
    </div>
  );
}

function CoverPreview(props: { src: string; caption: string; onRemove: () => void; disabled: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <img
        src={props.src}
        alt="Cover preview"
        className="h-32 w-24 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
      />
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm break-all text-slate-700">{props.caption}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={props.onRemove}
          disabled={props.disabled}
          className="self-start"
        >
          <X className="size-4" aria-hidden="true" />
          Remove cover
        </Button>
      </div>
    </div>
  );
}

/** An object URL for the file's preview, revoked when the file changes or the picker goes. */
function usePreviewUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

function formatKilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
