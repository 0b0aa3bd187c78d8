import { z } from 'zod';
import { lazy } from '../lazy.ts';
import { formatCount } from '../plural.ts';
import {
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  LENGTH_CATEGORIES,
  MAX_LIVE_COUNT_CHARACTERS,
} from '../stories.ts';
import { integerColumn, MAX_INTEGER } from './ids.ts';
import { NO_SUCH_LANGUAGE } from './languages.ts';

const STORY_REQUIRED = 'Title, author, and language are required';
export const CHAPTER_REQUIRED = 'Title and content are required';

const requiredText = (error: string, max: number) => z.string({ error }).trim().min(1, { error }).max(max);
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` }).default(false);

/** A story as the admin area sends it (admin.md §3, §5); derived values are the server's and are ignored. */
export const AdminStoryInput = lazy(() =>
  z.object({
    title: requiredText(STORY_REQUIRED, 300),
    author: requiredText(STORY_REQUIRED, 200),
    description: z.string().trim().max(5000).default(''),
    // Sent as an integer on save; older forms send an object with its id. Past the id column's range it names
    // no language, as an unknown id does.
    language: z.preprocess(
      (value) => (typeof value === 'object' && value !== null && 'id' in value ? value.id : value),
      z.coerce
        .number({ error: STORY_REQUIRED })
        .int({ error: STORY_REQUIRED })
        .positive({ error: STORY_REQUIRED })
        .max(MAX_INTEGER, { error: NO_SUCH_LANGUAGE }),
    ),
    difficulty_level: z
      .enum(DIFFICULTIES, { error: `difficulty_level must be one of ${DIFFICULTIES.join(', ')}.` })
      .default(DEFAULT_DIFFICULTY),
    topics: z.string().trim().max(500).default(''),
    is_published: flag('is_published'),
    is_free: flag('is_free'),
    is_adult_content: flag('is_adult_content'),
    /** The URL a cover upload answered; null removes the cover; absent keeps it. */
    cover_image_url: z.string().max(2048).nullable().optional(),
  }),
);
export type AdminStoryInput = z.infer<typeof AdminStoryInput>;

/** A story as the admin area receives it. */
export const AdminStory = lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    description: z.string(),
    language: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    difficulty_level: z.enum(DIFFICULTIES),
    estimated_word_count: z.number().int(),
    length_category: z.enum(LENGTH_CATEGORIES),
    topics: z.string(),
    is_published: z.boolean(),
    is_free: z.boolean(),
    is_adult_content: z.boolean(),
    cover_image_url: z.string().nullable(),
    chapter_count: z.number().int(),
  }),
);
export type AdminStory = z.infer<typeof AdminStory>;

/** A chapter as the admin area sends it; numbers are positions, renumbered by the server. */
export const AdminChapterInput = lazy(() =>
  z.object({
    title: requiredText(CHAPTER_REQUIRED, 300),
    // Required but for a chapter that is still an idea of the bulk import: see hasRequiredContent.
    content: z.string({ error: CHAPTER_REQUIRED }).trim().max(2_000_000),
    order_index: z.coerce.number().pipe(integerColumn('order_index', 0)).optional(),
    chapter_number: z.coerce.number().pipe(integerColumn('chapter_number', 1)).optional(),
    generation_prompt: z.string().max(20_000).nullable().optional(),
    /**
     * For a new chapter: a key the client chose (e.g. a UUID). Creating again with the same key answers the
     * chapter the first request made, so an editor retrying a save after a failure never duplicates chapters.
     */
    client_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, {
        error: 'client_key must be 8 to 64 letters, digits, dashes or underscores.',
      })
      .optional(),
    /** The URL an audio upload answered; null removes the audio; absent keeps it. */
    audio_url: z.string().max(2048).nullable().optional(),
    audio_duration_seconds: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600)
      .nullable()
      .optional(),
  }),
);
export type AdminChapterInput = z.infer<typeof AdminChapterInput>;

/** Why a story cannot be published yet: learners would open a blank page. */
export function unwrittenChapterMessage(chapterNumber: number, title: string): string {
  return `Every chapter needs its text before the story is published: chapter ${chapterNumber} ("${title}") has none yet.`;
}

/**
 * Whether a chapter has the text it needs to be saved (admin.md §5: title and content are required). A chapter
 * the bulk import made, with its generation prompt, may stay empty until its writer fills it: otherwise a story
 * imported with ten chapter ideas could not be saved until all ten were written.
 */
export function hasRequiredContent(content: string, generationPrompt: string | null | undefined): boolean {
  return content.trim() !== '' || Boolean(generationPrompt);
}

/** A chapter as the admin area receives it. */
export const AdminChapter = lazy(() =>
  z.object({
    id: z.number().int(),
    story: z.number().int(),
    chapter_number: z.number().int(),
    title: z.string(),
    content: z.string(),
    word_count: z.number().int(),
    order_index: z.number().int(),
    audio_url: z.string().nullable(),
    audio_duration_seconds: z.number().nullable(),
    generation_prompt: z.string().nullable(),
    /**
     * Issue 23: true on a save's answer when the chapter's read-along timings were dropped, because its sentences
     * or its audio changed; absent otherwise.
     */
    read_along_dropped: z.literal(true).optional(),
  }),
);
export type AdminChapter = z.infer<typeof AdminChapter>;

/** POST /api/admin/word-count/ (issue 21): a chapter's words as the server will count them at its save. */
export const WordCountInput = lazy(() =>
  z.object({
    language: z
      .string({ error: 'language is required' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2,3}$/, { error: 'language must be a language code such as ja.' }),
    content: z.string({ error: 'content must be text.' }).max(MAX_LIVE_COUNT_CHARACTERS, {
      error: `content is counted as you type up to ${formatCount(MAX_LIVE_COUNT_CHARACTERS)} characters; a longer chapter is counted when it is saved.`,
    }),
  }),
);
export type WordCountInput = z.infer<typeof WordCountInput>;

export const WordCount = lazy(() => z.object({ word_count: z.number().int() }));
export type WordCount = z.infer<typeof WordCount>;
