import { Hand, Trash2 } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import type { ReadAlongTimings } from '#common/schemas/readAlong.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { FileInput } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { failureText } from '#web/lib/api.ts';
import { MatchReport } from './MatchReport.tsx';
import { TapSync } from './TapSync.tsx';
import { TimingsReview } from './TimingsReview.tsx';
import { timedSummary } from './timings.ts';
import { type Review, useTimings } from './useTimings.ts';

export const READ_ALONG_EDITOR_TEXT = {
  needsAudio: 'Add the chapter’s audio and save the story to time its sentences for read-along.',
  needsSave: 'Save the story first: timings are made for the saved text and audio.',
  none: 'No timings yet: learners hear the audio without the text following it.',
} as const;

/**
 * The chapter's read-along timings (issue 23): a WebVTT, SRT or LRC file matched to its sentences, or marks
 * tapped as the audio plays; either way reviewed, nudged and saved. For a saved chapter with saved audio only:
 * timings belong to the text and recording the server holds.
 */
export function ReadAlongEditor({
  chapterId,
  audioUrl,
  durationSeconds,
  hasPendingAudio,
  hasUnsavedChanges,
  disabled,
}: {
  chapterId: number | undefined;
  audioUrl: string | null;
  durationSeconds: number | null;
  /** Audio picked or recorded, uploaded by the next save. */
  hasPendingAudio: boolean;
  hasUnsavedChanges: boolean;
  disabled: boolean;
}) {
  const ready = chapterId !== undefined && audioUrl !== null && !hasUnsavedChanges;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Read-along timings <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      {ready ? (
        <Timings chapterId={chapterId} audioUrl={audioUrl} duration={durationSeconds} disabled={disabled} />
      ) : (
        <p className="text-sm text-slate-600">
          {audioUrl !== null || hasPendingAudio
            ? READ_ALONG_EDITOR_TEXT.needsSave
            : READ_ALONG_EDITOR_TEXT.needsAudio}
        </p>
      )}
    </fieldset>
  );
}

type TimingsState = ReturnType<typeof useTimings>;

function Timings({
  chapterId,
  audioUrl,
  duration,
  disabled,
}: {
  chapterId: number;
  audioUrl: string;
  duration: number | null;
  disabled: boolean;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const timings = useTimings(chapterId);
  const { saved, mode, review } = timings;
  if (saved.isPending) return <Spinner label="Loading timings..." showLabel size="sm" />;
  if (saved.isError) {
    return <InlineAlert message={failureText(saved.error, 'The timings could not be loaded.')} />;
  }
  const busy = disabled || timings.isReading || timings.isSaving || timings.isRemoving;
  return (
    <div className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/useMediaCaption: the chapter's narration, whose transcript is the text being timed */}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={audioUrl}
        aria-label="Audio to time"
        className="w-full"
      />
      {mode === 'tapping' && review ? (
        <TapSync
          sentences={review.sentences.map((sentence) => sentence.text)}
          audio={audio}
          onDone={(starts) => timings.begin({ ...review, starts }, 'review')}
          onCancel={() => timings.setMode('idle')}
        />
      ) : mode === 'review' && review ? (
        <ReviewPanel timings={timings} review={review} audio={audio} duration={duration} busy={busy} />
      ) : (
        <SavedTimings timings={timings} saved={saved.data} busy={busy} />
      )}
      {timings.problem ? <InlineAlert message={timings.problem} /> : null}
      {timings.notice ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {timings.notice}
        </p>
      ) : null}
    </div>
  );
}

/** The timings being made: the file's report, the starts to check and nudge, and Save. */
function ReviewPanel({
  timings,
  review,
  audio,
  duration,
  busy,
}: {
  timings: TimingsState;
  review: Review;
  audio: RefObject<HTMLAudioElement | null>;
  duration: number | null;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      {review.report ? <MatchReport report={review.report} /> : null}
      <p className="text-sm font-medium text-slate-800">{timedSummary(review.starts)}</p>
      <TimingsReview
        sentences={review.sentences}
        starts={review.starts}
        onStartsChange={(starts) => timings.setReview({ ...review, starts })}
        audio={audio}
        duration={duration ?? undefined}
        disabled={busy}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={timings.saveReview} loading={timings.isSaving} disabled={busy}>
          Save timings
        </Button>
        <Button variant="outline" onClick={() => timings.begin(review, 'tapping')} disabled={busy}>
          Tap again
        </Button>
        <Button variant="ghost" onClick={() => timings.setMode('idle')} disabled={busy}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** What is saved, and the ways to make timings: a file, tapping; reviewing or removing saved ones. */
function SavedTimings({
  timings,
  saved,
  busy,
}: {
  timings: TimingsState;
  saved: ReadAlongTimings;
  busy: boolean;
}) {
  const fromSaved = (): Review => ({
    fingerprint: saved.fingerprint,
    sentences: saved.sentences,
    starts: saved.sentences.map((sentence) => sentence.start),
  });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        {saved.is_saved
          ? `Saved: ${timedSummary(saved.sentences.map((sentence) => sentence.start))}.`
          : READ_ALONG_EDITOR_TEXT.none}
      </p>
      <FileInput
        label="Timings file"
        hint="WebVTT (.vtt), SRT (.srt) or LRC (.lrc), up to 1 MB: each cue is matched to the chapter's sentences."
        accept=".vtt,.srt,.lrc,text/vtt,application/x-subrip,text/plain"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void timings.readFile(file);
        }}
        disabled={busy}
      />
      {timings.isReading ? <Spinner label="Matching the file..." showLabel size="sm" /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => timings.begin({ ...fromSaved(), starts: [] }, 'tapping')}
          disabled={busy}
        >
          <Hand className="size-5" aria-hidden="true" />
          Sync by tapping
        </Button>
        {saved.is_saved ? (
          <>
            <Button variant="outline" onClick={() => timings.begin(fromSaved(), 'review')} disabled={busy}>
              Review timings
            </Button>
            <Button
              variant="outline"
              onClick={timings.removeSaved}
              loading={timings.isRemoving}
              disabled={busy}
            >
              <Trash2 className="size-5" aria-hidden="true" />
              Remove timings
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
