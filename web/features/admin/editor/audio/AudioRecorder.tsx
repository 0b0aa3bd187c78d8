import { Check, CircleCheck, Mic, Pause, Play, Square, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { type PendingAudio, recordingFile } from './audioFile.ts';
import { formatDuration } from './formatDuration.ts';
import { type AudioRecorder as Recorder, useAudioRecorder } from './useAudioRecorder.ts';
import { useFocusOnChange } from './useFocusOnChange.ts';

export interface AudioRecorderProps {
  /** Receives a finished recording the person chose to use. */
  onUse: (pending: PendingAudio) => void;
  /** Stops new recordings from starting or being used; one under way can still be finished. */
  disabled: boolean;
}

/** The 'Or Record Audio' section of the chapter editor (admin.md §2, §4). */
export function AudioRecorder({ onUse, disabled }: AudioRecorderProps) {
  const recorder = useAudioRecorder();
  const { containerRef, requestFocus } = useFocusOnChange<HTMLDivElement>(recorder.state);

  // Each of these replaces the button just pressed, so focus moves on to the next step's first control.
  function withFocus(action: () => void) {
    return () => {
      requestFocus();
      action();
    };
  }

  // Use pressed in the moment between Stop and the browser handing the data over (long on a busy machine) is
  // carried out when the data arrives, not dropped.
  const [isUseWaiting, setIsUseWaiting] = useState(false);
  const { recording, elapsedSeconds, discard } = recorder;
  useEffect(() => {
    if (!isUseWaiting || !recording) return;
    setIsUseWaiting(false);
    onUse({ file: recordingFile(recording, new Date()), durationSeconds: elapsedSeconds });
    discard();
  }, [isUseWaiting, recording, elapsedSeconds, onUse, discard]);

  function handleUse() {
    setIsUseWaiting(true);
  }

  function handleDiscard() {
    setIsUseWaiting(false);
    recorder.discard();
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Or Record Audio</legend>
      <div ref={containerRef} className="flex flex-col gap-3">
        {recorder.state === 'idle' ? (
          <Button
            variant="secondary"
            onClick={withFocus(() => void recorder.start())}
            loading={recorder.isStarting}
            disabled={disabled}
            className="self-start"
          >
            {recorder.isStarting ? null : <Mic className="size-5" aria-hidden="true" />}
            Start Recording
          </Button>
        ) : recorder.state === 'stopped' ? (
          <RecordingReview
            recorder={recorder}
            onUse={withFocus(handleUse)}
            onDiscard={withFocus(handleDiscard)}
            isUseWaiting={isUseWaiting}
            disabled={disabled}
          />
        ) : (
          <RecordingControls
            recorder={recorder}
            onStop={withFocus(recorder.stop)}
            onCancel={withFocus(recorder.cancel)}
          />
        )}
      </div>
      {recorder.error ? <InlineAlert message={recorder.error} /> : null}
    </fieldset>
  );
}

function RecordingControls({
  recorder,
  onStop,
  onCancel,
}: {
  recorder: Recorder;
  onStop: () => void;
  onCancel: () => void;
}) {
  const isPaused = recorder.state === 'paused';
  return (
    <>
      <p className="flex items-center gap-2 font-medium text-slate-800">
        <span
          aria-hidden="true"
          className={cn('size-3 rounded-full', isPaused ? 'bg-slate-400' : 'animate-pulse bg-red-600')}
        />
        {isPaused ? 'Paused' : 'Recording'}
        {/* A timer is not announced as it changes (implicit aria-live off): a screen reader reads it on demand. */}
        <span role="timer" aria-label="Recording time" className="text-lg tabular-nums">
          {formatDuration(recorder.elapsedSeconds)}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={isPaused ? recorder.resume : recorder.pause}>
          {isPaused ? (
            <Play className="size-5" aria-hidden="true" />
          ) : (
            <Pause className="size-5" aria-hidden="true" />
          )}
          {isPaused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="outline" onClick={onStop}>
          <Square className="size-5" aria-hidden="true" />
          Stop
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <X className="size-5" aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </>
  );
}

function RecordingReview({
  recorder,
  onUse,
  onDiscard,
  isUseWaiting,
  disabled,
}: {
  recorder: Recorder;
  onUse: () => void;
  onDiscard: () => void;
  isUseWaiting: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <p className="flex items-center gap-2 font-medium text-slate-800">
        <CircleCheck className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>Recording complete</span>
        <span className="font-normal text-slate-600 tabular-nums">
          {formatDuration(recorder.elapsedSeconds)}
        </span>
      </p>
      {recorder.recordingUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a recording made a moment ago has no captions; the chapter text is its transcript.
        <audio controls src={recorder.recordingUrl} aria-label="Recording playback" className="w-full" />
      ) : null}
      <p className="text-sm text-slate-600">Using it replaces the chapter's audio when you save the story.</p>
      <div className="flex flex-wrap gap-2">
        {/* Not disabled while the browser hands the data over (milliseconds): focus lands here after Stop. */}
        <Button onClick={onUse} disabled={disabled} loading={isUseWaiting}>
          {isUseWaiting ? null : <Check className="size-5" aria-hidden="true" />}
          Use This Recording
        </Button>
        <Button variant="outline" onClick={onDiscard}>
          <Trash2 className="size-5" aria-hidden="true" />
          Discard
        </Button>
      </div>
    </>
  );
}
