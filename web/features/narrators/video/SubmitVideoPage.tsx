import { CircleCheck, FileVideo, Upload } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { APPLICATION_LIMITS, VIDEO_FIELDS_REQUIRED } from '#common/schemas/teacher-application.ts';
import { formatMegabytes } from '#common/uploads.ts';
import { PublicHeader } from '#web/components/PublicHeader.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import {
  problemWithFile,
  sendVideo,
  startVideoUpload,
  UPLOAD_SUCCESS,
  type UploadProgress,
  uploadFailureText,
  VIDEO_ACCEPT,
} from './videoUpload.ts';

export const SUBMIT_VIDEO_TITLE = 'Submit your sample video · Catamaran';

const INSTRUCTIONS = [
  'Introduce yourself: your name, where you are from and the languages you speak.',
  'Read a short sample of each type of story you would like to narrate.',
  'There is no need to read an entire story: a few paragraphs of each is enough.',
  'Make sure the audio and video quality are clear, in a quiet room.',
  'Your face should be visible throughout the video.',
];

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: UploadProgress }
  | { status: 'success' }
  | { status: 'error'; message: string };

/**
 * /submit-video (learner.md §2, §4, §5, §8): an applicant sends a sample video. The address must be one that
 * sent an application (the start call refuses others with 'Not authorized'); the file goes up with a progress
 * bar of the bytes sent. Idle, uploading, then success or error.
 */
export function SubmitVideoPage() {
  useDocumentTitle(SUBMIT_VIDEO_TITLE);
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [isDragging, setIsDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController>(undefined);
  const resultRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const dropHintId = useId();
  const fileProblemId = useId();
  const isUploading = state.status === 'uploading';

  // Leaving mid-upload would lose it: the browser asks first.
  useEffect(() => {
    if (!isUploading) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isUploading]);
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (state.status === 'success') resultRef.current?.focus();
  }, [state.status]);

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    setFile(chosen);
    setFileProblem(problemWithFile(chosen));
    setState({ status: 'idle' });
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (!isUploading) choose(event.dataTransfer.files[0]);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address || !file) {
      setState({ status: 'error', message: VIDEO_FIELDS_REQUIRED });
      return;
    }
    const problem = problemWithFile(file);
    if (problem) {
      setFileProblem(problem);
      fileInput.current?.focus();
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setState({ status: 'uploading', progress: { sent: 0, total: file.size } });
    try {
      const path = await startVideoUpload(address, file, controller.signal);
      await sendVideo(
        { email: address, path, file },
        (progress) => setState({ status: 'uploading', progress }),
        controller.signal,
      );
      setState({ status: 'success' });
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setState({ status: 'idle' });
        return;
      }
      setState({ status: 'error', message: uploadFailureText(error) });
    } finally {
      upload.current = undefined;
    }
  }

  const percent =
    state.status === 'uploading' && state.progress.total > 0
      ? (state.progress.sent / state.progress.total) * 100
      : 0;

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
            {state.status === 'success' ? (
              <div
                ref={resultRef}
                tabIndex={-1}
                role="status"
                className="flex flex-col items-center gap-3 py-6 text-center focus:outline-none"
              >
                <CircleCheck className="size-12 text-green-600" aria-hidden="true" />
                <p className="text-xl font-semibold text-slate-900">{UPLOAD_SUCCESS}</p>
                <p className="max-w-md text-base text-slate-600">
                  We will watch your video and contact you by email.
                </p>
                <Button variant="outline" onClick={() => setState({ status: 'idle' })}>
                  Send another video
                </Button>
              </div>
            ) : (
              <form
                noValidate
                aria-labelledby={headingId}
                onSubmit={(event) => void handleSubmit(event)}
                className="flex flex-col gap-5"
              >
                <Input
                  label="Email"
                  type="email"
                  autoComplete="email"
                  hint="The address you applied with."
                  value={email}
                  maxLength={APPLICATION_LIMITS.email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={isUploading}
                  required
                />

                <div className="flex flex-col gap-1.5">
                  <span className="text-sm font-medium text-slate-800" aria-hidden="true">
                    Video
                  </span>
                  {/* The whole area is the file chooser's label, and a drop target for a dragged file. */}
                  <label
                    onDragOver={(event) => {
                      event.preventDefault();
                      if (!isUploading) setIsDragging(true);
                    }}
                    onDragLeave={() => setIsDragging(false)}
                    onDrop={handleDrop}
                    className={cn(
                      'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2',
                      isDragging
                        ? 'border-brand-600 bg-brand-50'
                        : 'border-slate-300 bg-white hover:bg-slate-50',
                      isUploading && 'cursor-not-allowed opacity-60',
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
                      ref={fileInput}
                      type="file"
                      accept={VIDEO_ACCEPT}
                      aria-label="Video file"
                      aria-describedby={fileProblem ? `${dropHintId} ${fileProblemId}` : dropHintId}
                      aria-invalid={fileProblem ? true : undefined}
                      disabled={isUploading}
                      onChange={(event) => choose(event.target.files?.[0])}
                      className="sr-only"
                    />
                  </label>
                  {/* Announced when the file chooser closes, so a screen reader hears what was chosen. */}
                  <div aria-live="polite">
                    {file ? (
                      <p className="flex min-w-0 items-center gap-2 text-base text-slate-800">
                        <FileVideo className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                        <span className="min-w-0 break-all">
                          Selected: {file.name}{' '}
                          <span className="text-slate-500">({formatMegabytes(file.size)})</span>
                        </span>
                      </p>
                    ) : null}
                  </div>
                  {fileProblem ? (
                    <p id={fileProblemId} role="alert" className="text-sm font-medium text-red-700">
                      {fileProblem}
                    </p>
                  ) : null}
                </div>

                {state.status === 'uploading' ? (
                  <div className="flex flex-col gap-2">
                    <ProgressBar value={percent} label="Upload progress" />
                    <p className="text-sm text-slate-600">
                      {formatMegabytes(state.progress.sent)} of {formatMegabytes(state.progress.total)} sent (
                      {Math.floor(percent)}%)
                    </p>
                  </div>
                ) : null}
                {state.status === 'error' ? <InlineAlert message={state.message} /> : null}

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
                      onClick={() => upload.current?.abort()}
                      className="w-full sm:w-auto"
                    >
                      Cancel
                    </Button>
                  ) : null}
                </div>
              </form>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
