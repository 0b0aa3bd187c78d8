import { AudioLines, X } from 'lucide-react';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { AudioFilePicker } from './AudioFilePicker.tsx';
import { AudioRecorder } from './AudioRecorder.tsx';
import type { PendingAudio } from './audioFile.ts';
import { formatDuration } from './formatDuration.ts';
import { useFocusOnChange } from './useFocusOnChange.ts';
import { useObjectUrl } from './useObjectUrl.ts';

export type { PendingAudio } from './audioFile.ts';

export interface ChapterAudioProps {
  /** The saved audio's URL, or null. */
  audioUrl: string | null;
  /** The saved audio's duration in seconds, or null. */
  durationSeconds: number | null;
  /** Audio chosen but not saved yet. When set it wins over audioUrl in the display. */
  pending: PendingAudio | undefined;
  onPendingChange: (pending: PendingAudio | undefined) => void;
  /** Removes the chapter's audio (the saved one: the editor sends audio_url null on save). */
  onRemove: () => void;
  /** True while the editor uploads the pending audio during a save. */
  isUploading?: boolean;
  disabled?: boolean;
}

/**
 * The chapter editor's audio (admin.md §2, §4, §5): the saved or pending audio with a remove button, or a file
 * field, and a recorder. Nothing is uploaded here: a picked file or a used recording becomes `pending`, and
 * the editor uploads it when the story is saved.
 */
export function ChapterAudio({
  audioUrl,
  durationSeconds,
  pending,
  onPendingChange,
  onRemove,
  isUploading = false,
  disabled = false,
}: ChapterAudioProps) {
  const pendingUrl = useObjectUrl(pending?.file);
  const view = pending ? 'pending' : audioUrl ? 'saved' : 'none';
  const { containerRef, requestFocus } = useFocusOnChange<HTMLDivElement>(view);
  const isLocked = disabled || isUploading;

  function handlePick(picked: PendingAudio) {
    requestFocus();
    onPendingChange(picked);
  }

  function handleRemovePending() {
    requestFocus();
    onPendingChange(undefined);
  }

  function handleRemoveSaved() {
    requestFocus();
    onRemove();
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Chapter Audio <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div ref={containerRef}>
        {pending ? (
          <AudioSummary
            title={pending.file.name}
            durationSeconds={pending.durationSeconds}
            src={pendingUrl}
            note="Not saved yet: it is uploaded when you save the story."
            onRemove={handleRemovePending}
            disabled={isLocked}
          />
        ) : audioUrl ? (
          <AudioSummary
            title="Audio file uploaded"
            durationSeconds={durationSeconds}
            src={audioUrl}
            onRemove={handleRemoveSaved}
            disabled={isLocked}
          />
        ) : (
          <AudioFilePicker onPick={handlePick} disabled={isLocked} />
        )}
      </div>
      {isUploading ? (
        <Spinner label="Uploading audio..." showLabel size="sm" className="text-brand-700" />
      ) : null}
      <AudioRecorder onUse={onPendingChange} disabled={isLocked} />
    </fieldset>
  );
}

interface AudioSummaryProps {
  title: string;
  durationSeconds: number | null;
  /** What to play; a pending file's URL comes a render after the file. */
  src: string | undefined;
  note?: string;
  onRemove: () => void;
  disabled: boolean;
}

function AudioSummary({ title, durationSeconds, src, note, onRemove, disabled }: AudioSummaryProps) {
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-800">
        <AudioLines className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="min-w-0 break-all">{title}</span>
        {durationSeconds === null ? null : (
          <span className="font-normal text-slate-600 tabular-nums">{formatDuration(durationSeconds)}</span>
        )}
      </p>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: chapter audio is a reading of the chapter text, which is its transcript.
        <audio controls preload="metadata" src={src} aria-label="Chapter audio playback" className="w-full" />
      ) : null}
      <Button variant="outline" onClick={onRemove} disabled={disabled} className="self-start">
        <X className="size-5" aria-hidden="true" />
        Remove audio
      </Button>
    </div>
  );
}
