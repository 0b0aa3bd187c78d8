import type { FastifyInstance } from 'fastify';
import { MAX_CUE_FILE_BYTES } from '#common/cues.ts';
import * as stories from '#common/endpoints/stories.ts';
import type { AdminChapterInput, AdminStoryInput } from '#common/schemas/stories.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import { presentChapter, presentStory } from './present.ts';
import { deleteReadAlong, getReadAlong, previewReadAlong, saveReadAlong } from './readAlong.ts';
import {
  type ChapterRow,
  countChapterWords,
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

  route(app, stories.listAdminStories, async () => (await listStories(app.db)).map(story));

  route(app, stories.createStory, async ({ body }) => story(await createStory(app.db, body, coverOf(body))));

  route(app, stories.getAdminStory, async ({ ids }) => story(await getStory(app.db, ids.id)));

  route(app, stories.updateStory, async ({ ids, body }) => {
    const updated = await updateStory(app.db, ids.id, body, coverOf(body));
    await removeMedia(app, updated.replaced);
    return story(updated.story);
  });

  route(app, stories.deleteStory, async ({ ids }) => {
    await removeMedia(app, await deleteStory(app.db, ids.id));
  });

  route(app, stories.listChapters, async ({ ids }) => (await listChapters(app.db, ids.storyId)).map(chapter));

  route(app, stories.createChapter, async ({ ids, body }) =>
    chapter(await createChapter(app.db, ids.storyId, body, audioOf(body))),
  );

  route(app, stories.updateChapter, async ({ ids, body }) => {
    const updated = await updateChapter(app.db, ids.id, body, audioOf(body));
    await removeMedia(app, updated.replaced);
    return {
      ...chapter(updated.chapter),
      ...(updated.readAlongDropped ? { read_along_dropped: true as const } : {}),
    };
  });

  route(app, stories.deleteChapter, async ({ ids }) => {
    await removeMedia(app, await deleteChapter(app.db, ids.id));
  });

  route(app, stories.countWords, async ({ body }) => ({
    word_count: countChapterWords(body.language, body.content),
  }));

  route(app, stories.getReadAlong, async ({ ids }) => getReadAlong(app.db, ids.id));

  // A file of up to 1 MB, escaped into JSON: the body may be larger than the app's 1 MB default.
  route(app, stories.previewReadAlong, async ({ ids, body }) => previewReadAlong(app.db, ids.id, body.cues), {
    bodyLimit: 3 * MAX_CUE_FILE_BYTES,
  });

  route(app, stories.saveReadAlong, async ({ ids, body }) => saveReadAlong(app.db, ids.id, body));

  route(app, stories.deleteReadAlong, async ({ ids }) => deleteReadAlong(app.db, ids.id));
}
