import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { APPLICATION_LIMITS } from '#common/schemas/narrators.ts';
import { formatMegabytes } from '#common/uploads.ts';
import { PublicHeader } from '#web/components/PublicHeader.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { useVideoSubmission } from './useVideoSubmission.ts';
import { VideoDropZone } from './VideoDropZone.tsx';
import { UPLOAD_SUCCESS, type UploadProgress } from './videoUpload.ts';

export const SUBMIT_VIDEO_TITLE = 'Submit your sample video · Catamaran';

const INSTRUCTIONS = [
  'Introduce yourself: your name, where you are from and the languages you speak.',
  'Read a short sample of each type of story you would like to narrate.',
  'There is no need to read an entire story: a few paragraphs of each is enough.',
  'Make sure the audio and video quality are clear, in a quiet room.',
  'Your face should be visible throughout the video.',
];

/**
 * /submit-video (learner.md §2, §4, §5, §8): an applicant sends a sample video. The address must be one that
 * sent an application (the start call refuses others with 'Not authorized'); the file goes up with a progress
 * bar of the bytes sent. Idle, uploading, then success or error.
 */
export function SubmitVideoPage() {
  useDocumentTitle(SUBMIT_VIDEO_TITLE);
  const submission = useVideoSubmission();
  const headingId = useId();

  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader>
        <Link
          to={CLIENT_ROUTES.apply}
          className="inline-flex min-h-11 items-center rounded-lg px-2 text-base font-semibold text-brand-800 hover:bg-brand-50"
        >
          Apply to narrate
        </Link>
      </PublicHeader>
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-col gap-2">
          <h1 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
            Submit your sample video
          </h1>
          <p className="text-base text-slate-600">
            Thank you for applying to narrate for Catamaran. Record a short video so we can hear and see you
            read.
          </p>
        </div>

        <Card>
          <CardContent className="flex flex-col gap-3 pt-5 sm:pt-6">
            <h2 className="text-lg font-semibold text-slate-900">What to record</h2>
            <ul className="flex list-disc flex-col gap-2 pl-5 text-base text-slate-700">
              {INSTRUCTIONS.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardContent className="pt-5 sm:pt-6">
            {submission.state.status === 'success' ? (
              <VideoSent onSendAnother={submission.sendAnother} />
            ) : (
              <VideoForm submission={submission} headingId={headingId} />
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

/** The address, the video, the upload's progress or failure, then Upload (and Cancel while it runs). */
function VideoForm({
  submission,
  headingId,
}: {
  submission: ReturnType<typeof useVideoSubmission>;
  headingId: string;
}) {
  const { state, isUploading } = submission;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submission.handleSubmit(event)}
      className="flex flex-col gap-5"
    >
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        hint="The address you applied with."
        value={submission.email}
        maxLength={APPLICATION_LIMITS.email}
        onChange={(event) => submission.setEmail(event.target.value)}
        disabled={isUploading}
        required
      />
      <VideoDropZone
        file={submission.file}
        problem={submission.fileProblem}
        isDisabled={isUploading}
        inputRef={submission.fileInput}
        onChoose={submission.choose}
      />
      {state.status === 'uploading' ? <UploadProgressLine progress={state.progress} /> : null}
      {state.status === 'error' ? (
        <InlineAlert
          message={state.message}
          action={
            state.needsApplication ? (
              <Link
                to={CLIENT_ROUTES.apply}
                className="font-semibold text-red-900 underline underline-offset-4 hover:text-red-950"
              >
                Apply first
              </Link>
            ) : undefined
          }
        />
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          size="lg"
          loading={isUploading}
          disabled={isUploading}
          className="w-full sm:w-auto"
        >
          {isUploading ? 'Uploading…' : 'Upload Video'}
        </Button>
        {isUploading ? (
          <Button
            type="button"
            size="lg"
            variant="outline"
            onClick={submission.cancel}
            className="w-full sm:w-auto"
          >
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function UploadProgressLine({ progress }: { progress: UploadProgress }) {
  const percent = progress.total > 0 ? (progress.sent / progress.total) * 100 : 0;
  return (
    <div className="flex flex-col gap-2">
      <ProgressBar value={percent} label="Upload progress" />
      <p className="text-sm text-slate-600">
        {formatMegabytes(progress.sent)} of {formatMegabytes(progress.total)} sent ({Math.floor(percent)}%)
      </p>
    </div>
  );
}

/** The video is in: what happens next, and a way to send another. It takes the focus as it appears. */
function VideoSent({ onSendAnother }: { onSendAnother: () => void }) {
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => resultRef.current?.focus(), []);
  return (
    <div
      ref={resultRef}
      tabIndex={-1}
      role="status"
      className="flex flex-col items-center gap-3 py-6 text-center focus:outline-none"
    >
      <CircleCheck className="size-12 text-green-600" aria-hidden="true" />
      <p className="text-xl font-semibold text-slate-900">{UPLOAD_SUCCESS}</p>
      <p className="max-w-md text-base text-slate-600">We will watch your video and contact you by email.</p>
      <Button variant="outline" onClick={onSendAnother}>
        Send another video
      </Button>
    </div>
  );
}
