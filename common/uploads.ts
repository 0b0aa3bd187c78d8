/** Largest cover image accepted (the editor compresses to 0.5 MB first; this is the server's hard limit). */
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
/** Largest chapter audio accepted (admin.md §5: 50MB). */
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;

/** Cover types, recognised by their bytes, with the extension their key gets. */
export const COVER_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Audio a browser records or a person uploads: MP3, WAV, WebM/Opus, M4A, OGG. */
export const AUDIO_TYPES: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
};

/**
 * The content type chapter audio is stored and served with: WebM and MP4 are containers that name themselves
 * video/ (a browser's recording reads as video/webm by its bytes), but a chapter's audio is audio, and an
 * <audio> element, a download or a CDN should be told so.
 */
export function audioContentType(mime: string): string {
  return mime.replace(/^video\//, 'audio/');
}

/** A size as admin.md §9 and /submit-video show it: megabytes to one decimal place ("12.3 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
