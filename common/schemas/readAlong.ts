// Read-along timings (issue 23, decision 077): a timed-text file previewed against a chapter's sentences, and
// the starts saved with it.
import { z } from 'zod';
import { MAX_CUE_FILE_BYTES } from '../cues.ts';
import { lazy } from '../lazy.ts';

/** The longest chapter's sentences a save may time: far more than any chapter holds. */
export const MAX_TIMED_SENTENCES = 20_000;

export const ReadAlongPreviewInput = lazy(() =>
  z.object({
    cues: z
      .string({ error: 'cues must be the text of a WebVTT, SRT or LRC file.' })
      .min(1, { error: 'The file is empty.' })
      .max(MAX_CUE_FILE_BYTES, { error: 'The file is over 1 MB: a chapter’s timings fit in far less.' }),
  }),
);
export type ReadAlongPreviewInput = z.infer<typeof ReadAlongPreviewInput>;

/** What a file's cues give the chapter's sentences, before anything is saved. */
export const ReadAlongPreview = lazy(() =>
  z.object({
    format: z.enum(['vtt', 'srt', 'lrc']),
    /** Names the sentences the starts are for: sent back with the save. */
    fingerprint: z.string(),
    sentences: z.array(z.object({ text: z.string(), start: z.number().nullable() })),
    unmatched_cues: z.array(z.object({ start: z.number(), text: z.string() })),
    problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
    /** The share of the chapter's letters the file's words were found for, 0 to 1. */
    coverage: z.number(),
  }),
);
export type ReadAlongPreview = z.infer<typeof ReadAlongPreview>;

const start = lazy(() =>
  z
    .number({ error: 'Each start must be a number of seconds, or null.' })
    .min(0, { error: 'A start cannot be before the audio begins.' })
    .max(24 * 3600, { error: 'A start is beyond any chapter’s audio.' })
    .nullable(),
);

export const ReadAlongInput = lazy(() =>
  z.object({
    fingerprint: z.string({ error: 'fingerprint is required: preview the timings first.' }).min(1).max(128),
    starts: z
      .array(start, { error: 'starts must be a list of seconds, one per sentence.' })
      .max(MAX_TIMED_SENTENCES, { error: 'starts has more entries than any chapter has sentences.' }),
  }),
);
export type ReadAlongInput = z.infer<typeof ReadAlongInput>;

/** A chapter's saved timings, as the editor shows them again. */
export const ReadAlongTimings = lazy(() =>
  z.object({
    fingerprint: z.string(),
    sentences: z.array(z.object({ text: z.string(), start: z.number().nullable() })),
    /** Whether saved timings exist and still fit the chapter's text. */
    is_saved: z.boolean(),
  }),
);
export type ReadAlongTimings = z.infer<typeof ReadAlongTimings>;
