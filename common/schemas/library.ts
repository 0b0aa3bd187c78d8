import { z } from 'zod';
import {
  DAILY_GOAL_ERROR,
  DAILY_GOAL_MAX_MINUTES,
  DAILY_GOAL_MIN_MINUTES,
  isCalendarDate,
  MAX_ACTIVITY_RANGE_DAYS,
} from '../activity.ts';
import { lazy } from '../lazy.ts';
import { DIFFICULTIES, LENGTH_CATEGORIES, TOPICS } from '../stories.ts';

/** The longest search text the story list accepts. */
export const MAX_STORY_SEARCH_LENGTH = 200;

const languageCode = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, { error: `${name} must be a language code such as es.` });

/**
 * A filter of the story list: `a,b` (the client's form) or the parameter repeated; items are trimmed and
 * lower-cased, empty ones ignored, and each must be one of `allowed`.
 */
function filterList<const T extends readonly [string, ...string[]]>(name: string, allowed: T) {
  const error = `${name} must be a comma-separated list of ${allowed.join(', ')}.`;
  return z
    .preprocess(
      (value) => (Array.isArray(value) ? value.join(',') : value),
      z
        .string({ error })
        .max(1000, { error, abort: true })
        .transform((text) => [
          ...new Set(
            text
              .split(',')
              .map((item) => item.trim().toLowerCase())
              .filter(Boolean),
          ),
        ])
        .pipe(z.array(z.enum(allowed, { error }))),
    )
    .optional();
}

/** GET /api/stories/ (learner.md §7): the language, and filters the client sends only when set. */
export const StoryListQuery = lazy(() =>
  z.object({
    language: languageCode('language'),
    difficulty: filterList('difficulty', DIFFICULTIES),
    length: filterList('length', LENGTH_CATEGORIES),
    topics: filterList('topics', TOPICS),
    hide_adult: z
      .enum(['true', 'false', '1', '0'], { error: 'hide_adult must be true or false.' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
    search: z
      .string({ error: 'search must be text.' })
      .max(MAX_STORY_SEARCH_LENGTH, {
        error: `search must be at most ${MAX_STORY_SEARCH_LENGTH} characters long.`,
      })
      // A control character is no part of a title, and PostgreSQL text cannot hold NUL.
      .refine((text) => !/\p{Cc}/u.test(text.replace(/[\t\n\r]/g, ' ')), {
        error: 'search must not contain control characters.',
      })
      .transform((text) => text.trim())
      .optional(),
  }),
);
export type StoryListQuery = z.infer<typeof StoryListQuery>;

/** The learner's progress in one story (learner.md §3); all zero for a story not started. */
export const StoryProgress = lazy(() =>
  z.object({
    /** Completed chapters out of all, in whole percent. */
    completion_percentage: z.number().int(),
    /** True once every chapter (and there is at least one) is complete. */
    is_completed: z.boolean(),
    /** The words and points of the completed chapters. */
    words_read: z.number().int(),
    points_earned: z.number().int(),
  }),
);
export type StoryProgress = z.infer<typeof StoryProgress>;

/**
 * How much of a text the learner knows (issue 22), beyond the specification: null for a visitor, for a learner
 * with fewer than COMPREHENSION_MIN_KNOWN_TERMS known terms in the language (common/terms.ts), and for a text
 * without words.
 */
export const Comprehension = lazy(() =>
  z
    .object({
      /** The running words whose term the learner knows or ignores, in whole percent rounded down. */
      known_percent: z.number().int().min(0).max(100),
      /** Distinct terms of the text the learner never marked: new, neither learning, known nor ignored. */
      new_words: z.number().int().min(0),
    })
    .nullable(),
);
export type Comprehension = z.infer<typeof Comprehension>;

/** A story in the library (learner.md §3 "Story (list)"), with its topics, length bucket and language. */
export const StoryListItem = lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    description: z.string(),
    cover_image_url: z.string().nullable(),
    difficulty_level: z.enum(DIFFICULTIES),
    chapter_count: z.number().int(),
    estimated_word_count: z.number().int(),
    is_free: z.boolean(),
    is_adult_content: z.boolean(),
    /** The topics as the administrator wrote them, split on commas and trimmed. */
    topics: z.array(z.string()),
    length_category: z.enum(LENGTH_CATEGORIES),
    /** The code of the story's language. */
    language: z.string(),
    user_progress: StoryProgress,
    /** Issue 22: the share of the story the learner knows (see Comprehension). */
    comprehension: Comprehension,
  }),
);
export type StoryListItem = z.infer<typeof StoryListItem>;

export const StoryList = lazy(() => z.array(StoryListItem));
export type StoryList = z.infer<typeof StoryList>;

/** Whether one chapter is read (learner.md §3 "Story (detail)"). */
export const ChapterProgressSummary = lazy(() =>
  z.object({
    is_completed: z.boolean(),
    completion_percentage: z.number().int(),
  }),
);
export type ChapterProgressSummary = z.infer<typeof ChapterProgressSummary>;

/** GET /api/stories/{id}/: the list's fields, the chapters in reading order, and progress per chapter. */
export const StoryDetail = lazy(() =>
  StoryListItem.omit({ user_progress: true }).extend({
    /** The viewer may not read the chapters: a story not marked Free, for someone without Pro (learner.md §6). */
    is_locked: z.boolean(),
    chapters: z.array(
      z.object({
        id: z.number().int(),
        chapter_number: z.number().int(),
        title: z.string(),
        word_count: z.number().int(),
        /** Issue 22: the share of the chapter the learner knows (see Comprehension). */
        comprehension: Comprehension,
      }),
    ),
    /** Zero progress for a visitor without a token. */
    user_progress: z.object({
      overall: StoryProgress,
      /** Every chapter of the story, keyed by its id. */
      chapters: z.record(z.string(), ChapterProgressSummary),
    }),
  }),
);
export type StoryDetail = z.infer<typeof StoryDetail>;

/** GET and PUT /api/daily-goal/?language={code}. */
export const DailyGoalQuery = lazy(() => z.object({ language: languageCode('language') }));
export type DailyGoalQuery = z.infer<typeof DailyGoalQuery>;

/** PUT /api/daily-goal/: a whole number of minutes from 1 to 300 (learner.md §5). */
export const DailyGoalInput = lazy(() =>
  z.object(
    {
      goal_minutes: z
        .number({ error: DAILY_GOAL_ERROR })
        .int({ error: DAILY_GOAL_ERROR })
        .min(DAILY_GOAL_MIN_MINUTES, { error: DAILY_GOAL_ERROR })
        .max(DAILY_GOAL_MAX_MINUTES, { error: DAILY_GOAL_ERROR }),
    },
    { error: DAILY_GOAL_ERROR },
  ),
);
export type DailyGoalInput = z.infer<typeof DailyGoalInput>;

/** The learner's goal in a language and today's reading in it (learner.md §3). */
export const DailyGoal = lazy(() =>
  z.object({
    goal_minutes: z.number().int(),
    /** Whole minutes read today, on the learner's local date. */
    today_minutes: z.number().int(),
    /** today_minutes against the goal in whole percent; above 100 once the goal is passed. */
    percentage: z.number().int(),
  }),
);
export type DailyGoal = z.infer<typeof DailyGoal>;

const SECONDS_ERROR = 'seconds must be a whole number of seconds, 0 or more.';

/** POST /api/track-reading-time/: seconds read in a chapter since the last report (clamped by the server). */
export const TrackReadingTimeInput = lazy(() =>
  z.object(
    {
      chapter_id: z
        .number({ error: 'chapter_id must be the id of a chapter.' })
        .int({ error: 'chapter_id must be the id of a chapter.' })
        .positive({ error: 'chapter_id must be the id of a chapter.' }),
      // Any whole number: a huge one (a tab left open for days) is clamped by the server, not refused.
      seconds: z
        .number({ error: SECONDS_ERROR })
        .min(0, { error: SECONDS_ERROR })
        .refine(Number.isInteger, { error: SECONDS_ERROR }),
      // Beyond the specification's shape, and optional: a report sent again with its id (a retry after a lost
      // answer) is acknowledged and not counted twice.
      report_id: z.uuid({ error: 'report_id must be a UUID.' }).optional(),
    },
    { error: 'Send chapter_id and seconds as a JSON object.' },
  ),
);
export type TrackReadingTimeInput = z.infer<typeof TrackReadingTimeInput>;

/** What a reading-time report counted, and the day's total in that language after it. */
export const TrackReadingTimeResult = lazy(() =>
  z.object({
    /** The learner's local date the seconds were counted on. */
    date: z.string(),
    /** The code of the chapter's language. */
    language: z.string(),
    /** The seconds this report added: what was sent, at most 300. */
    seconds_counted: z.number().int(),
    /** The day's reading time in that language, in seconds. */
    time_spent: z.number().int(),
  }),
);
export type TrackReadingTimeResult = z.infer<typeof TrackReadingTimeResult>;

const calendarDate = (name: string) =>
  z
    .string({ error: `${name} must be a date written YYYY-MM-DD.` })
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD.` });

/**
 * GET /api/activity/: optionally one language, and a range of local dates of at most 366 days. `to` defaults
 * to today, `from` to 365 days before `to`.
 */
export const ActivityQuery = lazy(() =>
  z.object({
    language: languageCode('language').optional(),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
  }),
);
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** The sentence for a range that runs backwards or spans more than a year. */
export const ACTIVITY_RANGE_ERROR = `from must be on or before to, and the range at most ${MAX_ACTIVITY_RANGE_DAYS} days.`;

/** One day with reading (learner.md §3 Activity). */
export const ActivityDay = lazy(() =>
  z.object({
    /** The learner's local date, YYYY-MM-DD. */
    date: z.string(),
    /** Seconds read that day. */
    time_spent: z.number().int(),
    /** Words of the chapters marked read that day. */
    words_read: z.number().int(),
  }),
);
export type ActivityDay = z.infer<typeof ActivityDay>;

/** The streak and the days with reading in the range, oldest first; days without reading are left out. */
export const Activity = lazy(() =>
  z.object({
    streak: z.number().int(),
    days: z.array(ActivityDay),
  }),
);
export type Activity = z.infer<typeof Activity>;
