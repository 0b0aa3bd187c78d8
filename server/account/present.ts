import type { DataExport, SignedInDevice } from '#common/schemas/account.ts';
import { statusOfNumber, type TermStatus } from '#common/terms.ts';
import { presentSubscription } from '#server/billing/present.ts';
import { presentApplication } from '#server/narrators/present.ts';
import { browserName } from './browser.ts';
import type { LearnerData } from './export.ts';
import type { SessionRow } from './service.ts';

const lastUsed = (session: SessionRow) => (session.refreshedAt ?? session.createdAt).toISOString();

/** A session as the devices list shows it; `current` for the one of the token that asked. */
export function presentDevice(session: SessionRow, currentSessionId: string | undefined): SignedInDevice {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_used_at: lastUsed(session),
    browser: browserName(session.userAgent),
    current: session.id === currentSessionId,
  };
}

/** The day of an instant as YYYY-MM-DD in UTC: the export's file name. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** A stored status as the export names it; the table's check allows no other number. */
function storedStatus(value: number): TermStatus {
  const status = statusOfNumber(value);
  if (!status) throw new Error(`term_statuses holds status ${value}, which its check forbids.`);
  return status;
}

/** The learner's data as the downloaded document shapes it (DataExport): snake_case, ISO instants, codes. */
export function presentExport(data: LearnerData): DataExport {
  const { user } = data;
  return {
    format: 'catamaran-data-export/1',
    exported_at: data.exportedAt.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      new_email: user.newEmail,
      user_metadata: user.userMetadata,
      email_confirmed_at: iso(user.emailConfirmedAt),
      created_at: user.createdAt.toISOString(),
      last_sign_in_at: iso(user.lastSignInAt),
    },
    ...presentProgress(data),
    ...presentReading(data),
    feedback: data.feedback.map((entry) => ({
      id: entry.id,
      email: entry.email,
      text: entry.text,
      created_at: entry.createdAt.toISOString(),
    })),
    narrator_applications: data.applications.map(presentApplication),
    applicant_videos: data.videos.map((video) => ({
      id: video.id,
      email: video.email,
      original_filename: video.originalFilename,
      content_type: video.contentType,
      file_size: video.fileSize,
      created_at: video.createdAt.toISOString(),
    })),
    subscription: {
      ...presentSubscription(data.subscription),
      pro_granted_by_hand: data.subscription?.isGrantedPro ?? false,
      pro_granted_at: iso(data.subscription?.grantedAt ?? null),
    },
    sessions: data.sessions.map((session) => ({
      id: session.id,
      browser: browserName(session.userAgent),
      user_agent: session.userAgent,
      created_at: session.createdAt.toISOString(),
      last_used_at: lastUsed(session),
      ends_at: session.notAfter.toISOString(),
    })),
  };
}

/** The languages read, their points, and each chapter's progress. */
function presentProgress(
  data: LearnerData,
): Pick<DataExport, 'language_progress' | 'points' | 'chapter_progress'> {
  const byLanguage: Record<string, number> = {};
  for (const entry of data.languageProgress) byLanguage[entry.language] = entry.totalPoints;
  return {
    language_progress: data.languageProgress.map((entry) => ({
      language: entry.language,
      native_language: entry.nativeLanguage,
      total_words_read: entry.totalWordsRead,
      total_points: entry.totalPoints,
      current_level: entry.currentLevel,
      created_at: entry.createdAt.toISOString(),
      updated_at: entry.updatedAt.toISOString(),
    })),
    points: {
      total: Object.values(byLanguage).reduce((sum, points) => sum + points, 0),
      by_language: byLanguage,
    },
    chapter_progress: data.chapterProgress.map((entry) => ({
      story_id: entry.storyId,
      story_title: entry.storyTitle,
      chapter_id: entry.chapterId,
      chapter_number: entry.chapterNumber,
      chapter_title: entry.chapterTitle,
      is_completed: entry.isCompleted,
      completion_percentage: entry.completionPercentage,
      words_read: entry.wordsRead,
      points_earned: entry.pointsEarned,
      completed_at: iso(entry.completedAt),
      updated_at: entry.updatedAt.toISOString(),
    })),
  };
}

/** The reading days, the daily goals, the reading aids and the saved words, each with its language's code. */
function presentReading(
  data: LearnerData,
): Pick<
  DataExport,
  'reading_days' | 'daily_goals' | 'reader_settings' | 'reading_aids' | 'saved_words' | 'term_statuses'
> {
  return {
    reading_days: data.readingDays.map((day) => ({
      day: day.day,
      language: day.language,
      seconds: day.seconds,
      words_read: day.wordsRead,
    })),
    daily_goals: data.dailyGoals.map((goal) => ({
      language: goal.language,
      goal_minutes: goal.goalMinutes,
      updated_at: goal.updatedAt.toISOString(),
    })),
    reader_settings: data.readerSettings
      ? {
          playback_rate: data.readerSettings.playbackRate,
          text_size: data.readerSettings.textSize,
          line_spacing: data.readerSettings.lineSpacing,
          typeface: data.readerSettings.typeface,
          theme: data.readerSettings.theme,
          updated_at: data.readerSettings.updatedAt.toISOString(),
        }
      : null,
    reading_aids: data.readingAids.map((aids) => ({
      language: aids.language,
      show_readings: aids.showReadings,
      updated_at: aids.updatedAt.toISOString(),
    })),
    saved_words: data.savedWords.map((word) => ({
      word: word.word,
      language: word.language,
      occurrences: word.occurrences,
      first_seen_at: word.firstSeenAt.toISOString(),
      last_seen_at: word.lastSeenAt.toISOString(),
      last_story_id: word.lastStoryId,
      last_chapter_id: word.lastChapterId,
      term: word.term,
      sentence: word.sentence,
    })),
    term_statuses: data.termStatuses.map((entry) => ({
      language: entry.language,
      term: entry.term,
      status: storedStatus(entry.status),
      updated_at: entry.updatedAt.toISOString(),
    })),
  };
}
