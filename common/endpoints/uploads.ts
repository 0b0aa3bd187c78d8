// Covers and chapter audio, uploaded by the admin area before the story or chapter that uses them is saved
// (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';

/** Under stories/ from the story editor, under covers/ from the stories tab. */
export const CoverUploadQuery = lazy(() =>
  z.object({
    folder: z.enum(['covers', 'stories'], { error: 'folder must be covers or stories.' }).default('covers'),
  }),
);

/** The chapter the audio is for, or `new` before the chapter is saved. */
export const AudioUploadQuery = lazy(() =>
  z.object({
    chapter: z
      .string({ error: 'chapter must be an id or new.' })
      .regex(/^(new|\d{1,12})$/, { error: 'chapter must be an id or new.' })
      .default('new'),
  }),
);

export const UploadedFile = lazy(() =>
  z.object({
    key: z.string(),
    url: z.string(),
    content_type: z.string(),
    size: z.number().int(),
  }),
);

export const UploadedAudio = lazy(() =>
  UploadedFile.extend({ duration_seconds: z.number().int().nullable() }),
);

export const uploadCover = endpoint({
  method: 'POST',
  path: '/api/admin/uploads/cover/',
  access: 'admin',
  query: CoverUploadQuery,
  body: 'multipart',
  response: UploadedFile,
  status: 201,
});

export const uploadAudio = endpoint({
  method: 'POST',
  path: '/api/admin/uploads/audio/',
  access: 'admin',
  query: AudioUploadQuery,
  body: 'multipart',
  response: UploadedAudio,
  status: 201,
});
