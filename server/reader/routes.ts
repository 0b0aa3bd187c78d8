import type { FastifyInstance } from 'fastify';
import { idParam } from '#server/http/errors.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentChapter } from './present.ts';
import { getReaderChapter } from './service.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';

/** GET /api/chapters/{id}/ (learner.md §7): a chapter in the reader, with its story, language and next chapter. */
export async function readerRoutes(app: FastifyInstance): Promise<void> {
  app.get('/chapters/:id/', async (request) => {
    const viewer = viewerOf(request);
    const id = idParam(request.params, 'id', CHAPTER_NOT_FOUND);
    return presentChapter(app.storage, await getReaderChapter(app.db, viewer, id));
  });
}
