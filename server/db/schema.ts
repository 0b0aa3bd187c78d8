// Longer because: data: the tables of every area, one declaration each, read by drizzle-kit from one file.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A chapter's read-along timings as stored (chapters.read_along). */
export interface StoredReadAlong {
  fingerprint: string;
  /** [first word, last word, start in seconds or null] per sentence, in reading order. */
  sentences: [number, number, number | null][];
}

/** The languages a learner can read in, and English as the base (admin.md §3). */
export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    code: char('code', { length: 2 }).notNull().unique(),
    name: text('name').notNull(),
    nativeName: text('native_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The version of the language's library: moved by the migration's triggers whenever one of its stories,
     * or the set of their chapters, changes (server/library/service.ts keeps the list while it stays).
     */
    storiesVersion: bigint('stories_version', { mode: 'number' }).notNull().default(0),
    /**
     * The version of every learner's known counts of the language's stories as a whole: a new value of the
     * known_versions sequence whenever recount_story_known remakes a story's counts (migration 0026). With the
     * learner's own version (learner_known_versions) it tells a server its cached counts still hold.
     */
    knownVersion: bigint('known_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('languages_code_is_iso_639_1', sql`${table.code} ~ '^[a-z]{2}$'`)],
);

/** A person with an account. The e-mail is unique whatever its case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** An address the learner asked to change to, until its link is opened (GoTrue's `new_email`). */
    newEmail: text('new_email'),
    /** When the confirmation of `newEmail` was sent (GoTrue's `email_change_sent_at`). */
    emailChangeSentAt: timestamp('email_change_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

/** A signed-in device or tab family; refresh tokens belong to it. It ends after 90 days regardless. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('auth_sessions_user_id').on(table.userId)],
);

/**
 * Sessions that ended (signed out, revoked for a replayed refresh token, expired and swept, or gone with their
 * user), written by a trigger on auth_sessions (migration 0018). Every server reads the new ones every 2 s and
 * refuses their access tokens, which live an hour, so a row is kept for two (docs/decisions/065).
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ended_sessions_ended_at').on(table.endedAt)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each use revokes the token and issues its successor. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    parentId: bigint('parent_id', { mode: 'number' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_session_id').on(table.sessionId)],
);

/**
 * A magic link and its 6-digit code, sent together: the link's token stored as a SHA-256 hash, the code as an
 * HMAC keyed with the server's secret (a million codes are no protection against an offline search otherwise).
 * `purpose` tells a sign-in link from one that confirms a new address (users.new_email).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    purpose: text('purpose', { enum: ['sign_in', 'email_change'] })
      .notNull()
      .default('sign_in'),
    redirectTo: text('redirect_to').notNull(),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_tokens_user_id').on(table.userId),
    check('one_time_tokens_purpose', sql`${table.purpose} IN ('sign_in', 'email_change')`),
  ],
);

/** Without SMTP_URL (development), sent mail lands here and is listed at /dev/outbox. */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a sign-in e-mail last went to an address, known or not, for the one-per-60-seconds rule. */
export const authEmailThrottle = pgTable('auth_email_throttle', {
  email: text('email').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/** PKCE: the short-lived code a magic link's GET /verify hands back, exchanged with the code verifier. */
export const authFlowStates = pgTable('auth_flow_states', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  authCodeHash: text('auth_code_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeChallenge: text('code_challenge').notNull(),
  codeChallengeMethod: text('code_challenge_method').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Request counters of the rate limits, shared by every app server. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_at').on(table.resetAt)],
);

/** A graded story in one language (admin.md §3). Derived values are the server's: see server/stories/. */
export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'restrict' }),
    difficultyLevel: text('difficulty_level').notNull().default('child'),
    estimatedWordCount: integer('estimated_word_count').notNull().default(0),
    lengthCategory: text('length_category').notNull().default('very_short'),
    topics: text('topics').notNull().default(''),
    isPublished: boolean('is_published').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    isAdultContent: boolean('is_adult_content').notNull().default(false),
    coverImageKey: text('cover_image_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stories_language_id').on(table.languageId),
    check(
      'stories_difficulty',
      sql`${table.difficultyLevel} IN ('infant', 'child', 'teen', 'adult', 'expert')`,
    ),
    check('stories_length', sql`${table.lengthCategory} IN ('very_short', 'short', 'medium', 'long')`),
  ],
);

/** A chapter of a story; numbered from 1 and ordered from 0, renumbered after any reorder or delete. */
export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    chapterNumber: integer('chapter_number').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    /**
     * The chapter's words as its language's analyser finds them (server/analysis/chapter.ts), for the languages
     * written without spaces; null for the others, whose words the reader finds itself.
     */
    words: jsonb('words').$type<{ t: string; l?: string; r?: string; p?: string }[]>(),
    orderIndex: integer('order_index').notNull(),
    /**
     * Read-along (issue 23, decision 077): the sentences of the content as they were when the timings were
     * made (each its first and last word by index, and its text's fingerprint) and each one's start in the
     * audio in seconds (null: not timed). Null: no timings.
     */
    readAlong: jsonb('read_along').$type<StoredReadAlong>(),
    audioKey: text('audio_key'),
    audioDurationSeconds: integer('audio_duration_seconds'),
    generationPrompt: text('generation_prompt'),
    /** Chosen by the editor for a chapter it has not saved yet, so a retried save finds it, not a copy. */
    clientKey: text('client_key'),
    /**
     * Issue 22: the terms of the chapter's words that differ from the word's own key (an inflected word's
     * dictionary form), by key, as the reader is answered; kept with chapter_terms (server/terms/).
     */
    termMap: jsonb('term_map').$type<Record<string, string>>(),
    /** When chapter_terms and term_map were last made from the content; null: to be made (a sweep does). */
    termsComputedAt: timestamp('terms_computed_at', { withTimezone: true }),
    /** The dictionary import whose lemmas made the terms; null when the language had none. */
    termsImportId: integer('terms_import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chapters_story_order').on(table.storyId, table.orderIndex),
    uniqueIndex('chapters_story_client_key').on(table.storyId, table.clientKey),
  ],
);

/**
 * The terms of a chapter's words (issue 22: a word's dictionary form where known, else the word's key) and how
 * often each occurs, made when the chapter is saved and again when its language's dictionary is replaced.
 */
export const chapterTerms = pgTable(
  'chapter_terms',
  {
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    occurrences: integer('occurrences').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chapterId, table.term] }),
    // The chapters a term occurs in: the known shares of stories when a status changes (issue 22).
    index('chapter_terms_term_chapter').on(table.term, table.chapterId),
  ],
);

/**
 * A learner's status of a term in a language (issue 22): 1-4 learning, 5 known, 6 ignored (common/terms.ts
 * statusNumber). A term without a row is new.
 */
export const termStatuses = pgTable(
  'term_statuses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    status: smallint('status').notNull(),
    /**
     * When the term last became known (status 5), for the known words over time on /progress; null while it is
     * not known. Kept by the trigger term_statuses_known_since (migration 0024), whichever statement changes it.
     */
    knownSince: timestamp('known_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.languageId, table.term] }),
    // Who knows a term, for remaking a story's known shares when its chapters change (issue 22); it serves the
    // cascade when a language is deleted too.
    index('term_statuses_language_term').on(table.languageId, table.term),
    check('term_statuses_status', sql`${table.status} BETWEEN 1 AND 6`),
  ],
);

/**
 * A story's running words and distinct terms by its chapters' terms (issue 22), the denominators of the known
 * shares: kept by `recount_story_known` (migration 0022) whenever a chapter's terms are written or a chapter is
 * deleted. A story without terms has no row.
 */
export const storyTermCounts = pgTable('story_term_counts', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  occurrences: integer('occurrences').notNull(),
  terms: integer('terms').notNull(),
});

/**
 * How much of a story a learner knows (issue 22): the running words whose term they know or ignore, and those
 * terms counted once. Changed by the difference a status change makes (server/terms/known.ts) and remade for
 * every learner by `recount_story_known` when the story's terms change. No row: nothing known.
 */
export const learnerStoryKnown = pgTable(
  'learner_story_known',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    knownOccurrences: integer('known_occurrences').notNull(),
    knownTerms: integer('known_terms').notNull(),
    /**
     * The story's distinct terms the learner has marked at all (any status: learning, known, ignored); the rest
     * are its new words (migration 0025).
     */
    markedTerms: integer('marked_terms').notNull().default(0),
  },
  (table) => [
    // The story list reads a learner's rows of one language by this key.
    primaryKey({ columns: [table.userId, table.languageId, table.storyId] }),
    index('learner_story_known_story').on(table.storyId),
  ],
);

/**
 * The version of a learner's statuses in a language (issue 22): a new value of the known_versions sequence, which
 * never repeats, whenever a statement changes their term_statuses there (the triggers of migration 0026), so a
 * server may keep their parsed story counts while it and languages.known_version stay. No row: no status yet.
 */
export const learnerKnownVersions = pgTable(
  'learner_known_versions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.languageId] })],
);

/**
 * One dictionary import (a version of a language pair's dictionary): its progress while the job runs, then its
 * counts or its error. Its entries and forms live in partitions of their own until it succeeds.
 */
export const dictionaryImports = pgTable(
  'dictionary_imports',
  {
    id: serial('id').primaryKey(),
    sourceCode: text('source_code').notNull(),
    targetCode: text('target_code').notNull(),
    status: text('status').notNull().default('queued'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The uploaded dump in object storage, removed once the import ends. */
    objectKey: text('object_key'),
    progress: jsonb('progress').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Moved every few seconds while running: an import whose heartbeat stops for a minute lost its server. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('dictionary_imports_created_at').on(table.createdAt),
    check(
      'dictionary_imports_status',
      sql`${table.status} IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);

/** The import each language pair's lookups read: switched in one transaction when an import succeeds. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    sourceCode: text('source_code').notNull(),
    targetCode: text('target_code').notNull(),
    importId: integer('import_id')
      .notNull()
      .references(() => dictionaryImports.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sourceCode, table.targetCode] })],
);

/**
 * A dictionary entry: a lemma with its part of speech and senses (gloss, definition, example). Partitioned by
 * import in the migration: an import loads a table of its own and attaches it when it succeeds.
 */
export const dictionaryEntries = pgTable('dictionary_entries', {
  importId: integer('import_id').notNull(),
  lemma: text('lemma').notNull(),
  pos: text('pos').notNull(),
  senses: json('senses').notNull(),
  /** A recording of the word on Wikimedia Commons, from the dump's `sounds` (issue 23); null without one. */
  audio: text('audio'),
});

/**
 * Every written form that leads to a lemma: the lemma itself, its inflections, and words that are a form of
 * another; `surface_key` is the language's lower case (common/dictionary.ts). Partitioned like the entries.
 */
export const dictionaryForms = pgTable('dictionary_forms', {
  importId: integer('import_id').notNull(),
  surfaceKey: text('surface_key').notNull(),
  /** As written, when that differs from the key (a capital, a stress mark); null when it is the key itself. */
  surface: text('surface'),
  lemma: text('lemma').notNull(),
  /** Null for the lemma itself; a description of its own (when no phrase_id says it). */
  description: text('description'),
  /** Its description is this phrase, ' of ' and its lemma: 'first-person singular present … of hablar'. */
  phraseId: integer('phrase_id'),
});

/**
 * The phrases an import's forms are described by ('first-person singular present indicative'), each stored
 * once per import rather than in millions of form rows. Partitioned like the entries (migration 0010).
 */
export const dictionaryPhrases = pgTable('dictionary_phrases', {
  importId: integer('import_id').notNull(),
  id: integer('id').notNull(),
  phrase: text('phrase').notNull(),
});

/**
 * A learner's standing in one language they read (learner.md §3): the totals of the chapters they finished in
 * it. The totals change only together with chapter_progress, in one transaction (server/progress/).
 */
export const userLanguageProgress = pgTable(
  'user_language_progress',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    nativeLanguageId: integer('native_language_id').references(() => languages.id, { onDelete: 'set null' }),
    totalWordsRead: integer('total_words_read').notNull().default(0),
    totalPoints: integer('total_points').notNull().default(0),
    currentLevel: text('current_level').notNull().default('beginner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_language_progress_user_language').on(table.userId, table.languageId),
    check(
      'user_language_progress_level',
      sql`${table.currentLevel} IN ('beginner', 'intermediate', 'advanced')`,
    ),
  ],
);

/**
 * A learner's progress in one chapter. `words_read` and `points_earned` are exactly what the chapter adds to
 * the language's totals, so taking a chapter back takes back what was credited, even if its text changed since.
 */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    isCompleted: boolean('is_completed').notNull().default(false),
    completionPercentage: integer('completion_percentage').notNull().default(0),
    wordsRead: integer('words_read').notNull().default(0),
    pointsEarned: integer('points_earned').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chapter_progress_user_chapter').on(table.userId, table.chapterId),
    // For the cascade when a chapter (or its story) is deleted.
    index('chapter_progress_chapter_id').on(table.chapterId),
    check('chapter_progress_percentage', sql`${table.completionPercentage} BETWEEN 0 AND 100`),
  ],
);

/**
 * The words a learner looked up (learner.md §3): one row per learner, language and word, keyed as the
 * dictionary keys words (common/dictionary.ts); each save counts an occurrence and moves last_seen_at.
 */
export const savedWords = pgTable(
  'saved_words',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastStoryId: integer('last_story_id').references(() => stories.id, { onDelete: 'set null' }),
    lastChapterId: integer('last_chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    /** Issue 22: the term the latest lookup made learning (common/terms.ts); null for words saved before. */
    term: text('term'),
    /** Issue 22: the sentence the word was first looked up in, as the reader sent it; null when none was. */
    sentence: text('sentence'),
  },
  (table) => [
    uniqueIndex('saved_words_user_language_word').on(table.userId, table.languageId, table.word),
    // The list, newest first.
    index('saved_words_user_last_seen').on(table.userId, table.lastSeenAt),
    // For the SET NULL when a story or chapter is deleted.
    index('saved_words_last_story_id').on(table.lastStoryId),
    index('saved_words_last_chapter_id').on(table.lastChapterId),
  ],
);

/** A learner's daily reading goal in one language (learner.md §3); a language without a row has the default. */
export const dailyGoals = pgTable(
  'daily_goals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    goalMinutes: integer('goal_minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.languageId] }),
    check('daily_goals_minutes', sql`${table.goalMinutes} BETWEEN 1 AND 300`),
  ],
);

/**
 * Whether a learner reads a language with its readings above the words (issue 21: furigana over Japanese kanji,
 * pinyin over Chinese hanzi). A language without a row follows the story's level: on at infant and child.
 */
export const readingAids = pgTable(
  'reading_aids',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    showReadings: boolean('show_readings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.languageId] })],
);

/**
 * How a learner reads and listens (issue 23): the narration's speed, the text's size, spacing and typeface, and
 * the theme. One row per learner who changed anything; none means the defaults (common/schemas/readerSettings.ts).
 */
export const readerSettings = pgTable(
  'reader_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    playbackRate: real('playback_rate').notNull().default(1),
    textSize: text('text_size').notNull().default('medium'),
    lineSpacing: text('line_spacing').notNull().default('normal'),
    typeface: text('typeface').notNull().default('sans'),
    theme: text('theme').notNull().default('system'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('reader_settings_rate', sql`${table.playbackRate} IN (0.5, 0.75, 1, 1.25, 1.5, 1.75, 2)`),
    check('reader_settings_size', sql`${table.textSize} IN ('small', 'medium', 'large', 'x-large')`),
    check('reader_settings_spacing', sql`${table.lineSpacing} IN ('compact', 'normal', 'relaxed')`),
    check('reader_settings_typeface', sql`${table.typeface} IN ('sans', 'serif')`),
    check('reader_settings_theme', sql`${table.theme} IN ('system', 'light', 'sepia', 'dark')`),
  ],
);

/**
 * A learner's reading on one of their local days in one language (learner.md §3 Activity): seconds from the
 * reader's time reports and the words of chapters marked read. The day is the learner's own calendar date
 * (from the browser's time zone when the reading was reported), so streaks follow their days, not UTC's.
 */
export const readingDays = pgTable(
  'reading_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    wordsRead: integer('words_read').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // By learner and day: the calendar's range, the streak's walk back, and today's row of a language.
    primaryKey({ columns: [table.userId, table.day, table.languageId] }),
    check('reading_days_seconds', sql`${table.seconds} BETWEEN 0 AND 86400`),
    check('reading_days_words_read', sql`${table.wordsRead} >= 0`),
  ],
);

/**
 * The reading-time reports already counted, by the id the client gave each: a report sent again (a retry
 * after a lost answer) is acknowledged without being counted twice. Kept for a day (pruneReadingReports).
 */
export const readingReports = pgTable(
  'reading_reports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').notNull(),
    /** What the report counted, given again to a repeat. */
    secondsCounted: integer('seconds_counted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.reportId] }),
    index('reading_reports_created_at').on(table.createdAt),
  ],
);

/**
 * The changes a learner sent with an `Idempotency-Key` (decision 084, server/http/idempotency.ts): the key is
 * recorded in the transaction of the change, with the answer it got, so a retry is answered as before and
 * counts nothing. Kept for 8 days (pruneIdempotencyKeys): a change counts up to 7 days after it was made.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    /** The declaration's method and path (`POST /api/words/save/`): a key sent to another is refused. */
    endpoint: text('endpoint').notNull(),
    /** A hash of the path's ids, the query and the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The answer, written before the transaction commits: another request never sees the row without it. */
    status: smallint('status'),
    /** The answer's JSON as it was sent (json, not jsonb, keeps its text), or null for one without a body. */
    body: json('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at').on(table.createdAt),
  ],
);

/**
 * A learner's plan (learner.md §3 Subscription), one row once they have had anything to do with billing: the
 * Stripe customer and subscription as the webhooks last told them, or Pro granted by hand. Pro is an active or
 * trialing subscription, or a grant (server/billing/).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The spec's five: active, trialing, past_due, canceled, inactive (Stripe's others map onto them). */
    status: text('status').notNull().default('inactive'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    priceId: text('price_id'),
    /**
     * When the subscription state written here was Stripe's: an event older than it changes nothing, so events
     * arriving out of order never put an older state back.
     */
    stripeStateAt: timestamp('stripe_state_at', { withTimezone: true }),
    /** Pro granted by hand (`npm run admin -- pro <email> on`), whatever Stripe says, and why. */
    isGrantedPro: boolean('is_granted_pro').notNull().default(false),
    grantNote: text('grant_note'),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_stripe_customer').on(table.stripeCustomerId),
    check(
      'subscriptions_status',
      sql`${table.status} IN ('active', 'trialing', 'past_due', 'canceled', 'inactive')`,
    ),
  ],
);

/** Stripe events already handled, by id: a delivery repeated (Stripe retries, a replay) is handled once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a learner wrote through /feedback (learner.md §3 Feedback), with who wrote it. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The address at the time of writing: kept if the account goes. */
    email: text('email').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_created_at').on(table.createdAt)],
);

/** A narrator's application from /apply (learner.md §3), in the language its form was written in. */
export const teacherApplications = pgTable(
  'teacher_applications',
  {
    id: serial('id').primaryKey(),
    formLanguage: text('form_language', { enum: ['en', 'es', 'fr', 'zh'] }).notNull(),
    fullName: text('full_name').notNull(),
    /** As the applicant typed it (trimmed); compared without regard to case. */
    email: text('email').notNull(),
    cityCountry: text('city_country').notNull(),
    nativeLanguages: text('native_languages').notNull(),
    experienceText: text('experience_text').notNull(),
    cameraComfortable: boolean('camera_comfortable').notNull(),
    accentDescription: text('accent_description').notNull().default(''),
    quietEnv: boolean('quiet_env').notNull(),
    /** Optional on the form: null when not answered. */
    canPurchaseMic: boolean('can_purchase_mic'),
    willingSubmitSample: boolean('willing_submit_sample').notNull(),
    weeklyHoursChoice: text('weekly_hours_choice', { enum: ['<5', '5-10', '10-20', '20+'] }).notNull(),
    desiredHourlyRate: text('desired_hourly_rate').notNull().default(''),
    topicsGeneral: boolean('topics_general').notNull().default(false),
    topics18: boolean('topics_18').notNull().default(false),
    topicsNsfw: boolean('topics_nsfw').notNull().default(false),
    whyCatamaran: text('why_catamaran').notNull(),
    fitForLearners: text('fit_for_learners').notNull().default(''),
    expressiveReading: text('expressive_reading').notNull().default(''),
    anythingElse: text('anything_else').notNull().default(''),
    contacted: boolean('contacted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('teacher_applications_created_at').on(table.createdAt),
    index('teacher_applications_email').on(sql`lower(${table.email})`),
  ],
);

/** A sample video an applicant uploaded from /submit-video (admin.md §3); the bytes are in object storage. */
export const applicantVideos = pgTable(
  'applicant_videos',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    originalFilename: text('original_filename').notNull(),
    storagePath: text('storage_path').notNull().unique(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('applicant_videos_created_at').on(table.createdAt)],
);
