import { z } from 'zod';
import { COVER_MAX_BYTES } from '#common/uploads.ts';
import { api } from '#web/lib/api.ts';

/** The stories tab's cover limits (admin.md §5): WebP, 800 px on the longest side, quality 0.8, 0.3 MB. */
export const COVER_COMPRESSION = {
  maxSizeMB: 0.3,
  maxWidthOrHeight: 800,
  initialQuality: 0.8,
  fileType: 'image/webp',
  // The library's worker loads its own copy from a CDN, which the Content-Security-Policy forbids.
  useWebWorker: false,
} as const;

export const INVALID_IMAGE = 'Please select a valid image file';
export const COMPRESS_FAILED = 'Failed to compress image. Please try a different file.';
export const UPLOAD_FAILED = 'Failed to upload image';

/** The image, compressed to the stories tab's limits; it rejects when the browser cannot, or cannot enough. */
export async function compressCover(file: File): Promise<File> {
  // Loaded on first use: only an admin picking a cover needs it.
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, { ...COVER_COMPRESSION });
  if (compressed.size > COVER_MAX_BYTES) throw new Error(`The compressed cover is ${compressed.size} bytes.`);
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'cover'}.webp`;
  return new File([compressed], name, { type: compressed.type || COVER_COMPRESSION.fileType });
}

const Uploaded = z.object({ url: z.string().nullish() }).passthrough();

/**
 * Uploads a cover to the stories tab's folder (admin.md §7) and answers its public URL, or undefined when the
 * server answered without one. A refusal (413, 415) is thrown with the server's sentence.
 */
export async function uploadCover(file: File): Promise<string | undefined> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await api('/api/admin/uploads/cover/?folder=covers', {
    method: 'POST',
    body: form,
    schema: Uploaded,
  });
  return answer.url || undefined;
}
