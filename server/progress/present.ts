import type { ChapterProgressResult, LanguageProgressEntry, LearnerLevel } from '#common/schemas/reading.ts';
import { presentLanguage } from '#server/languages/present.ts';
import type { ChapterProgressChange, LanguageProgressRow } from './service.ts';

/** The answer of mark-read and mark-unread: the chapter's progress and the language's totals after it. */
export function presentProgress(change: ChapterProgressChange): ChapterProgressResult {
  return {
    chapter_id: change.chapterId,
    is_completed: change.isCompleted,
    completion_percentage: change.completionPercentage,
    words_read: change.wordsRead,
    points_earned: change.pointsEarned,
    points_change: change.pointsChange,
    total_words_read: change.totalWordsRead,
    total_points: change.totalPoints,
  };
}

/** A learner's entry for one language. */
export function presentLanguageProgress(entry: LanguageProgressRow): LanguageProgressEntry {
  return {
    id: entry.id,
    language: presentLanguage(entry.language),
    native_language: entry.nativeLanguage ? presentLanguage(entry.nativeLanguage) : null,
    total_words_read: entry.totalWordsRead,
    total_points: entry.totalPoints,
    current_level: entry.currentLevel as LearnerLevel,
  };
}
