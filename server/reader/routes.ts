import type { FastifyInstance } from 'fastify';
import * as reader from '#common/endpoints/reader.ts';
import { route } from '#server/http/contract.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentChapter } from './present.ts';
import { getReaderChapter } from './service.ts';

/** GET /api/chapters/{id}/ (learner.md §7): a chapter in the reader, with its story, language and next chapter. */
export async function readerRoutes(app: FastifyInstance): Promise<void> {
  route(app, reader.getChapter, async ({ ids }, request) =>
    presentChapter(app.storage, await getReaderChapter(app.db, viewerOf(request), ids.id)),
  );
}
