import { FileVideo, Upload } from 'lucide-react';
import { type DragEvent, type Ref, useId, useState } from 'react';
import { formatMegabytes } from '#common/uploads.ts';
import { cn } from '#web/components/ui/cn.ts';
import { VIDEO_ACCEPT } from './videoUpload.ts';

/**
 * The video field: the whole area is the file chooser's label, and a drop target for a dragged file. Under it,
 * the file chosen, and what is wrong with it.
 */
export function VideoDropZone({
  file,
  problem,
  isDisabled,
  inputRef,
  onChoose,
}: {
  file: File | undefined;
  problem: string | undefined;
  isDisabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | undefined) => void;
}) {
  const [isDragging, setIsDragging] = useState(false);
  const dropHintId = useId();
  const problemId = useId();

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled) onChoose(event.dataTransfer.files[0]);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800" aria-hidden="true">
        Video
      </span>
      <label
        onDragOver={(event) => {
          event.preventDefault();
          if (!isDisabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2',
          isDragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:bg-slate-50',
          isDisabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <Upload className="size-8 text-brand-700" aria-hidden="true" />
        <span className="text-base font-semibold text-slate-900">
          Drag and drop your video here, or choose a file
        </span>
        <span id={dropHintId} className="text-sm text-slate-600">
          MP4, WebM, MOV, MKV, AVI or MPEG, up to 500MB.
        </span>
        <input
          ref={inputRef}
          type="file"
          accept={VIDEO_ACCEPT}
          aria-label="Video file"
          aria-describedby={problem ? `${dropHintId} ${problemId}` : dropHintId}
          aria-invalid={problem ? true : undefined}
          disabled={isDisabled}
          onChange={(event) => onChoose(event.target.files?.[0])}
          className="sr-only"
        />
      </label>
      {/* Announced when the file chooser closes, so a screen reader hears what was chosen. */}
      <div aria-live="polite">
        {file ? (
          <p className="flex min-w-0 items-center gap-2 text-base text-slate-800">
            <FileVideo className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="min-w-0 break-all">
              Selected: {file.name} <span className="text-slate-500">({formatMegabytes(file.size)})</span>
            </span>
          </p>
        ) : null}
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
