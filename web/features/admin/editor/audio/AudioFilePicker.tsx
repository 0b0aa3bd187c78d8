import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { InlineAlert } from '#web/features/admin/InlineAlert.tsx';
import { AUDIO_HELP, audioFileProblem, type PendingAudio } from './audioFile.ts';
import { readAudioDuration } from './readAudioDuration.ts';

export interface AudioFilePickerProps {
  onPick: (pending: PendingAudio) => void;
  disabled: boolean;
}

/** The audio file field (admin.md §2, §5): audio up to 50 MB, measured in the browser, uploaded on save. */
export function AudioFilePicker({ onPick, disabled }: AudioFilePickerProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [problem, setProblem] = useState<string>();
  const [isReading, setIsReading] = useState(false);
  const isMounted = useIsMounted();

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again after a removal still counts as a change.
    event.target.value = '';
    if (!file) return;
    const fileProblem = audioFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) return;
    setIsReading(true);
    const durationSeconds = await readAudioDuration(file);
    // Gone meanwhile: a recording was used instead, or the editor moved to another chapter.
    if (!isMounted.current) return;
    setIsReading(false);
    onPick({ file, durationSeconds });
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Audio file
      </label>
      <input
        id={inputId}
        type="file"
        accept="audio/*"
        onChange={(event) => void handleChange(event)}
        disabled={disabled || isReading}
        aria-describedby={messageId}
        aria-invalid={problem ? true : undefined}
        className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800 file:ring-1 file:ring-brand-200 file:ring-inset hover:file:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <div id={messageId} className="flex flex-col gap-2">
        {problem ? <InlineAlert message={problem} /> : null}
        {isReading ? (
          <Spinner label="Reading audio file..." showLabel size="sm" className="text-brand-700" />
        ) : (
          <p className="text-sm text-slate-600">{AUDIO_HELP}</p>
        )}
      </div>
    </div>
  );
}

function useIsMounted() {
  const isMounted = useRef(false);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  return isMounted;
}
