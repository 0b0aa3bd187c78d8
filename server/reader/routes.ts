import type { FastifyInstance } from 'fastify';
import * as reader from '#common/endpoints/reader.ts';
import { acceptsEncoding, COMPRESS_FROM_BYTES } from '#server/http/accept-encoding.ts';
import { route } from '#server/http/contract.ts';
import { matchesEtag } from '#server/http/etag.ts';
import { SizedCache } from '#server/http/sized-cache.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { ChapterFragmentCache, LearnerStatusesCache } from './chapter-cache.ts';
import { presentChapter } from './present.ts';
import { getReaderChapter, setReadingAids } from './service.ts';
import { getReaderSettings, setReaderSettings } from './settings.ts';

/**
 * A personal answer: the browser may keep it but asks again each time (decision 088), and is answered 304 when
 * its copy is still the one it would get.
 */
const CHAPTER_CACHE_CONTROL = 'private, no-cache';
/** The compressed answers kept by validator: a few thousand chapters as learners see them. */
const GZIPPED_ANSWERS_BYTES = 8 * 1024 * 1024;

/**
 * GET /api/chapters/{id}/ (learner.md §7): a chapter in the reader, with its story, language and next chapter;
 * PUT /api/reading-aids/ (issue 21): readings above the words on or off for one of the learner's languages;
 * GET and PUT /api/me/reader-settings/ (issue 23): speed, text size, spacing, typeface and theme.
 */
export async function readerRoutes(app: FastifyInstance): Promise<void> {
  // This server's copies of chapters' large parts, by version (decision 088).
  // And the learners' statuses of the chapters they read, by the chapter's version and theirs (decision 097).
  const caches = { chapters: new ChapterFragmentCache(), statuses: new LearnerStatusesCache() };
  // The compressed answers by validator, which names every byte of them (the row's version and a hash of the
  // rest): a learner's next read of an unchanged chapter, or another learner's in the same state (a new
  // reader's statuses are none), is compressed once. Per server: its cost is compression, not truth.
  const gzipped = new SizedCache<string, Buffer>(
    GZIPPED_ANSWERS_BYTES,
    (etag, bytes) => etag.length * 2 + bytes.length,
  );
  route(app, reader.getChapter, async ({ ids }, request, reply) => {
    const { row, fragments, statuses } = await getReaderChapter(app.pool, viewerOf(request), ids.id, caches);
    const { json, etag, gzip } = presentChapter(app.storage, row, fragments, statuses);
    reply.header('etag', etag).header('cache-control', CHAPTER_CACHE_CONTROL);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    // Compressed here from pieces, most compressed once per version, rather than whole by the compression
    // hook on every read (decision 088); an answer under its threshold (counted here in characters, never more
    // than its bytes) is left to it.
    if (json.length < COMPRESS_FROM_BYTES || !acceptsEncoding(request.headers['accept-encoding'], 'gzip'))
      return json;
    reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
    let bytes = gzipped.get(etag);
    if (!bytes) {
      bytes = gzip();
      gzipped.set(etag, bytes);
    }
    return reply.type('application/json; charset=utf-8').send(bytes);
  });
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
