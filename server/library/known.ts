// How much of the library's stories the learner knows (issue 22, decision 072): read from the counts the terms
// area keeps (learner_story_known, story_term_counts), never from the stories' words, for the list; for one
// story's page, its chapters' shares are counted from its own terms.
import { hash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { COMPREHENSION_MIN_KNOWN_TERMS, statusNumber, UNDERSTOOD_STATUSES } from '#common/terms.ts';
import type { Database } from '#server/db/client.ts';
import { SizedCache } from '#server/http/sized-cache.ts';

/** A text's running words and distinct terms, the words the learner understands and the terms they marked. */
export interface KnownShare {
  occurrences: number;
  terms: number;
  knownOccurrences: number;
  /** Terms with any status: the others are the text's new words. */
  markedTerms: number;
}

/** A learner's counts in one story: the running words they understand and the terms they marked. */
export interface StoryKnownCounts {
  knownOccurrences: number;
  markedTerms: number;
}

/**
 * A learner's known counts in a language's stories, kept compact (three integers a story, by story id) so a
 * server may cache thousands of learners' (KnownCountsCache).
 */
export class StoryCounts {
  private fingerprint: string | undefined;

  /** story id, known occurrences, marked terms, … ordered by story id. */
  private constructor(private readonly triples: Int32Array) {}

  /** From "story,occurrences,marked,…" as KNOWN_BY_STORY_SQL writes it (ordered by story id). */
  static parse(text: string): StoryCounts {
    const numbers = text === '' ? [] : text.split(',');
    const triples = new Int32Array(numbers.length - (numbers.length % 3));
    for (let index = 0; index < triples.length; index++) triples[index] = Number(numbers[index]);
    return new StoryCounts(triples);
  }

  get size(): number {
    return this.triples.length / 3;
  }

  /** The counts' fingerprint, made once: a cached story list is keyed by it (present.ts, personalDigest). */
  get digest(): string {
    this.fingerprint ??= hash(
      'sha1',
      new Uint8Array(this.triples.buffer, this.triples.byteOffset, this.triples.byteLength),
      'base64url',
    );
    return this.fingerprint;
  }

  get(storyId: number): StoryKnownCounts | undefined {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const id = this.triples[middle * 3] as number;
      if (id === storyId) {
        return {
          knownOccurrences: this.triples[middle * 3 + 1] as number,
          markedTerms: this.triples[middle * 3 + 2] as number,
        };
      }
      if (id < storyId) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

/** The learner's known counts per story: undefined below the threshold of known terms. */
export type KnownByStory = StoryCounts | undefined;

const UNDERSTOOD = `{${UNDERSTOOD_STATUSES.map(statusNumber).join(',')}}`;

/**
 * Parts of the story list's one statement. `k` is the asking learner's row (k.user_id; the versions and
 * language of the counts the server holds, heldValues: k.held_learner_version, k.held_language_version,
 * k.held_language_id), `l` the language, $4 and $5 the values below. The join reads the learner's version
 * (learner_known_versions); the columns answer it and languages.known_version and, only when they differ from
 * those held (a CASE: PostgreSQL evaluates a branch's subqueries only when it is taken, where a lateral join's
 * filter ran after its subqueries), whether the learner knows COMPREHENSION_MIN_KNOWN_TERMS terms in the
 * language (counting no further, through term_statuses' key) and, if so, their counts in its stories as one
 * text "story,occurrences,marked,…" ordered by story (through learner_story_known's key). A learner without a
 * version has no status: nothing is read.
 */
export const KNOWN_BY_STORY_SQL = `
  LEFT JOIN learner_known_versions v ON v.user_id = k.user_id AND v.language_id = l.id`;

const STALE = `v.version IS NOT NULL AND (v.version IS DISTINCT FROM k.held_learner_version
  OR l.known_version IS DISTINCT FROM k.held_language_version OR l.id IS DISTINCT FROM k.held_language_id)`;
const KNOWN_TERMS = `(SELECT count(*)::int FROM (
    SELECT 1 FROM term_statuses ts
    WHERE ts.user_id = k.user_id AND ts.language_id = l.id AND ts.status = $4
    LIMIT $5
  ) enough)`;

/** KnownColumns' known_counts when the learner was read below the threshold: no share is shown. */
const BELOW_THRESHOLD = '-';

/**
 * The columns KNOWN_BY_STORY_SQL's join lets the query's select list answer (KnownColumns): the threshold is
 * counted once, inside the branch that reads the counts, and said by BELOW_THRESHOLD when it is not reached.
 */
export const KNOWN_COLUMNS_SQL = `v.version AS learner_version, l.known_version AS language_version,
  CASE WHEN ${STALE} THEN CASE WHEN ${KNOWN_TERMS} >= $5 THEN (
    SELECT coalesce(string_agg(concat_ws(',', sk.story_id, sk.known_occurrences, sk.marked_terms), ','
                               ORDER BY sk.story_id), '')
    FROM learner_story_known sk WHERE sk.user_id = k.user_id AND sk.language_id = l.id
  ) ELSE '${BELOW_THRESHOLD}' END END AS known_counts`;
export const KNOWN_BY_STORY_VALUES = [statusNumber('known'), COMPREHENSION_MIN_KNOWN_TERMS] as const;

/** The columns KNOWN_BY_STORY_SQL answers. */
export interface KnownColumns {
  learner_version: string | null;
  language_version: string;
  /**
   * The counts "story,occurrences,marked,…"; BELOW_THRESHOLD when the learner knows too few terms; null when
   * nothing was read (the versions are those held, or the learner has no version).
   */
  known_counts: string | null;
}

/** A learner's counts of one language as a server holds them, with the versions they were read at. */
export interface HeldCounts {
  languageId: number;
  learnerVersion: string;
  languageVersion: string;
  known: KnownByStory;
}

/** The asking row's held versions and language (KNOWN_BY_STORY_SQL's k.held_…) for what a server holds. */
export function heldValues(held: HeldCounts | undefined): [string | null, string | null, number | null] {
  return held ? [held.learnerVersion, held.languageVersion, held.languageId] : [null, null, null];
}

/**
 * The known counts each learner was last answered, by learner and language code, while their versions hold
 * (KNOWN_BY_STORY_SQL reads only the versions then). Bounded: the least recently used learner goes first; at
 * ~6 KB for 500 stories, the default holds about 25 MB at most.
 */
export class KnownCountsCache {
  /** Counted by entries (each costs 1), the least recently used first out (SizedCache: a hit leaves the Map be). */
  private readonly held: SizedCache<string, HeldCounts>;

  constructor(readonly maxEntries = 4096) {
    this.held = new SizedCache(maxEntries, () => 1);
  }

  /** The counts held for the learner in the language, to send their versions with the query. */
  get(userId: string, code: string): HeldCounts | undefined {
    return this.held.peek(`${userId}:${code}`);
  }

  /**
   * The learner's counts from the query's columns, which answered `held`'s versions: those held when the query
   * read nothing more, else the counts it read (held from now on). Undefined below the threshold.
   */
  resolve(
    userId: string,
    code: string,
    languageId: number,
    held: HeldCounts | undefined,
    row: KnownColumns,
  ): KnownByStory {
    if (row.learner_version === null) return undefined;
    const key = `${userId}:${code}`;
    if (row.known_counts === null) {
      // The versions are those sent (the query's condition): `held` is still right, whatever replaced it since.
      if (held) this.held.getIf(key, (kept) => kept === held);
      return held?.known;
    }
    const known = knownFromColumns(row);
    this.held.set(key, {
      languageId,
      learnerVersion: row.learner_version,
      languageVersion: row.language_version,
      known,
    });
    return known;
  }
}

/** The learner's known counts by story from KNOWN_BY_STORY_SQL's counts; undefined below the threshold. */
export function knownFromColumns(row: Pick<KnownColumns, 'known_counts'>): KnownByStory {
  if (row.known_counts === null || row.known_counts === BELOW_THRESHOLD) return undefined;
  return StoryCounts.parse(row.known_counts);
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
