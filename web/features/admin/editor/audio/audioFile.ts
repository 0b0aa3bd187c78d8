import { AUDIO_MAX_BYTES, AUDIO_TYPES } from '#common/uploads.ts';

/** Audio chosen for a chapter but not saved yet: the editor uploads it when the story is saved. */
export interface PendingAudio {
  /** A picked file, or a recording as a file named like 'recording-2026-11-22T10-00-00.webm'. */
  file: File;
  /** A recording's elapsed seconds, or a picked file's duration as the browser read it; null if unknown. */
  durationSeconds: number | null;
}

export const NOT_AUDIO = 'Please select an audio file (MP3, WAV, etc.)';
// The spec's sentences, word for word (admin.md §5); audioFile.test.ts checks they still name AUDIO_MAX_BYTES.
export const AUDIO_TOO_LARGE = 'Audio file is too large. Maximum size is 50MB.';
export const AUDIO_HELP =
  'Upload MP3, WAV, or other audio files (max 50MB). Audio will be available during reading.';

// Some systems report no type for audio they do not know (Windows with .opus or .flac, for one); the name is
// then the only clue. The server checks the bytes anyway (decision 053).
const AUDIO_EXTENSIONS = /\.(mp3|wav|m4a|ogg|webm|opus|aac|flac)$/i;

/** Why a picked file cannot be a chapter's audio (admin.md §5), or undefined when it can. */
export function audioFileProblem(file: File): string | undefined {
  const isAudio = file.type === '' ? AUDIO_EXTENSIONS.test(file.name) : file.type.startsWith('audio/');
  if (!isAudio) return NOT_AUDIO;
  if (file.size > AUDIO_MAX_BYTES) return AUDIO_TOO_LARGE;
  return undefined;
}

/**
 * A recording as a file to upload, named after the moment it was made. The type drops the codec parameter
 * ('audio/webm;codecs=opus' → 'audio/webm'); a browser that cannot record WebM (Safari: MP4) keeps its own.
 */
export function recordingFile(blob: Blob, recordedAt: Date): File {
  const type = blob.type.split(';')[0]?.trim() || 'audio/webm';
  const extension = AUDIO_TYPES[type] ?? 'webm';
  const stamp = recordedAt.toISOString().slice(0, 19).replaceAll(':', '-');
  return new File([blob], `recording-${stamp}.${extension}`, { type });
}
