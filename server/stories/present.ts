import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import type { Difficulty, LengthCategory } from '#common/stories.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import type { ChapterRow, StoryRow } from './service.ts';

/** A story as the stories tab and the editor show it. */
export function presentStory(storage: ObjectStorage, story: StoryRow): AdminStory {
  return {
    id: story.id,
    title: story.title,
    author: story.author,
    description: story.description,
    language: story.language,
    difficulty_level: story.difficultyLevel as Difficulty,
    estimated_word_count: story.estimatedWordCount,
    length_category: story.lengthCategory as LengthCategory,
    topics: story.topics,
    is_published: story.isPublished,
    is_free: story.isFree,
    is_adult_content: story.isAdultContent,
    cover_image_url: story.coverImageKey ? storage.publicUrl(story.coverImageKey) : null,
    chapter_count: story.chapterCount,
  };
}

/** A chapter as the editor shows it. */
export function presentChapter(storage: ObjectStorage, chapter: ChapterRow): AdminChapter {
  return {
    id: chapter.id,
    story: chapter.storyId,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    content: chapter.content,
    word_count: chapter.wordCount,
    order_index: chapter.orderIndex,
    audio_url: chapter.audioKey ? storage.publicUrl(chapter.audioKey) : null,
    audio_duration_seconds: chapter.audioDurationSeconds,
    generation_prompt: chapter.generationPrompt,
  };
}
