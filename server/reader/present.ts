import type { ChapterWord, ReaderChapter } from '#common/schemas/reading.ts';
import type { StoredWord } from '#server/analysis/service.ts';
import { presentLanguage } from '#server/languages/present.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import type { ReaderChapterRow } from './service.ts';

/** A stored word as the reader gets it: the text, and its dictionary form, reading and part of speech when known. */
function presentWord(word: StoredWord): ChapterWord {
  return {
    text: word.t,
    ...(word.l ? { lemma: word.l } : {}),
    ...(word.r ? { reading: word.r } : {}),
    ...(word.p ? { part_of_speech: word.p } : {}),
  };
}

/** The levels at which readings show above the words until a learner chooses (issue 21). */
const READINGS_SHOWN_AT: ReadonlySet<string> = new Set(['infant', 'child']);

/** Whether the reader shows readings above the words: as the learner chose, else by the story's level. */
function showsReadings(chapter: ReaderChapterRow): boolean {
  return chapter.showReadings ?? READINGS_SHOWN_AT.has(chapter.story.difficultyLevel);
}

/** GET /api/chapters/{id}/'s answer: the chapter, its audio's address, and its story's outline. */
export function presentChapter(storage: ObjectStorage, chapter: ReaderChapterRow): ReaderChapter {
  return {
    id: chapter.id,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    content: chapter.content,
    order_index: chapter.orderIndex,
    word_count: chapter.wordCount,
    audio_url: chapter.audioKey ? storage.publicUrl(chapter.audioKey) : null,
    is_completed: chapter.isCompleted,
    // Only for a language whose words an analyser finds: every other answer stays as it was.
    ...(chapter.words
      ? { words: chapter.words.map(presentWord), show_readings: showsReadings(chapter) }
      : {}),
    terms: chapter.termMap,
    statuses: chapter.statuses,
    // Timings without the audio they time would time nothing.
    ...(chapter.readAlong && chapter.audioKey
      ? { read_along: { sentences: chapter.readAlong.sentences } }
      : {}),
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
