import { z } from 'zod';
import { MAX_LOOKUP_WORD_LENGTH, stripLookupPunctuation } from '../dictionary.ts';
import { lazy } from '../lazy.ts';
import { serialId } from './ids.ts';
import { PublicLanguage } from './languages.ts';
import { TermStatusSchema } from './terms.ts';

/** The languages whose words carry a reading the reader can show above them: furigana, pinyin (issue 21). */
export const LANGUAGES_WITH_READINGS = ['ja', 'zh'] as const;

/** A learner's level in a language, easiest first (learner.md §3 current_level). */
export const LEARNER_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type LearnerLevel = (typeof LEARNER_LEVELS)[number];
/** The level a language starts at when a learner picks it (learner.md §9). */
export const DEFAULT_LEARNER_LEVEL: LearnerLevel = 'beginner';

/** The longest reading session one mark-read may report, in seconds (a day). */
export const MAX_TIME_SPENT_SECONDS = 24 * 3600;
/** More words than any chapter holds: the bound of a reported words_read. */
export const MAX_WORDS_READ = 10_000_000;

// Ids arrive as JSON numbers; a form may send them as strings of digits.
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value;
const id = (error: string) => z.preprocess(digitsToNumber, serialId(error));
const optionalId = (error: string) => id(error).nullable().optional();

const languageCode = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, { error: `${name} must be a language code such as es.` });

/**
 * A word of a chapter in a language written without spaces, as the server's analyser found it (issue 21): as
 * written, its dictionary form and reading when they differ, and its part of speech.
 */
export const ChapterWord = lazy(() =>
  z.object({
    text: z.string(),
    lemma: z.string().optional(),
    reading: z.string().optional(),
    part_of_speech: z.string().optional(),
  }),
);
export type ChapterWord = z.infer<typeof ChapterWord>;

/** A chapter as the reader shows it: its text, its place in the story and whether the learner finished it. */
export const ReaderChapter = lazy(() =>
  z.object({
    id: z.number().int(),
    chapter_number: z.number().int(),
    title: z.string(),
    content: z.string(),
    order_index: z.number().int(),
    word_count: z.number().int(),
    audio_url: z.string().nullable(),
    is_completed: z.boolean(),
    /** The chapter's words in reading order, for a language whose words the server finds; absent otherwise. */
    words: z.array(ChapterWord).optional(),
    /**
     * With `words`: whether this learner reads the language with readings above the words (furigana, pinyin),
     * as they last chose (PUT /api/reading-aids/), or on at the infant and child levels until they choose.
     */
    show_readings: z.boolean().optional(),
    /**
     * Issue 22: the terms of the chapter's words that are not the word itself (an inflected word's dictionary
     * form: "hablar" for "habló"), by the word's key (common/terms.ts termOf); a word not listed is its own term.
     */
    terms: z.record(z.string(), z.string()).optional(),
    /** Issue 22: the learner's statuses of the chapter's terms; a term not listed is new. */
    statuses: z.record(z.string(), TermStatusSchema).optional(),
    /**
     * Issue 23: the audio's sentence timings, when the chapter has audio and timings made for its text: each
     * sentence as [first word, last word, start in seconds or null], the words by index in reading order (the
     * reader's word spans). Absent otherwise.
     */
    read_along: z
      .object({ sentences: z.array(z.tuple([z.number().int(), z.number().int(), z.number().nullable()])) })
      .optional(),
    story: z.object({
      id: z.number().int(),
      title: z.string(),
      language: PublicLanguage,
      /** Every chapter of the story, in reading order. */
      chapters: z.array(
        z.object({ id: z.number().int(), chapter_number: z.number().int(), title: z.string() }),
      ),
      /** The chapter after this one, for the reader's 'Next' button; null on the last chapter. */
      next_chapter: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    }),
  }),
);
export type ReaderChapter = z.infer<typeof ReaderChapter>;

/**
 * POST /api/chapters/{id}/mark-read/ (learner.md §7). The client sends what it saw; the server credits the
 * chapter's own word_count, so these are checked for sense and otherwise only recorded as sent. Every field
 * may be left out.
 */
export const MarkReadInput = lazy(() =>
  z.object({
    words_read: z
      .number({ error: `words_read must be a whole number from 0 to ${MAX_WORDS_READ}.` })
      .int({ error: `words_read must be a whole number from 0 to ${MAX_WORDS_READ}.` })
      .min(0, { error: `words_read must be a whole number from 0 to ${MAX_WORDS_READ}.` })
      .max(MAX_WORDS_READ, { error: `words_read must be a whole number from 0 to ${MAX_WORDS_READ}.` })
      .optional(),
    completion_percentage: z
      .number({ error: 'completion_percentage must be a number from 0 to 100.' })
      .min(0, { error: 'completion_percentage must be a number from 0 to 100.' })
      .max(100, { error: 'completion_percentage must be a number from 0 to 100.' })
      .optional(),
    time_spent: z
      .number({ error: `time_spent must be a whole number of seconds from 0 to ${MAX_TIME_SPENT_SECONDS}.` })
      .int({ error: `time_spent must be a whole number of seconds from 0 to ${MAX_TIME_SPENT_SECONDS}.` })
      .min(0, { error: `time_spent must be a whole number of seconds from 0 to ${MAX_TIME_SPENT_SECONDS}.` })
      .max(MAX_TIME_SPENT_SECONDS, {
        error: `time_spent must be a whole number of seconds from 0 to ${MAX_TIME_SPENT_SECONDS}.`,
      })
      .optional(),
  }),
);
export type MarkReadInput = z.infer<typeof MarkReadInput>;

/** The answer of mark-read and mark-unread: the chapter's progress after the call and the language's totals. */
export const ChapterProgressResult = lazy(() =>
  z.object({
    chapter_id: z.number().int(),
    is_completed: z.boolean(),
    completion_percentage: z.number(),
    /** The words and points the chapter holds for the learner now: its word_count once read, 0 otherwise. */
    words_read: z.number().int(),
    points_earned: z.number().int(),
    /** What this call changed the language's points by: +word_count, −what was credited, or 0 when repeated. */
    points_change: z.number().int(),
    /** The totals of the chapter's language after the call. */
    total_words_read: z.number().int(),
    total_points: z.number().int(),
  }),
);
export type ChapterProgressResult = z.infer<typeof ChapterProgressResult>;

/** POST /api/user/language-progress/ (learner.md §3 save payload); the native language defaults to English. */
export const LanguageProgressInput = lazy(() =>
  z.object({
    language_id: id('language_id must be the id of a language.'),
    native_language_id: optionalId('native_language_id must be the id of a language.'),
    current_level: z
      .enum(LEARNER_LEVELS, { error: `current_level must be one of ${LEARNER_LEVELS.join(', ')}.` })
      .default(DEFAULT_LEARNER_LEVEL),
  }),
);
export type LanguageProgressInput = z.infer<typeof LanguageProgressInput>;

/** A learner's progress in one language (learner.md §3). */
export const LanguageProgressEntry = lazy(() =>
  z.object({
    id: z.number().int(),
    language: PublicLanguage,
    /** Null only if an administrator deleted that language. */
    native_language: PublicLanguage.nullable(),
    total_words_read: z.number().int(),
    total_points: z.number().int(),
    current_level: z.enum(LEARNER_LEVELS),
  }),
);
export type LanguageProgressEntry = z.infer<typeof LanguageProgressEntry>;

export const LanguageProgressList = lazy(() => z.array(LanguageProgressEntry));
export type LanguageProgressList = z.infer<typeof LanguageProgressList>;

const WORD_REQUIRED = 'word is required';
const WORD_TOO_LONG = `word must be at most ${MAX_LOOKUP_WORD_LENGTH} characters long.`;

const stripped = (word: string) => stripLookupPunctuation(word.normalize('NFC'));

/** The number of characters a person sees (code points) in the word once lookup punctuation is stripped. */
function strippedLength(word: string): number {
  return [...stripped(word)].length;
}

/** The longest sentence a saved word keeps, in characters (code points): the reader cuts a longer one. */
export const MAX_SAVED_SENTENCE_LENGTH = 500;
const SENTENCE_TOO_LONG = `sentence must be at most ${MAX_SAVED_SENTENCE_LENGTH} characters long.`;

/**
 * POST /api/words/save/ (learner.md §3 saved word, sent): a tapped word as the reader shows it, the code of
 * the text's language, and where it was seen. The server keys the word as the dictionary does.
 */
export const SaveWordInput = lazy(() =>
  z.object({
    word: z
      .string({ error: WORD_REQUIRED })
      // Cut off before stripping: a huge body must not be walked character by character.
      .max(MAX_LOOKUP_WORD_LENGTH * 4, { error: WORD_TOO_LONG, abort: true })
      .refine((word) => strippedLength(word) > 0, { error: WORD_REQUIRED })
      .refine((word) => strippedLength(word) <= MAX_LOOKUP_WORD_LENGTH, { error: WORD_TOO_LONG })
      // A control character is no part of a word, and PostgreSQL text cannot hold NUL.
      .refine((word) => !/\p{Cc}/u.test(stripped(word)), {
        error: 'word must not contain control characters.',
      }),
    language: languageCode('language'),
    story: optionalId('story must be the id of a story.'),
    chapter: optionalId('chapter must be the id of a chapter.'),
    /**
     * Issue 22: the word's dictionary form as the reader knows it (the analyser's, or the chapter's term), which
     * names the term the lookup makes learning; without it the server finds the dictionary's.
     */
    lemma: z
      .string({ error: 'lemma must be a word.' })
      .max(MAX_LOOKUP_WORD_LENGTH * 4, { error: WORD_TOO_LONG.replace('word', 'lemma') })
      .refine((lemma) => !/\p{Cc}/u.test(lemma), { error: 'lemma must not contain control characters.' })
      .optional(),
    /**
     * Issue 22: the sentence the word was tapped in, as the reader shows it (its runs of white space are made one
     * space). Kept with the word's first save that carries one; later saves leave it.
     */
    sentence: z
      .string({ error: 'sentence must be text.' })
      .max(MAX_SAVED_SENTENCE_LENGTH * 4, { error: SENTENCE_TOO_LONG, abort: true })
      .transform((sentence) => sentence.normalize('NFC').replace(/\s+/gu, ' ').trim())
      .refine((sentence) => [...sentence].length <= MAX_SAVED_SENTENCE_LENGTH, { error: SENTENCE_TOO_LONG })
      .refine((sentence) => !/\p{Cc}/u.test(sentence), {
        error: 'sentence must not contain control characters.',
      })
      .optional(),
  }),
);
export type SaveWordInput = z.infer<typeof SaveWordInput>;

/** A saved word as listed (learner.md §3), with its language's code. */
export const SavedWord = lazy(() =>
  z.object({
    id: z.number().int(),
    word: z.string(),
    language: z.string(),
    occurrences: z.number().int(),
    last_seen_at: z.string(),
    /** Issue 22: the word's term and the learner's status of it (a lookup makes a new term learning-1). */
    term: z.string().optional(),
    /** In the list, null for a term that is new again (its status forgotten); a save always names one. */
    status: TermStatusSchema.nullable().optional(),
    /** Issue 22, in the list: the first gloss of the term in the language's dictionary; null when it has none. */
    meaning: z.string().nullable().optional(),
    /** Issue 22, in the list: the sentence the word was first looked up in; null when the reader sent none. */
    sentence: z.string().nullable().optional(),
    /** Issue 22, in the list: when the word was first saved. */
    first_seen_at: z.string().optional(),
  }),
);
export type SavedWord = z.infer<typeof SavedWord>;

export const SavedWordList = lazy(() => z.array(SavedWord));
export type SavedWordList = z.infer<typeof SavedWordList>;

/** The columns the saved words can be sorted by (issue 22). */
export const SAVED_WORD_SORTS = [
  'word',
  'meaning',
  'status',
  'occurrences',
  'first_seen',
  'last_seen',
] as const;
export type SavedWordSort = (typeof SAVED_WORD_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The longest search of the saved words, in characters. */
export const MAX_WORD_SEARCH_LENGTH = 100;

/**
 * GET /api/words/ and GET /api/words/export.csv: optionally only one language's words, only those whose word,
 * term, meaning or sentence holds `search` (in any case), sorted by a column
 * (`last_seen`, newest first, unless asked: the specification's order).
 */
export const SavedWordsQuery = lazy(() =>
  z.object({
    language: languageCode('language').optional(),
    search: z
      .string({ error: 'search must be text.' })
      .max(MAX_WORD_SEARCH_LENGTH, {
        error: `search must be at most ${MAX_WORD_SEARCH_LENGTH} characters long.`,
      })
      .refine((search) => !/\p{Cc}/u.test(search), { error: 'search must not contain control characters.' })
      .transform((search) => search.trim())
      .optional(),
    sort: z
      .enum(SAVED_WORD_SORTS, { error: `sort must be one of ${SAVED_WORD_SORTS.join(', ')}.` })
      .default('last_seen'),
    order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc.' }).optional(),
  }),
);
export type SavedWordsQuery = z.input<typeof SavedWordsQuery>;
export type SavedWordsFilter = z.output<typeof SavedWordsQuery>;

/** The columns of GET /api/words/export.csv, in order. */
export const SAVED_WORDS_CSV_COLUMNS = [
  'word',
  'language',
  'term',
  'status',
  'meaning',
  'occurrences',
  'first_seen',
  'last_seen',
] as const;

/** PUT /api/reading-aids/ (issue 21): shows or hides the readings above a language's words, for this learner. */
export const ReadingAidsInput = lazy(() =>
  z.object({
    language: languageCode('language').refine(
      (code) => (LANGUAGES_WITH_READINGS as readonly string[]).includes(code),
      { error: `language must be one whose words have readings: ${LANGUAGES_WITH_READINGS.join(', ')}.` },
    ),
    show_readings: z.boolean({ error: 'show_readings must be true or false.' }),
  }),
);
export type ReadingAidsInput = z.infer<typeof ReadingAidsInput>;

export const ReadingAids = lazy(() => z.object({ language: z.string(), show_readings: z.boolean() }));
export type ReadingAids = z.infer<typeof ReadingAids>;
