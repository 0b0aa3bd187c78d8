import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { FILE_INPUT_CLASS } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
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
        className={FILE_INPUT_CLASS}
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
