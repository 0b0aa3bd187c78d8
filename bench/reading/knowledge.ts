// What the benchmark's knowing learners know (issue 22): the sampled learners the API load signs in as and the
// reader's knowing learner each have 5,000 known terms in Spanish, all of them terms of the Spanish chapters,
// plus a few hundred learning (1-4) and ignored ones, and their kept counts of every Spanish story
// (learner_story_known) as recount_story_known would make them, in SQL. Also here: the demo dictionaries,
// imported before any chapter gets its terms, so the terms are made with them as the server makes them.
//
// The statuses: the Spanish terms that are not the lexicon's (the paragraph's, the reader's prose) get one
// status each, the same for every knowing learner, by a hash of the term (85 % known, 8 % learning, 2 %
// ignored, the rest new); the lexicon's 4,500 common terms are known; and each learner has rare terms of their
// own, drawn by a hash of the learner and the rank: known, as many as make 5,000 known (about 350), 300
// learning and 50 ignored. So their counts are a count shared by all (per story) plus each learner's own
// understood rare terms, which is how they are computed: a join of every learner's 5,000 terms with every
// story's would be a hundred million rows.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { DEMO_DICTIONARIES } from '../../server/demo/library.ts';
import { claimImport, createImport, executeImport } from '../../server/dictionary/imports/service.ts';
import { refreshStaleChapterTerms, termsOfChapter } from '../../server/terms/service.ts';
import { COMMON_RANKS } from './lexicon.ts';

/** Known terms (status 5) each knowing learner has in Spanish. */
export const KNOWN_TERMS = 5_000;
/** Rare lexicon terms of each knowing learner's own, learning (1-4) and ignored; known: as many as make 5,000. */
const OWN_RARE = { learning: 300, ignored: 50 } as const;

type Step = (name: string, sql: string, values?: unknown[]) => Promise<pg.QueryResult>;

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Imports the demo dictionaries (es, fr, ja, zh → en) through the real import, as a server's first start does. */
export async function importDemoDictionaries({ db, pool }: DatabaseHandle): Promise<void> {
  const deps = { db, pool, limits: loadConfig({}).dictionaryLimits, log: silent };
  for (const dictionary of DEMO_DICTIONARIES) {
    const created = await createImport(db, {
      source: dictionary.source,
      target: dictionary.target,
      fileName: `demo ${dictionary.source}-${dictionary.target}.jsonl`,
      fileSize: (await stat(dictionary.file)).size,
    });
    const row = await claimImport(db, created.id);
    if (!row) throw new Error(`The demo ${dictionary.source} dictionary's import was not claimed`);
    const done = await executeImport(deps, row, new AbortController().signal, async () =>
      createReadStream(dictionary.file),
    );
    if (done?.status !== 'succeeded') throw new Error(`The demo ${dictionary.source} import: ${done?.error}`);
  }
}

/** The chapters whose terms are still to be made (the reader's), made by the server's own sweep. */
export async function makeRemainingTerms({ db }: DatabaseHandle): Promise<number> {
  return refreshStaleChapterTerms(db);
}

export interface Knowledge {
  learners: number;
  knownTerms: number;
  learningTerms: number;
  ignoredTerms: number;
  /** The Spanish terms not of the lexicon (the paragraph's and the reader's prose) and how many are known. */
  realTerms: number;
  realKnown: number;
  /** Known lexicon terms by rank: 1 to this. */
  knownRanks: number;
  learnerStoryKnownRows: number;
}

/** The knowing learners, by number, as a table (bench_knower: g, user_id). */
async function knowers(client: pg.Client, numbers: number[]): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE bench_knower AS
     SELECT g, md5('bench-learner-' || g)::uuid AS user_id FROM unnest($1::int[]) AS g`,
    [numbers],
  );
}

/** Each knowing learner's version of their statuses, as the statuses' trigger (off during the load) sets it. */
async function versionKnowers(step: Step, spanishId: number): Promise<void> {
  await step(
    'learner_known_versions',
    `INSERT INTO learner_known_versions (user_id, language_id, version)
     SELECT user_id, $1, nextval('known_versions') FROM bench_knower
     ON CONFLICT (user_id, language_id) DO UPDATE SET version = excluded.version`,
    [spanishId],
  );
}

/** The statuses of the knowing learners (numbers), and their counts of every Spanish story. */
export async function generateKnowledge(
  client: pg.Client,
  step: Step,
  spanishId: number,
  numbers: number[],
): Promise<Knowledge> {
  await knowers(client, numbers);
  await step(
    'statuses of the prose terms',
    `CREATE TEMP TABLE bench_real_status AS
     SELECT term, CASE WHEN h < 85 THEN 5 WHEN h < 93 THEN 1 + h % 4 ELSE 6 END AS status
     FROM (SELECT term, abs(hashtext(term)) % 100 AS h
           FROM (SELECT DISTINCT ct.term FROM chapter_terms ct
                 JOIN chapters c ON c.id = ct.chapter_id JOIN stories s ON s.id = c.story_id
                 WHERE s.language_id = $1
                   AND NOT EXISTS (SELECT 1 FROM bench_lexicon l WHERE l.term = ct.term)) d) t
     WHERE h < 95`,
    [spanishId],
  );
  const { rows } = await client.query<{ real: number; known: number }>(
    'SELECT count(*)::int AS real, (count(*) FILTER (WHERE status = 5))::int AS known FROM bench_real_status',
  );
  const realKnown = rows[0]?.known ?? 0;
  // Every common lexicon term is known, so a chapter's 300 rare ones are what it has new; the rest of the
  // 5,000 are rare terms of each learner's own.
  const knownRanks = COMMON_RANKS;
  const ownKnown = KNOWN_TERMS - realKnown - knownRanks;
  if (ownKnown < 0) throw new Error(`${realKnown} prose terms known: more than ${KNOWN_TERMS - knownRanks}`);
  await step(
    'statuses of the learners own rare terms',
    `CREATE TEMP TABLE bench_own_status AS
     SELECT k.user_id, p.term,
            CASE WHEN p.n <= $2 THEN 5 WHEN p.n <= $3 THEN 1 + p.n % 4 ELSE 6 END AS status
     FROM bench_knower k
     CROSS JOIN LATERAL (
       SELECT l.term, row_number() OVER (ORDER BY hashint8(k.g::bigint * 100003 + l.rank), l.rank) AS n
       FROM bench_lexicon l WHERE l.rank > $1
     ) p
     WHERE p.n <= $4`,
    [knownRanks, ownKnown, ownKnown + OWN_RARE.learning, ownKnown + OWN_RARE.learning + OWN_RARE.ignored],
  );
  await step(
    'term_statuses',
    // known_since as its trigger (off during the load) sets it: when the status became known.
    `INSERT INTO term_statuses (user_id, language_id, term, status, created_at, updated_at, known_since)
     SELECT user_id, $1, term, status, now() - interval '90 days', now() - interval '30 days',
            CASE WHEN status = 5 THEN now() - interval '30 days' END
     FROM (SELECT k.user_id, r.term, r.status FROM bench_knower k CROSS JOIN bench_real_status r
           UNION ALL
           SELECT k.user_id, l.term, 5 FROM bench_knower k JOIN bench_lexicon l ON l.rank <= $2
           UNION ALL
           SELECT user_id, term, status FROM bench_own_status) s
     ORDER BY user_id, term`,
    [spanishId, knownRanks],
  );
  await versionKnowers(step, spanishId);
  const learnerStoryKnownRows = await countKnownOfStories(step, spanishId, knownRanks);
  const { rows: totals } = await client.query<{ known: number; learning: number; ignored: number }>(
    `SELECT (count(*) FILTER (WHERE status = 5))::int AS known,
            (count(*) FILTER (WHERE status BETWEEN 1 AND 4))::int AS learning,
            (count(*) FILTER (WHERE status = 6))::int AS ignored
     FROM term_statuses WHERE user_id = (SELECT user_id FROM bench_knower LIMIT 1) AND language_id = $1`,
    [spanishId],
  );
  return {
    learners: numbers.length,
    knownTerms: totals[0]?.known ?? 0,
    learningTerms: totals[0]?.learning ?? 0,
    ignoredTerms: totals[0]?.ignored ?? 0,
    realTerms: rows[0]?.real ?? 0,
    realKnown,
    knownRanks,
    learnerStoryKnownRows,
  };
}

/**
 * learner_story_known for the knowing learners: per story, the shared counts (the prose terms and lexicon ranks
 * every knowing learner has a status of: understood, and marked at all), plus per learner and story the counts
 * of their own rare terms.
 */
async function countKnownOfStories(step: Step, spanishId: number, knownRanks: number): Promise<number> {
  await step(
    'Spanish story terms',
    `CREATE TEMP TABLE bench_story_term AS
     SELECT c.story_id, ct.term, sum(ct.occurrences)::int AS occurrences
     FROM chapter_terms ct JOIN chapters c ON c.id = ct.chapter_id JOIN stories s ON s.id = c.story_id
     WHERE s.language_id = $1
     GROUP BY c.story_id, ct.term`,
    [spanishId],
  );
  const result = await step(
    'learner_story_known',
    `INSERT INTO learner_story_known
       (user_id, language_id, story_id, known_occurrences, known_terms, marked_terms)
     WITH shared AS (
       SELECT term, status IN (5, 6) AS understood FROM bench_real_status
       UNION ALL
       SELECT term, true FROM bench_lexicon WHERE rank <= $2
     ), base AS (
       SELECT st.story_id, coalesce(sum(st.occurrences) FILTER (WHERE understood), 0) AS occurrences,
              count(*) FILTER (WHERE understood) AS terms, count(*) AS marked
       FROM bench_story_term st JOIN shared USING (term) GROUP BY st.story_id
     ), own AS (
       SELECT o.user_id, st.story_id,
              coalesce(sum(st.occurrences) FILTER (WHERE o.status IN (5, 6)), 0) AS occurrences,
              count(*) FILTER (WHERE o.status IN (5, 6)) AS terms, count(*) AS marked
       FROM bench_own_status o JOIN bench_story_term st USING (term)
       GROUP BY o.user_id, st.story_id
     )
     SELECT user_id, $1, story_id, sum(occurrences), sum(terms), sum(marked)
     FROM (SELECT k.user_id, b.story_id, b.occurrences, b.terms, b.marked FROM bench_knower k CROSS JOIN base b
           UNION ALL
           SELECT user_id, story_id, occurrences, terms, marked FROM own) counts
     GROUP BY user_id, story_id
     ORDER BY user_id, story_id`,
    [spanishId, knownRanks],
  );
  return result.rowCount ?? 0;
}

/**
 * Checks what was made in SQL against the server's own ways of making it, throwing at a difference: a Spanish
 * chapter's terms against termsOfChapter of its content, and the knowing learners' counts of a generated story
 * and of the reader's story against recount_story_known's.
 */
export async function checkKnowledge(
  client: pg.Client,
  { db }: DatabaseHandle,
  check: { chapterId: number; storyIds: number[] },
): Promise<void> {
  const { rows: chapterRows } = await client.query<{ content: string; terms: Record<string, number> }>(
    `SELECT c.content, (SELECT jsonb_object_agg(term, occurrences) FROM chapter_terms WHERE chapter_id = c.id) AS terms
     FROM chapters c WHERE c.id = $1`,
    [check.chapterId],
  );
  const chapter = chapterRows[0];
  if (!chapter) throw new Error(`No chapter ${check.chapterId}`);
  const made = await termsOfChapter(db, { content: chapter.content, words: null, language: 'es' });
  const expected = JSON.stringify(Object.fromEntries([...made.occurrences].sort()));
  const kept = JSON.stringify(Object.fromEntries(Object.entries(chapter.terms).sort()));
  if (expected !== kept) {
    throw new Error(`Chapter ${check.chapterId}'s terms differ from the server's: ${kept.slice(0, 300)}…`);
  }
  const snapshot = async () =>
    JSON.stringify(
      (
        await client.query(
          `SELECT user_id, story_id, known_occurrences, known_terms, marked_terms FROM learner_story_known
           WHERE story_id = ANY($1::int[]) ORDER BY user_id, story_id`,
          [check.storyIds],
        )
      ).rows,
    );
  const before = await snapshot();
  if (before === '[]') throw new Error(`No learner_story_known rows for stories ${check.storyIds}`);
  for (const storyId of check.storyIds) await client.query('SELECT recount_story_known($1)', [storyId]);
  const after = await snapshot();
  if (before !== after) {
    throw new Error(`learner_story_known of stories ${check.storyIds} differs from recount_story_known's`);
  }
}
