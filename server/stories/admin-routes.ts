import type { FastifyInstance } from 'fastify';
import { AdminChapterInput, AdminStoryInput } from '#common/schemas/stories.ts';
import { HttpError, idParam, parseInput } from '#server/http/errors.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import { presentChapter, presentStory } from './present.ts';
import {
  type ChapterRow,
  createChapter,
  createStory,
  deleteChapter,
  deleteStory,
  getStory,
  listChapters,
  listStories,
  type MediaChange,
  type StoryRow,
  updateChapter,
  updateStory,
} from './service.ts';

/**
 * The key behind a media URL a client sends back: a URL our storage gave out for an upload in `folder`, null
 * to remove the media, undefined to keep it. Any other URL is refused: the site never points at files it
 * does not hold.
 */
function mediaKey(
  storage: ObjectStorage,
  url: string | null | undefined,
  folder: string,
  field: string,
): MediaChange {
  if (url === undefined || url === null) return url;
  const key = storage.keyFromUrl(url);
  if (!key?.startsWith(`${folder}/`)) {
    throw new HttpError(400, `${field} must be a URL answered by an upload to this site.`);
  }
  return key;
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
  const story = (row: StoryRow) => presentStory(app.storage, row);
  const chapter = (row: ChapterRow) => presentChapter(app.storage, row);
  const coverOf = (input: AdminStoryInput) =>
    mediaKey(app.storage, input.cover_image_url, 'story-images', 'cover_image_url');
  const audioOf = (input: AdminChapterInput) =>
    mediaKey(app.storage, input.audio_url, 'story-audio', 'audio_url');

  app.get('/stories/', async () => (await listStories(app.db)).map(story));

  app.post('/stories/', async (request, reply) => {
    const input = parseInput(AdminStoryInput, request.body ?? {});
    return reply.status(201).send(story(await createStory(app.db, input, coverOf(input))));
  });

  app.get('/stories/:id/', async (request) => {
    return story(await getStory(app.db, idParam(request.params, 'id', 'Story not found')));
  });

  app.put('/stories/:id/', async (request) => {
    const id = idParam(request.params, 'id', 'Story not found');
    const input = parseInput(AdminStoryInput, request.body ?? {});
    const updated = await updateStory(app.db, id, input, coverOf(input));
    await removeMedia(app, updated.replaced);
    return story(updated.story);
  });

  app.delete('/stories/:id/', async (request, reply) => {
    const media = await deleteStory(app.db, idParam(request.params, 'id', 'Story not found'));
    await removeMedia(app, media);
    return reply.status(204).send();
  });

  app.get('/stories/:storyId/chapters/', async (request) => {
    const storyId = idParam(request.params, 'storyId', 'Story not found');
    return (await listChapters(app.db, storyId)).map(chapter);
  });

  app.post('/stories/:storyId/chapters/', async (request, reply) => {
    const storyId = idParam(request.params, 'storyId', 'Story not found');
    const input = parseInput(AdminChapterInput, request.body ?? {});
    return reply.status(201).send(chapter(await createChapter(app.db, storyId, input, audioOf(input))));
  });

  app.put('/chapters/:id/', async (request) => {
    const id = idParam(request.params, 'id', 'Chapter not found');
    const input = parseInput(AdminChapterInput, request.body ?? {});
    const updated = await updateChapter(app.db, id, input, audioOf(input));
    await removeMedia(app, updated.replaced);
    return chapter(updated.chapter);
  });

  app.delete('/chapters/:id/', async (request, reply) => {
    const media = await deleteChapter(app.db, idParam(request.params, 'id', 'Chapter not found'));
    await removeMedia(app, media);
    return reply.status(204).send();
  });
}
