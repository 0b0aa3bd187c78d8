import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { VIDEO_FIELDS_REQUIRED } from '#common/schemas/narrators.ts';
import { useBeforeUnload } from '#web/lib/useBeforeUnload.ts';
import {
  isNotApplicant,
  problemWithFile,
  sendVideo,
  startVideoUpload,
  type UploadProgress,
  uploadFailureText,
} from './videoUpload.ts';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: UploadProgress }
  | { status: 'success' }
  /** `needsApplication`: the address has not applied, so the way on is /apply. */
  | { status: 'error'; message: string; needsApplication?: boolean };

/**
 * A sample video's sending (learner.md §4, §5, §8): the address (from the link's ?email= when there is one)
 * and the file, checked before anything is sent, then the upload with its progress, which can be cancelled.
 * Leaving mid-upload asks first.
 */
export function useVideoSubmission() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController>(undefined);
  const isUploading = state.status === 'uploading';

  // Leaving mid-upload would lose it: the browser asks first.
  useBeforeUnload(isUploading);
  useEffect(() => () => upload.current?.abort(), []);

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    setFile(chosen);
    setFileProblem(problemWithFile(chosen));
    setState({ status: 'idle' });
  }

  /** Sends the video, with its progress; a cancelled upload goes back to idle, any other failure says why. */
  async function send(address: string, chosen: File) {
    const controller = new AbortController();
    upload.current = controller;
    setState({ status: 'uploading', progress: { sent: 0, total: chosen.size } });
    try {
      const path = await startVideoUpload(address, chosen, controller.signal);
      await sendVideo(
        { email: address, path, file: chosen },
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
      const needsApplication = isNotApplicant(error);
      setState({ status: 'error', message: uploadFailureText(error), needsApplication });
    } finally {
      upload.current = undefined;
    }
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
    await send(address, file);
  }

  return {
    email,
    setEmail,
    file,
    fileProblem,
    state,
    isUploading,
    fileInput,
    choose,
    handleSubmit,
    cancel: () => upload.current?.abort(),
    sendAnother: () => setState({ status: 'idle' }),
  };
}
