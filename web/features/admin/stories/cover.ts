import { uploadCover as uploadCoverFile } from '#common/endpoints/uploads.ts';
import { COVER_MAX_BYTES, COVER_TYPES } from '#common/uploads.ts';
import { call } from '#web/lib/call.ts';

/** How a cover is compressed before upload, and the folder it goes to (admin.md §5, §7). */
export interface CoverLimits {
  maxSizeMB: number;
  maxWidthOrHeight: number;
  initialQuality?: number;
  /** The output type; absent keeps the picked type when the server accepts it, else WebP. */
  fileType?: 'image/webp';
  folder: 'covers' | 'stories';
  /** What the picker tells the admin will happen to the image. */
  hint: string;
}

/** The stories tab's cover limits: WebP, 800 px on the longest side, quality 0.8, 0.3 MB, under covers/. */
export const COVER_COMPRESSION: CoverLimits = {
  maxSizeMB: 0.3,
  maxWidthOrHeight: 800,
  initialQuality: 0.8,
  fileType: 'image/webp',
  folder: 'covers',
  hint: 'An image file. It is resized to at most 800 px and converted to WebP, then uploaded when you save.',
};

/** The story editor's cover limits: 0.5 MB and 800 px on the larger side, under stories/. */
export const EDITOR_COVER_COMPRESSION: CoverLimits = {
  maxSizeMB: 0.5,
  maxWidthOrHeight: 800,
  folder: 'stories',
  hint: 'An image file. It is resized to at most 800 px and 0.5 MB, then uploaded when you save.',
};

export const INVALID_IMAGE = 'Please select a valid image file';
export const COMPRESS_FAILED = 'Failed to compress image. Please try a different file.';
export const UPLOAD_FAILED = 'Failed to upload image';

/** The image, compressed to the limits; it rejects when the browser cannot, or cannot enough. */
export async function compressCover(file: File, limits: CoverLimits = COVER_COMPRESSION): Promise<File> {
  // Loaded on first use: only an admin picking a cover needs it.
  const { default: imageCompression } = await import('browser-image-compression');
  // A type the server would refuse (GIF, BMP, HEIC the browser can decode) is converted to WebP.
  const fileType = limits.fileType ?? (file.type in COVER_TYPES ? file.type : 'image/webp');
  const compressed = await imageCompression(file, {
    maxSizeMB: limits.maxSizeMB,
    maxWidthOrHeight: limits.maxWidthOrHeight,
    initialQuality: limits.initialQuality,
    fileType,
    // The library's worker loads its own copy from a CDN, which the Content-Security-Policy forbids.
    useWebWorker: false,
  });
  if (compressed.size > COVER_MAX_BYTES) throw new Error(`The compressed cover is ${compressed.size} bytes.`);
  const type = compressed.type || fileType;
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'cover'}.${COVER_TYPES[type] ?? 'webp'}`;
  return new File([compressed], name, { type });
}

/**
 * Uploads a cover to a folder of admin.md §7 (covers/ from the stories tab, stories/ from the editor) and
 * answers its public URL, or undefined when it is empty. A refusal (413, 415) is thrown with the server's
 * sentence; an answer without a URL fails the declaration's schema, and the callers say 'Failed to upload
 * image' for either (admin.md §8: the save is aborted when the upload yields nothing).
 */
export async function uploadCover(
  file: File,
  folder: CoverLimits['folder'] = 'covers',
): Promise<string | undefined> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await call(uploadCoverFile, { query: { folder }, body: form });
  return answer.url || undefined;
}
