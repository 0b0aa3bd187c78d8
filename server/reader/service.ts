import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ReadingAidsInput } from '#common/schemas/reading.ts';
import { statusOfNumber, type TermStatus } from '#common/terms.ts';
import type { Database } from '#server/db/client.ts';
import { languages, readingAids } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { CHAPTER_NOT_FOUND, requireReadable } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';
import {
  type ChapterFragmentCache,
  type ChapterFragments,
  fragmentsOf,
  type LearnerStatusesCache,
  statusesId,
} from './chapter-cache.ts';
import { queryReaderChapter, type ReaderChapterQueryRow } from './chapter-query.ts';

/** The caches a server keeps of chapters' answers: the large parts by version, the learners' statuses by key. */
export interface ReaderCaches {
  chapters: ChapterFragmentCache;
  statuses: LearnerStatusesCache;
}

/**
 * A chapter as the reader shows it, with its story's outline and the learner's completion, statuses and choice
 * of readings, in one query; its large part and the learner's statuses (as JSON) from `caches` when the copies
 * there are of the row's version and the statuses' key. 404 if none, 404 or 403 as the access rule says.
 */
export async function getReaderChapter(
  pool: pg.Pool,
  viewer: Viewer,
  id: number,
  caches: ReaderCaches,
  held = {
    version: caches.chapters.versionOf(id),
    statusesKey: caches.statuses.versionOf(statusesId(viewer.userId, id)),
  },
): Promise<{ row: ReaderChapterQueryRow; fragments: ChapterFragments; statuses: string }> {
  const row = await queryReaderChapter(pool, id, viewer.userId, held);
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  await requireReadable(viewer, { isPublished: row.is_published, isFree: row.is_free });
  const fragments = caches.chapters.get(id, row.version);
  const heldStatuses = statusesId(viewer.userId, id);
  let statuses: string | undefined;
  if (row.statuses_held) statuses = caches.statuses.get(heldStatuses, row.statuses_key)?.json;
  else {
    statuses = statusesJson(row);
    caches.statuses.set(heldStatuses, { version: row.statuses_key, json: statuses });
  }
  // A copy held was dropped or replaced by a concurrent request meanwhile: read what it held.
  if ((!fragments && row.content === null) || statuses === undefined) {
    return getReaderChapter(pool, viewer, id, caches, {
      version: fragments ? row.version : '',
      statusesKey: statuses === undefined ? '' : row.statuses_key,
    });
  }
  if (fragments) return { row, fragments, statuses };
  const made = fragmentsOf(row);
  caches.chapters.set(id, made);
  return { row, fragments: made, statuses };
}

/** The learner's statuses of the chapter's terms as the answer writes them, by term; a term not listed is new. */
function statusesJson(row: ReaderChapterQueryRow): string {
  const statuses: Record<string, TermStatus> = {};
  for (const [term, value] of row.statuses ?? []) {
    const status = statusOfNumber(value);
    if (status) statuses[term] = status;
  }
  return JSON.stringify(statuses);
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
