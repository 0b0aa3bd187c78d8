import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ReadingAidsInput } from '#common/schemas/reading.ts';
import type { Database } from '#server/db/client.ts';
import { languages, readingAids } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';
import { type ChapterFragmentCache, type ChapterFragments, fragmentsOf } from './chapter-cache.ts';
import { queryReaderChapter, type ReaderChapterQueryRow } from './chapter-query.ts';

/**
 * A chapter as the reader shows it, with its story's outline and the learner's completion, statuses and choice
 * of readings, in one query; its large part from `cache` when the copy there is of the row's version. 404 if
 * none, 404 or 403 as the access rule says.
 */
export async function getReaderChapter(
  pool: pg.Pool,
  viewer: Viewer,
  id: number,
  cache: ChapterFragmentCache,
  held = cache.versionOf(id),
): Promise<{ row: ReaderChapterQueryRow; fragments: ChapterFragments }> {
  const row = await queryReaderChapter(pool, id, viewer.userId, held);
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(viewer, { isPublished: row.is_published, isFree: row.is_free });
  const cached = cache.get(id, row.version);
  if (cached) return { row, fragments: cached };
  // The copy held was dropped or replaced by a concurrent request meanwhile: read the large part too.
  if (row.content === null) return getReaderChapter(pool, viewer, id, cache, '');
  const fragments = fragmentsOf(row);
  cache.set(id, fragments);
  return { row, fragments };
}

/** The learner's choice of readings above a language's words (PUT /api/reading-aids/), kept per language. */
export async function setReadingAids(
  db: Database,
  viewer: Viewer,
  input: ReadingAidsInput,
): Promise<{ language: string; showReadings: boolean }> {
  const [language] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.code, input.language));
  if (!language) throw new HttpError(404, NO_SUCH_LANGUAGE);
  await db
    .insert(readingAids)
    .values({ userId: viewer.userId, languageId: language.id, showReadings: input.show_readings })
    .onConflictDoUpdate({
      target: [readingAids.userId, readingAids.languageId],
      set: { showReadings: input.show_readings, updatedAt: sql`now()` },
    });
  return { language: input.language, showReadings: input.show_readings };
}
