// How much of the library's stories the learner knows (issue 22, decision 072): read from the counts the terms
// area keeps (learner_story_known, story_term_counts), never from the stories' words, for the list; for one
// story's page, its chapters' shares are counted from its own terms.
import { sql } from 'drizzle-orm';
import { COMPREHENSION_MIN_KNOWN_TERMS, statusNumber, UNDERSTOOD_STATUSES } from '#common/terms.ts';
import type { Database } from '#server/db/client.ts';

/** A text's running words and distinct terms, the words the learner understands and the terms they marked. */
export interface KnownShare {
  occurrences: number;
  terms: number;
  knownOccurrences: number;
  /** Terms with any status: the others are the text's new words. */
  markedTerms: number;
}

/** The learner's known counts per story: undefined below the threshold of known terms. */
export type KnownByStory = Map<number, { knownOccurrences: number; markedTerms: number }> | undefined;

const UNDERSTOOD = `{${UNDERSTOOD_STATUSES.map(statusNumber).join(',')}}`;

/**
 * A lateral subquery of the story list's one query (its $2 is the learner, $4 and $5 these values, `l` the
 * language): whether the learner knows COMPREHENSION_MIN_KNOWN_TERMS terms in the language (counting no further,
 * through term_statuses' key) and, if so, their counts in its stories as one text "story,occurrences,marked,…"
 * (through learner_story_known's key): one row, cheaper to read than a row per story.
 */
export const KNOWN_BY_STORY_SQL = `
  SELECT t.known AS known_terms,
         CASE WHEN t.known >= $5 THEN (
           SELECT coalesce(string_agg(concat_ws(',', k.story_id, k.known_occurrences, k.marked_terms), ','), '')
           FROM learner_story_known k WHERE k.user_id = $2 AND k.language_id = l.id
         ) END AS known_counts
  FROM (
    SELECT count(*)::int AS known FROM (
      SELECT 1 FROM term_statuses ts
      WHERE ts.user_id = $2 AND ts.language_id = l.id AND ts.status = $4
      LIMIT $5
    ) enough
  ) t`;
export const KNOWN_BY_STORY_VALUES = [statusNumber('known'), COMPREHENSION_MIN_KNOWN_TERMS] as const;

/** The columns KNOWN_BY_STORY_SQL answers. */
export interface KnownColumns {
  known_terms: number;
  known_counts: string | null;
}

/** The learner's known counts by story from KNOWN_BY_STORY_SQL's columns; undefined below the threshold. */
export function knownFromColumns(row: KnownColumns): KnownByStory {
  if (row.known_terms < COMPREHENSION_MIN_KNOWN_TERMS || row.known_counts === null) return undefined;
  const known = new Map<number, { knownOccurrences: number; markedTerms: number }>();
  const numbers = row.known_counts === '' ? [] : row.known_counts.split(',');
  for (let index = 0; index + 2 < numbers.length; index += 3) {
    known.set(Number(numbers[index]), {
      knownOccurrences: Number(numbers[index + 1]),
      markedTerms: Number(numbers[index + 2]),
    });
  }
  return known;
}

/**
 * The learner's share of one story and of each of its chapters, counted from the story's terms and the
 * learner's statuses of them (one query: chapter_terms by chapter, term_statuses by key); undefined below the
 * threshold of known terms in the story's language. A chapter without terms has no entry.
 */
export async function knownSharesOfStory(
  db: Database,
  userId: string,
  story: { id: number; languageId: number },
): Promise<{ story: KnownShare | undefined; chapters: Map<number, KnownShare> } | undefined> {
  const { rows } = await db.execute<
    { chapter_id: number | null; enough: boolean } & Record<keyof KnownShare, number>
  >(sql`
    SELECT ct.chapter_id,
           (SELECT count(*) FROM (
              SELECT 1 FROM term_statuses e
              WHERE e.user_id = ${userId} AND e.language_id = ${story.languageId}
                AND e.status = ${statusNumber('known')}
              LIMIT ${COMPREHENSION_MIN_KNOWN_TERMS}
            ) x) >= ${COMPREHENSION_MIN_KNOWN_TERMS} AS enough,
           sum(ct.occurrences)::int AS occurrences,
           count(DISTINCT ct.term)::int AS terms,
           coalesce(sum(ct.occurrences) FILTER (WHERE ts.status = ANY (${UNDERSTOOD}::smallint[])), 0)::int
             AS "knownOccurrences",
           (count(DISTINCT ct.term) FILTER (WHERE ts.status IS NOT NULL))::int AS "markedTerms"
    FROM chapter_terms ct
    JOIN chapters c ON c.id = ct.chapter_id AND c.story_id = ${story.id}
    LEFT JOIN term_statuses ts
      ON ts.user_id = ${userId} AND ts.language_id = ${story.languageId} AND ts.term = ct.term
    GROUP BY GROUPING SETS ((ct.chapter_id), ())`);
  // No terms at all: the grand total still answers one row, with the threshold.
  if (!rows[0]?.enough) return undefined;
  const chapters = new Map<number, KnownShare>();
  let whole: KnownShare | undefined;
  for (const { chapter_id, enough: _, ...share } of rows) {
    if (chapter_id === null) whole = share.occurrences > 0 ? share : undefined;
    else chapters.set(chapter_id, share);
  }
  return { story: whole, chapters };
}
