import { startVideoUpload as startUpload, uploadVideo } from '#common/endpoints/narrators.ts';
import {
  APPLICANT_VIDEO_EXTENSIONS,
  APPLICANT_VIDEO_MAX_BYTES,
  type ApplicantVideo,
  NOT_AUTHORIZED,
  UNSUPPORTED_VIDEO,
  VIDEO_TOO_LARGE,
} from '#common/schemas/narrators.ts';
import { ApiError, currentTimeZone, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';

// The sample-video upload of /submit-video (learner.md §7): the start call hands out a path for an applicant's
// address, then the file goes up as a form, with its progress reported as bytes are sent.

export const UPLOAD_FAILED = 'Upload failed';
export const UNEXPECTED_ERROR = 'Unexpected error';
export const UPLOAD_SUCCESS = 'Upload successful. Thank you!';
/** What the file chooser offers: the extensions and the types browsers give such files. */
export const VIDEO_ACCEPT = [
  ...APPLICANT_VIDEO_EXTENSIONS.map((extension) => `.${extension}`),
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
  'video/x-msvideo',
  'video/mpeg',
].join(',');

/** Why a chosen file cannot be sent, before anything is sent; undefined when it may be. */
export function problemWithFile(file: { name: string; size: number }): string | undefined {
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (!extension || !(APPLICANT_VIDEO_EXTENSIONS as readonly string[]).includes(extension))
    return UNSUPPORTED_VIDEO;
  if (file.size > APPLICANT_VIDEO_MAX_BYTES) return VIDEO_TOO_LARGE;
  if (file.size === 0) return 'That file is empty.';
  return undefined;
}

export interface UploadProgress {
  sent: number;
  total: number;
}

/** A refusal or failure as the sentence learner.md §8 shows: the server's own, else its fallback. */
export function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403 && !error.isServerMessage) return NOT_AUTHORIZED;
  return failureText(error, UPLOAD_FAILED, UNEXPECTED_ERROR);
}

/** Whether the server refused the address as one that has not applied ('Not authorized'): /apply comes first. */
export function isNotApplicant(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** Asks for an upload path; refused ('Not authorized') for an address that has not applied. */
export async function startVideoUpload(email: string, file: File, signal?: AbortSignal): Promise<string> {
  const query = { email, filename: file.name, content_type: file.type };
  const { upload_path } = await call(startUpload, { query, signal });
  return upload_path;
}

/**
 * Sends the video as multipart (email, path, then file, the order the server reads them in), to the address
 * of its declaration (uploadVideo), and answers the stored video as its schema reads it. XMLHttpRequest, not
 * fetch: only it reports the bytes sent as they go. Rejects with an ApiError (status 0 when the network
 * failed), or an AbortError when `signal` aborts.
 */
export function sendVideo(
  fields: { email: string; path: string; file: File },
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ApplicantVideo> {
  const form = new FormData();
  form.append('email', fields.email);
  form.append('path', fields.path);
  form.append('file', fields.file, fields.file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(uploadVideo.method, uploadVideo.path);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Timezone', currentTimeZone());
    request.upload.addEventListener('progress', (event) => {
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : fields.file.size });
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        return reject(errorOfAnswer(request.status, request.responseText));
      }
      try {
        resolve(uploadVideo.response.parse(JSON.parse(request.responseText)));
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, UNEXPECTED_ERROR)));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled.', 'AbortError')),
    );
    if (signal?.aborted) return request.abort();
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function errorOfAnswer(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.trim() !== '')
      return new ApiError(status, body.error, true);
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return new ApiError(status, UPLOAD_FAILED);
}
