import type { FastifyInstance } from 'fastify';
import * as reader from '#common/endpoints/reader.ts';
import { route } from '#server/http/contract.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentChapter } from './present.ts';
import { getReaderChapter, setReadingAids } from './service.ts';
import { getReaderSettings, setReaderSettings } from './settings.ts';

/**
 * GET /api/chapters/{id}/ (learner.md §7): a chapter in the reader, with its story, language and next chapter;
 * PUT /api/reading-aids/ (issue 21): readings above the words on or off for one of the learner's languages;
 * GET and PUT /api/me/reader-settings/ (issue 23): speed, text size, spacing, typeface and theme.
 */
export async function readerRoutes(app: FastifyInstance): Promise<void> {
  route(app, reader.getChapter, async ({ ids }, request) =>
    presentChapter(app.storage, await getReaderChapter(app.db, viewerOf(request), ids.id)),
  );
  route(app, reader.setReadingAids, async ({ body }, request) => {
    const aids = await setReadingAids(app.db, viewerOf(request), body);
    return { language: aids.language, show_readings: aids.showReadings };
  });
  route(app, reader.getReaderSettings, async (_input, request) =>
    getReaderSettings(app.db, viewerOf(request)),
  );
  route(app, reader.setReaderSettings, async ({ body }, request) =>
    setReaderSettings(app.db, viewerOf(request), body),
  );
}
