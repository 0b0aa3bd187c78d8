import type { FastifyInstance } from 'fastify';
import type { PublicLanguage } from '#common/schemas/languages.ts';
import {
  type ChapterProgressResult,
  type LanguageProgressEntry,
  LanguageProgressInput,
  type LearnerLevel,
  MarkReadInput,
  type ReaderChapter,
  type SavedWord,
  SavedWordsQuery,
  SaveWordInput,
} from '#common/schemas/reading.ts';
import { idParam, parseInput } from '../http/errors.ts';
import { viewerOf } from '../policies/viewer.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import { activityRoutes, learnerToday } from './activity-routes.ts';
import { libraryRoutes } from './library-routes.ts';
import {
  type ChapterProgressChange,
  ensureLanguageProgress,
  getReaderChapter,
  type LanguageProgressRow,
  type LanguageRow,
  listLanguageProgress,
  listSavedWords,
  markChapterRead,
  markChapterUnread,
  type ReaderChapterRow,
  type SavedWordRow,
  saveWord,
} from './service.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';
function presentLanguage(language: LanguageRow): PublicLanguage {
  return { id: language.id, code: language.code, name: language.name, native_name: language.nativeName };
}

function presentChapter(storage: ObjectStorage, chapter: ReaderChapterRow): ReaderChapter {
  return {
    id: chapter.id,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    content: chapter.content,
    order_index: chapter.orderIndex,
    word_count: chapter.wordCount,
    audio_url: chapter.audioKey ? storage.publicUrl(chapter.audioKey) : null,
    is_completed: chapter.isCompleted,
    story: {
      id: chapter.story.id,
      title: chapter.story.title,
      language: presentLanguage(chapter.story.language),
      chapters: chapter.story.chapters.map((entry) => ({
        id: entry.id,
        chapter_number: entry.chapterNumber,
        title: entry.title,
      })),
      next_chapter: chapter.story.nextChapter,
    },
  };
}

function presentProgress(change: ChapterProgressChange): ChapterProgressResult {
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

function presentLanguageProgress(entry: LanguageProgressRow): LanguageProgressEntry {
  return {
    id: entry.id,
    language: presentLanguage(entry.language),
    native_language: entry.nativeLanguage ? presentLanguage(entry.nativeLanguage) : null,
    total_words_read: entry.totalWordsRead,
    total_points: entry.totalPoints,
    current_level: entry.currentLevel as LearnerLevel,
  };
}

function presentWord(word: SavedWordRow): SavedWord {
  return {
    id: word.id,
    word: word.word,
    language: word.language,
    occurrences: word.occurrences,
    last_seen_at: word.lastSeenAt.toISOString(),
  };
}

/**
 * The learner's reading calls (learner.md §7): a chapter in the reader, marking it read or unread, the
 * per-language progress, and saved words; with the library (library-routes.ts) and the daily goal, reading
 * time and activity (activity-routes.ts). Every one needs a token except a story's detail.
 */
export async function readingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(libraryRoutes);
  await app.register(activityRoutes);

  app.get('/chapters/:id/', async (request) => {
    const reader = viewerOf(request);
    const id = idParam(request.params, 'id', CHAPTER_NOT_FOUND);
    return presentChapter(app.storage, await getReaderChapter(app.db, reader, id));
  });

  app.post('/chapters/:id/mark-read/', async (request) => {
    const reader = viewerOf(request);
    const id = idParam(request.params, 'id', CHAPTER_NOT_FOUND);
    // The client's figures are checked but not trusted: the chapter's own word_count is what counts.
    parseInput(MarkReadInput, request.body ?? {});
    return presentProgress(await markChapterRead(app.db, reader, id, { day: learnerToday(request) }));
  });

  app.post('/chapters/:id/mark-unread/', async (request) => {
    const reader = viewerOf(request);
    const id = idParam(request.params, 'id', CHAPTER_NOT_FOUND);
    return presentProgress(await markChapterUnread(app.db, reader, id));
  });

  app.get('/user/language-progress/', async (request) => {
    const { userId } = viewerOf(request);
    return (await listLanguageProgress(app.db, userId)).map(presentLanguageProgress);
  });

  app.post('/user/language-progress/', async (request, reply) => {
    const { userId } = viewerOf(request);
    const input = parseInput(LanguageProgressInput, request.body ?? {});
    const { entry, isCreated } = await ensureLanguageProgress(app.db, userId, input);
    return reply.status(isCreated ? 201 : 200).send(presentLanguageProgress(entry));
  });

  app.post('/words/save/', async (request, reply) => {
    const { userId } = viewerOf(request);
    const input = parseInput(SaveWordInput, request.body ?? {});
    const { word, isCreated } = await saveWord(app.db, userId, input);
    return reply.status(isCreated ? 201 : 200).send(presentWord(word));
  });

  app.get('/words/', async (request) => {
    const { userId } = viewerOf(request);
    const query = parseInput(SavedWordsQuery, request.query ?? {});
    return (await listSavedWords(app.db, userId, query.language)).map(presentWord);
  });
}
