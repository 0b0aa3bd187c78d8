import type pg from 'pg';
import type { StoredWord } from '#server/analysis/service.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';
import type { StoredReadAlong } from '#server/db/schema.ts';

/**
 * GET /api/chapters/{id}/ in one round trip (decision 088): the chapter, its story and language, the access
 * rule's columns, the outline, the learner's completion, reading-aids choice and statuses of the chapter's
 * terms. The chapter's large columns (content, words, term map, timings) come only when the caller's copy is
 * not of the row's current version: `xmin`, the transaction that wrote the row, changes with every UPDATE by
 * whichever path or server, so no write path has to remember to bump a counter. The learner's statuses of the
 * chapter's terms likewise come only when the caller's copy is not of their key (decision 097): the chapter's
 * version (its terms are rewritten with the row, server/terms/chapters.ts) and the learner's version in the
 * language (learner_known_versions, moved by every statement that writes a status). A named statement is parsed
 * and planned once per connection.
 */
export const READER_CHAPTER_STATEMENT = 'reader-chapters-v3';
export const READER_CHAPTER_SQL = `
SELECT k.i, c.id, c.chapter_number, c.title, c.order_index, c.word_count, c.audio_key, c.xmin::text AS version,
  CASE WHEN c.xmin::text = k.version THEN NULL ELSE c.content END AS content,
  CASE WHEN c.xmin::text = k.version THEN NULL ELSE c.words END AS words,
  CASE WHEN c.xmin::text = k.version THEN NULL ELSE c.term_map END AS term_map,
  CASE WHEN c.xmin::text = k.version THEN NULL ELSE c.read_along END AS read_along,
  coalesce(cp.is_completed, false) AS is_completed, ra.show_readings,
  s.id AS story_id, s.title AS story_title, s.is_published, s.is_free, s.difficulty_level,
  l.id AS language_id, l.code AS language_code, l.name AS language_name, l.native_name AS language_native_name,
  (SELECT json_agg(json_build_array(o.id, o.chapter_number, o.title) ORDER BY o.order_index, o.id)
     FROM chapters o WHERE o.story_id = s.id) AS outline,
  sk.statuses_key, sk.statuses_key = k.statuses_key AS statuses_held,
  CASE WHEN sk.statuses_key = k.statuses_key THEN NULL ELSE
    (SELECT json_agg(json_build_array(ts.term, ts.status))
       FROM chapter_terms ct
       JOIN term_statuses ts ON ts.user_id = k.user_id AND ts.language_id = s.language_id AND ts.term = ct.term
       WHERE ct.chapter_id = c.id) END AS statuses
FROM unnest($1::integer[], $2::uuid[], $3::text[], $4::text[])
  WITH ORDINALITY AS k(chapter_id, user_id, version, statuses_key, i)
JOIN chapters c ON c.id = k.chapter_id
JOIN stories s ON s.id = c.story_id
JOIN languages l ON l.id = s.language_id
LEFT JOIN chapter_progress cp ON cp.chapter_id = c.id AND cp.user_id = k.user_id
LEFT JOIN reading_aids ra ON ra.language_id = s.language_id AND ra.user_id = k.user_id
LEFT JOIN learner_known_versions v ON v.user_id = k.user_id AND v.language_id = s.language_id
CROSS JOIN LATERAL (SELECT c.xmin::text || ':' || coalesce(v.version::text, '') AS statuses_key) sk`;

export interface ReaderChapterQueryRow {
  id: number;
  chapter_number: number;
  title: string;
  order_index: number;
  word_count: number;
  audio_key: string | null;
  version: string;
  /** The large columns: null when the caller's copy is of this version (and `words`/`read_along` may be null). */
  content: string | null;
  words: StoredWord[] | null;
  term_map: Record<string, string> | null;
  read_along: StoredReadAlong | null;
  is_completed: boolean;
  show_readings: boolean | null;
  story_id: number;
  story_title: string;
  is_published: boolean;
  is_free: boolean;
  difficulty_level: string;
  language_id: number;
  language_code: string;
  language_name: string;
  language_native_name: string;
  outline: [number, number, string][];
  /** What the learner's statuses of the chapter's terms are read under: the chapter's and the learner's versions. */
  statuses_key: string;
  /** Whether the caller's copy of the statuses is of `statuses_key`: then `statuses` is not read (null). */
  statuses_held: boolean;
  statuses: [string, number][] | null;
}

type ChapterItem = { chapterId: number; userId: string; cachedVersion: string; statusesKey: string };
type ChapterRow = ReaderChapterQueryRow & { i: string };

/** The chapters asked in one turn, in one statement (server/db/batched.ts). */
const READER_CHAPTERS: BatchedStatement<ChapterItem, ChapterRow, ChapterRow | undefined> = {
  name: READER_CHAPTER_STATEMENT,
  text: READER_CHAPTER_SQL,
  values: (items) => [
    items.map((item) => item.chapterId),
    items.map((item) => item.userId),
    items.map((item) => item.cachedVersion),
    items.map((item) => item.statusesKey),
  ],
  answer: ([row]) => row,
};
const askReaderChapter = batchedStatement(READER_CHAPTERS);

/**
 * The chapter's row as the learner reads it; `held` names the copies the caller holds: the large part's version,
 * and the key of the learner's statuses ('' for none).
 */
export function queryReaderChapter(
  pool: pg.Pool,
  chapterId: number,
  userId: string,
  held: { version: string; statusesKey: string },
): Promise<ReaderChapterQueryRow | undefined> {
  return askReaderChapter(pool, {
    chapterId,
    userId,
    cachedVersion: held.version,
    statusesKey: held.statusesKey,
  });
}
