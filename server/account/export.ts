// "Download my data" (issue 20): everything the server keeps about a learner, read in one snapshot. The
// table below names every table that keeps rows about a person; a test holds it to the database's own list.
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#server/db/client.ts';
import {
  applicantVideos,
  authSessions,
  chapterProgress,
  chapters,
  dailyGoals,
  feedback,
  languages,
  readerSettings,
  readingAids,
  readingDays,
  savedWords,
  stories,
  subscriptions,
  teacherApplications,
  termStatuses,
  userLanguageProgress,
  type users,
} from '#server/db/schema.ts';
import { accountOf, type SessionRow, sessionColumns } from './service.ts';

/**
 * Every table that keeps rows about a person (by a reference to users, or by an address), and what the export
 * does with it: the section it fills, or why it is left out. A table added without a line here fails
 * server/account/routes.test.ts.
 */
export const PERSONAL_TABLES: Readonly<Record<string, { exportedAs: string } | { leftOut: string }>> = {
  users: { exportedAs: 'profile' },
  auth_sessions: { exportedAs: 'sessions' },
  user_language_progress: { exportedAs: 'language_progress, points' },
  chapter_progress: { exportedAs: 'chapter_progress' },
  reading_days: { exportedAs: 'reading_days' },
  daily_goals: { exportedAs: 'daily_goals' },
  reading_aids: { exportedAs: 'reading_aids' },
  reader_settings: { exportedAs: 'reader_settings' },
  saved_words: { exportedAs: 'saved_words' },
  term_statuses: { exportedAs: 'term_statuses' },
  learner_story_known: {
    leftOut:
      "counts of each story's words whose term the learner knows, derived from term_statuses (decision 072)",
  },
  learner_known_versions: {
    leftOut:
      "a number that moves whenever the learner's statuses in a language change, for servers' caches (decision 076)",
  },
  subscriptions: { exportedAs: 'subscription' },
  feedback: { exportedAs: 'feedback' },
  teacher_applications: { exportedAs: 'narrator_applications' },
  applicant_videos: { exportedAs: 'applicant_videos' },
  one_time_tokens: { leftOut: 'hashes of sign-in links and codes, each good for 10 minutes' },
  auth_flow_states: { leftOut: 'hashes of the one-time codes of a sign-in in progress (PKCE)' },
  reading_reports: {
    leftOut:
      'the ids of reading-time reports, kept a day so a repeat is not counted twice (the time is in reading_days)',
  },
  idempotency_keys: {
    leftOut:
      'the keys of changes sent from the outbox with the answers they got, kept 8 days so a retry counts once (decision 084)',
  },
  auth_email_throttle: { leftOut: 'when a sign-in mail last went to the address, for the one-a-minute rule' },
  dictionary_imports: {
    leftOut: 'which administrator started a dictionary import: their work, not about them',
  },
};

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export interface LearnerData {
  exportedAt: Date;
  user: Row<typeof users>;
  languageProgress: (Row<typeof userLanguageProgress> & {
    language: string;
    nativeLanguage: string | null;
  })[];
  chapterProgress: (Row<typeof chapterProgress> & {
    storyId: number;
    storyTitle: string;
    chapterNumber: number;
    chapterTitle: string;
  })[];
  readingDays: (Row<typeof readingDays> & { language: string })[];
  dailyGoals: (Row<typeof dailyGoals> & { language: string })[];
  readingAids: (Row<typeof readingAids> & { language: string })[];
  savedWords: (Row<typeof savedWords> & { language: string })[];
  termStatuses: (Row<typeof termStatuses> & { language: string })[];
  feedback: Row<typeof feedback>[];
  applications: Row<typeof teacherApplications>[];
  videos: Row<typeof applicantVideos>[];
  subscription: Row<typeof subscriptions> | undefined;
  readerSettings: Row<typeof readerSettings> | undefined;
  sessions: SessionRow[];
}

/**
 * Everything kept about the learner, read in one repeatable-read snapshot, so the parts agree with each other
 * (a chapter marked read meanwhile is in both its progress and the totals, or in neither); 401 when the
 * account is gone. Narrator applications and videos are the learner's when they carry the account's address.
 */
export async function collectLearnerData(db: Database, userId: string): Promise<LearnerData> {
  return db.transaction(
    async (tx) => {
      const user = await accountOf(tx, userId);
      const address = user.email.toLowerCase();
      return {
        exportedAt: new Date(),
        user,
        languageProgress: await languageProgressOf(tx, userId),
        chapterProgress: await chapterProgressOf(tx, userId),
        ...(await byLanguage(tx, userId)),
        feedback: await tx
          .select()
          .from(feedback)
          .where(
            or(
              eq(feedback.userId, userId),
              and(isNull(feedback.userId), sql`lower(${feedback.email}) = ${address}`),
            ),
          )
          .orderBy(asc(feedback.createdAt), asc(feedback.id)),
        applications: await tx
          .select()
          .from(teacherApplications)
          .where(sql`lower(${teacherApplications.email}) = ${address}`)
          .orderBy(asc(teacherApplications.createdAt), asc(teacherApplications.id)),
        videos: await tx
          .select()
          .from(applicantVideos)
          .where(sql`lower(${applicantVideos.email}) = ${address}`)
          .orderBy(asc(applicantVideos.createdAt), asc(applicantVideos.id)),
        subscription: (await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0],
        readerSettings: (await tx.select().from(readerSettings).where(eq(readerSettings.userId, userId)))[0],
        sessions: await tx
          .select(sessionColumns)
          .from(authSessions)
          .where(eq(authSessions.userId, userId))
          .orderBy(asc(authSessions.createdAt), asc(authSessions.id)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const nativeLanguages = alias(languages, 'native_languages');

async function languageProgressOf(tx: Transaction, userId: string) {
  const rows = await tx
    .select({ row: userLanguageProgress, language: languages.code, nativeLanguage: nativeLanguages.code })
    .from(userLanguageProgress)
    .innerJoin(languages, eq(languages.id, userLanguageProgress.languageId))
    .leftJoin(nativeLanguages, eq(nativeLanguages.id, userLanguageProgress.nativeLanguageId))
    .where(eq(userLanguageProgress.userId, userId))
    .orderBy(asc(languages.code));
  return rows.map(({ row, language, nativeLanguage }) => ({ ...row, language, nativeLanguage }));
}

async function chapterProgressOf(tx: Transaction, userId: string) {
  const rows = await tx
    .select({
      row: chapterProgress,
      storyId: stories.id,
      storyTitle: stories.title,
      chapterNumber: chapters.chapterNumber,
      chapterTitle: chapters.title,
    })
    .from(chapterProgress)
    .innerJoin(chapters, eq(chapters.id, chapterProgress.chapterId))
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(eq(chapterProgress.userId, userId))
    .orderBy(asc(stories.id), asc(chapters.orderIndex));
  return rows.map(({ row, ...names }) => ({ ...row, ...names }));
}

/**
 * The learner's rows kept per language: reading days, goals, reading aids, saved words and the statuses of
 * terms, each with its code.
 */
async function byLanguage(tx: Transaction, userId: string) {
  const days = await tx
    .select({ row: readingDays, language: languages.code })
    .from(readingDays)
    .innerJoin(languages, eq(languages.id, readingDays.languageId))
    .where(eq(readingDays.userId, userId))
    .orderBy(asc(readingDays.day), asc(languages.code));
  const goals = await tx
    .select({ row: dailyGoals, language: languages.code })
    .from(dailyGoals)
    .innerJoin(languages, eq(languages.id, dailyGoals.languageId))
    .where(eq(dailyGoals.userId, userId))
    .orderBy(asc(languages.code));
  const aids = await tx
    .select({ row: readingAids, language: languages.code })
    .from(readingAids)
    .innerJoin(languages, eq(languages.id, readingAids.languageId))
    .where(eq(readingAids.userId, userId))
    .orderBy(asc(languages.code));
  const words = await tx
    .select({ row: savedWords, language: languages.code })
    .from(savedWords)
    .innerJoin(languages, eq(languages.id, savedWords.languageId))
    .where(eq(savedWords.userId, userId))
    .orderBy(asc(savedWords.firstSeenAt), asc(savedWords.id));
  const statuses = await tx
    .select({ row: termStatuses, language: languages.code })
    .from(termStatuses)
    .innerJoin(languages, eq(languages.id, termStatuses.languageId))
    .where(eq(termStatuses.userId, userId))
    .orderBy(asc(languages.code), asc(termStatuses.term));
  const flat = <T>(rows: { row: T; language: string }[]) =>
    rows.map(({ row, language }) => ({ ...row, language }));
  return {
    readingDays: flat(days),
    dailyGoals: flat(goals),
    readingAids: flat(aids),
    savedWords: flat(words),
    termStatuses: flat(statuses),
  };
}
