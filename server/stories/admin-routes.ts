import type { FastifyInstance } from 'fastify';
import {
  type AdminChapter,
  AdminChapterInput,
  type AdminStory,
  AdminStoryInput,
} from '#common/schemas/stories.ts';
import type { Difficulty, LengthCategory } from '#common/stories.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import {
  type ChapterRow,
  createChapter,
  createStory,
  deleteChapter,
  deleteStory,
  getStory,
  listChapters,
  listStories,
  type StoryRow,
  updateChapter,
  updateStory,
} from './admin-service.ts';

function presentStory(story: StoryRow): AdminStory {
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
    cover_image_url: null, // covers arrive with the storage part of this issue (TODO.md)
    chapter_count: story.chapterCount,
  };
}

function presentChapter(chapter: ChapterRow): AdminChapter {
  return {
    id: chapter.id,
    story: chapter.storyId,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    content: chapter.content,
    word_count: chapter.wordCount,
    order_index: chapter.orderIndex,
    audio_url: null, // audio arrives with the storage part of this issue (TODO.md)
    audio_duration_seconds: chapter.audioDurationSeconds,
    generation_prompt: chapter.generationPrompt,
  };
}

/** The number in an address; anything else names nothing. */
function idFrom(params: unknown, key: string, notFound: string): number {
  const id = Number((params as Record<string, string | undefined>)[key]);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, notFound);
  return id;
}

function storyInput(body: unknown): AdminStoryInput {
  const input = parseInput(AdminStoryInput, body ?? {});
  if (input.cover_image_url) {
    throw new HttpError(400, 'Covers cannot be stored yet: send cover_image_url as null.');
  }
  return input;
}

/**
 * Removes media whose rows are gone. The deletion is already committed, so a storage failure is logged rather
 * than answered: the learner-facing data is consistent, and an orphaned file costs only space.
 */
async function removeMedia(app: FastifyInstance, keys: string[]): Promise<void> {
  try {
    await app.storage.delete(keys);
  } catch (error) {
    app.log.warn({ err: error, keys }, 'could not remove the media of a deleted story or chapter');
  }
}

/** /api/admin/stories/ and /api/admin/chapters/ (admin.md §7). Registered inside the admin scope. */
export async function adminStoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/stories/', async () => (await listStories(app.db)).map(presentStory));

  app.post('/stories/', async (request, reply) => {
    return reply.status(201).send(presentStory(await createStory(app.db, storyInput(request.body))));
  });

  app.get('/stories/:id/', async (request) => {
    return presentStory(await getStory(app.db, idFrom(request.params, 'id', 'Story not found')));
  });

  app.put('/stories/:id/', async (request) => {
    const id = idFrom(request.params, 'id', 'Story not found');
    return presentStory(await updateStory(app.db, id, storyInput(request.body)));
  });

  app.delete('/stories/:id/', async (request, reply) => {
    const media = await deleteStory(app.db, idFrom(request.params, 'id', 'Story not found'));
    await removeMedia(app, media);
    return reply.status(204).send();
  });

  app.get('/stories/:storyId/chapters/', async (request) => {
    const storyId = idFrom(request.params, 'storyId', 'Story not found');
    return (await listChapters(app.db, storyId)).map(presentChapter);
  });

  app.post('/stories/:storyId/chapters/', async (request, reply) => {
    const storyId = idFrom(request.params, 'storyId', 'Story not found');
    const input = parseInput(AdminChapterInput, request.body ?? {});
    return reply.status(201).send(presentChapter(await createChapter(app.db, storyId, input)));
  });

  app.put('/chapters/:id/', async (request) => {
    const id = idFrom(request.params, 'id', 'Chapter not found');
    const input = parseInput(AdminChapterInput, request.body ?? {});
    return presentChapter(await updateChapter(app.db, id, input));
  });

  app.delete('/chapters/:id/', async (request, reply) => {
    const media = await deleteChapter(app.db, idFrom(request.params, 'id', 'Chapter not found'));
    await removeMedia(app, media);
    return reply.status(204).send();
  });
}
