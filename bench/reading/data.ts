// The benchmark's library and learners, generated in SQL (INSERT … SELECT over generate_series) into a
// migrated, seeded database: 14 languages × 500 published stories × 10 chapters, 10,000 learners who each read
// some chapters of a few stories in 1 to 3 languages, a year of their reading days, goals and saved words,
// one free Spanish story for the reader whose first chapter has 10,000 words, and its analysed counterpart,
// a Japanese chapter of 10,000 characters stored with its words (japanese.ts); the demo dictionaries, every
// chapter's terms (terms.ts; the Spanish ones with a lexicon's words, lexicon.ts) and the knowing learners'
// statuses (knowledge.ts). Deterministic: the same rows at every run.

import type pg from 'pg';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import { DIFFICULTIES, lengthCategory, TOPICS, wordCount } from '#common/stories.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { createJapaneseStories, type JapaneseReader } from './japanese.ts';
import {
  checkKnowledge,
  generateKnowledge,
  importDemoDictionaries,
  type Knowledge,
  makeRemainingTerms,
} from './knowledge.ts';
import { createLexiconTable, generateSpanishVocabulary } from './lexicon.ts';
import { createReaderStory, type ReaderStory } from './reader-story.ts';
import { countStoryTerms, generateAnalysedWords, generateChapterTerms } from './terms.ts';
import { LANGUAGE_TEXTS } from './texts.ts';

export const STORIES_PER_LANGUAGE = 500;
export const CHAPTERS_PER_STORY = 10;
export const LEARNERS = 10_000;
export const READING_DAYS_BACK = 365;
/** Paragraphs a generated chapter has at most, by the story's length profile (story index mod 4). */
const PARAGRAPHS_BY_PROFILE = [1, 3, 10, 25];

/** SQL for a learner's id from their number: the same at every run. */
const learnerIdOf = (number: string) => `md5('bench-learner-' || ${number})::uuid`;

export interface GeneratedLibrary {
  seconds: number;
  /** Seconds per step, in order. */
  steps: Record<string, number>;
  counts: Record<string, number>;
  /**
   * Chapters of free published Spanish stories, for the reading-time reports: the learners have no Pro, and a
   * report on a Pro story is refused as the chapter is (403).
   */
  freeSpanishChapterIds: number[];
  /** What the knowing learners know (knowledge.ts). */
  knowledge: Knowledge;
  reader: ReaderStory & {
    /** The analysed chapter: Japanese, with and without furigana (japanese.ts). */
    japanese: JapaneseReader;
  };
}

/** The user id of learner `number` (1 to LEARNERS), as generated. */
export async function learnerUserId(client: pg.Client, number: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(`SELECT ${learnerIdOf('$1::int')} AS id`, [number]);
  return rows[0]?.id ?? '';
}

type Step = (name: string, sql: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The languages the library is written in (those with texts), and a language's id by its code. */
async function languageTable(client: pg.Client) {
  const { rows: languageRows } = await client.query<{ id: number; code: string }>(
    'SELECT id, trim(code) AS code FROM languages ORDER BY id',
  );
  const learnable = languageRows.filter((row) => row.code !== BASE_LANGUAGE_CODE && LANGUAGE_TEXTS[row.code]);
  const languageId = (code: string) => {
    const row = languageRows.find((language) => language.code === code);
    if (!row) throw new Error(`No language ${code}: seed the languages first.`);
    return row.id;
  };

  // One row of words per language, for the statements below to pick from by index.
  await client.query(`CREATE TEMP TABLE bench_language (
    language_id int PRIMARY KEY, title_starts text[], title_ends text[], joiner text, first_sentences text[],
    second_sentences text[], third_sentences text[], authors text[], paragraph text, paragraph_words int,
    chapter text)`);
  for (const { id, code } of learnable) {
    const texts = LANGUAGE_TEXTS[code];
    if (!texts) continue;
    await client.query('INSERT INTO bench_language VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', [
      id,
      texts.titleStarts,
      texts.titleEnds,
      texts.joiner,
      texts.descriptions[0],
      texts.descriptions[1],
      texts.descriptions[2],
      texts.authors,
      texts.paragraph,
      wordCount(texts.paragraph, code),
      texts.chapter,
    ]);
  }
  return { learnable, languageId };
}

/** The stories and their chapters, and each story's word count. */
async function generateStories(client: pg.Client, step: Step): Promise<void> {
  // Stories: every fifth free, one in twelve for adults, difficulties in turn, one to two topics each.
  await step(
    'stories',
    `INSERT INTO stories (title, author, description, language_id, difficulty_level, topics, is_published,
                          is_free, is_adult_content, created_at, updated_at)
     SELECT t.title_starts[1 + i % cardinality(t.title_starts)] || t.joiner
              || t.title_ends[1 + (i / cardinality(t.title_starts)) % cardinality(t.title_ends)]
              || CASE WHEN i >= cardinality(t.title_starts) * cardinality(t.title_ends)
                      THEN ' ' || (i / (cardinality(t.title_starts) * cardinality(t.title_ends)) + 1)
                      ELSE '' END,
            t.authors[1 + (i * 7) % cardinality(t.authors)],
            t.first_sentences[1 + i % cardinality(t.first_sentences)] || ' '
              || t.second_sentences[1 + (i * 5 + 3) % cardinality(t.second_sentences)] || ' '
              || t.third_sentences[1 + (i * 11 + 1) % cardinality(t.third_sentences)],
            t.language_id,
            ($1::text[])[1 + (i * 3) % cardinality($1::text[])],
            ($2::text[])[1 + i % cardinality($2::text[])]
              || CASE WHEN i % 3 <> 0 THEN ', ' || ($2::text[])[1 + (i * 7 + 3) % cardinality($2::text[])]
                      ELSE '' END,
            true, i % 5 = 0, i % 12 = 7,
            now() - (i % 700) * interval '1 day', now() - (i % 90) * interval '1 day'
     FROM bench_language t CROSS JOIN generate_series(0, $3::int - 1) i
     ORDER BY t.language_id, i`,
    [DIFFICULTIES, TOPICS, STORIES_PER_LANGUAGE],
  );
  await client.query(`CREATE TEMP TABLE bench_story AS
    SELECT id, language_id, (row_number() OVER (PARTITION BY language_id ORDER BY id) - 1)::int AS idx
    FROM stories`);
  await client.query('CREATE INDEX ON bench_story (language_id, idx)');

  // Chapters: the language's paragraph repeated, 1 to 25 times by the story's length profile.
  await step(
    'chapters',
    `INSERT INTO chapters (story_id, chapter_number, order_index, title, content, word_count)
     SELECT s.id, n, n - 1, t.chapter || ' ' || n, rtrim(repeat(t.paragraph || E'\\n\\n', p.count)),
            p.count * t.paragraph_words
     FROM bench_story s
     JOIN bench_language t USING (language_id)
     CROSS JOIN generate_series(1, $1::int) n
     CROSS JOIN LATERAL (
       SELECT 1 + (s.idx * 7 + n * 3) % ($2::int[])[1 + s.idx % cardinality($2::int[])] AS count
     ) p
     ORDER BY s.id, n`,
    [CHAPTERS_PER_STORY, PARAGRAPHS_BY_PROFILE],
  );
}

/** Each story's word count and length bucket, by the rule the admin area applies (common/stories.ts). */
async function countStoryWords(client: pg.Client, step: Step): Promise<void> {
  const { rows: totals } = await client.query<{ id: number; words: number }>(
    'SELECT story_id AS id, sum(word_count)::int AS words FROM chapters GROUP BY story_id',
  );
  await step(
    'story word counts',
    `UPDATE stories s SET estimated_word_count = u.words, length_category = u.category
     FROM unnest($1::int[], $2::int[], $3::text[]) AS u(id, words, category) WHERE s.id = u.id`,
    [
      totals.map((row) => row.id),
      totals.map((row) => row.words),
      totals.map((row) => lengthCategory(row.words)),
    ],
  );
}

/** The learners and the languages each reads. */
async function generateLearners(
  client: pg.Client,
  step: Step,
  learnable: { id: number }[],
  languageId: (code: string) => number,
): Promise<void> {
  // Learners, and the 1 to 3 languages each reads: Spanish first for six in ten.
  await step(
    'users',
    `INSERT INTO users (id, email, user_metadata, email_confirmed_at, created_at, updated_at)
     SELECT ${learnerIdOf('g')}, 'learner' || g || '@example.com',
            jsonb_build_object('full_name', 'Learner ' || g, 'username', 'learner' || g),
            now() - interval '400 days', now() - interval '400 days', now()
     FROM generate_series(1, $1::int) g`,
    [LEARNERS],
  );
  const languageIds = learnable.map((row) => row.id);
  await client.query(
    `CREATE TEMP TABLE bench_learner AS
     SELECT DISTINCT ON (g, language_id) g, ${learnerIdOf('g')} AS user_id, language_id, k
     FROM generate_series(1, $1::int) g
     CROSS JOIN generate_series(1, 3) k
     CROSS JOIN LATERAL (
       SELECT CASE WHEN k = 1 THEN CASE WHEN g % 10 < 6 THEN $2::int ELSE ($3::int[])[1 + (g * 7) % $4::int] END
                   WHEN k = 2 THEN ($3::int[])[1 + (g * 3 + 1) % $4::int]
                   ELSE ($3::int[])[1 + (g * 5 + 2) % $4::int] END AS language_id
     ) l
     WHERE k <= 1 + g % 3
     ORDER BY g, language_id, k`,
    [LEARNERS, languageId('es'), languageIds, languageIds.length],
  );
  await step(
    'user_language_progress',
    `INSERT INTO user_language_progress (user_id, language_id, native_language_id, created_at)
     SELECT user_id, language_id, $1::int, now() - (g % 300) * interval '1 day' FROM bench_learner`,
    [languageId(BASE_LANGUAGE_CODE)],
  );
}

/** What the learners read: chapters begun and completed, their totals, a year of reading days, their goals. */
async function generateReading(step: Step): Promise<void> {
  // In each language, 2 to 7 stories begun; in each, the first 1 to 10 chapters opened, all but the last
  // completed (the last too for one story in three).
  await step(
    'chapter_progress',
    `INSERT INTO chapter_progress (user_id, chapter_id, is_completed, completion_percentage, words_read,
                                   points_earned, completed_at, created_at, updated_at)
     SELECT b.user_id, c.id, d.done, CASE WHEN d.done THEN 100 ELSE (b.g * 37 + j) % 100 END,
            CASE WHEN d.done THEN c.word_count ELSE 0 END, CASE WHEN d.done THEN c.word_count ELSE 0 END,
            CASE WHEN d.done THEN now() - ((b.g + j) % 300) * interval '1 day' END,
            now() - ((b.g + j) % 300 + 1) * interval '1 day', now() - ((b.g + j) % 300) * interval '1 day'
     FROM bench_learner b
     CROSS JOIN generate_series(0, 1 + (b.g + b.k) % 6) j
     JOIN bench_story s ON s.language_id = b.language_id AND s.idx = (b.g * 31 + j * 97) % $1::int
     JOIN chapters c ON c.story_id = s.id AND c.chapter_number <= 1 + (b.g + j * 3) % $2::int
     CROSS JOIN LATERAL (
       SELECT c.chapter_number < 1 + (b.g + j * 3) % $2::int OR (b.g + j) % 3 = 0 AS done
     ) d
     ORDER BY b.user_id, c.id
     ON CONFLICT DO NOTHING`,
    [STORIES_PER_LANGUAGE, CHAPTERS_PER_STORY],
  );
  await step(
    'language totals',
    `UPDATE user_language_progress u SET total_words_read = t.words, total_points = t.points,
            current_level = CASE WHEN t.words >= 20000 THEN 'advanced' WHEN t.words >= 5000 THEN 'intermediate'
                                 ELSE 'beginner' END
     FROM (SELECT p.user_id, s.language_id, sum(p.words_read)::int AS words, sum(p.points_earned)::int AS points
           FROM chapter_progress p JOIN chapters c ON c.id = p.chapter_id JOIN stories s ON s.id = c.story_id
           GROUP BY p.user_id, s.language_id) t
     WHERE u.user_id = t.user_id AND u.language_id = t.language_id`,
  );

  // A year of reading days: each learner reads a language on 5 % to 60 % of the days, today included.
  await step(
    'reading_days',
    `INSERT INTO reading_days (user_id, day, language_id, seconds, words_read, updated_at)
     SELECT b.user_id, current_date - d, b.language_id, 60 + abs(hashint8(b.g::bigint * 7919 + d)) % 1741,
            CASE WHEN (b.g + d) % 4 = 0 THEN 200 + (b.g * 13 + d) % 900 ELSE 0 END, now() - d * interval '1 day'
     FROM bench_learner b CROSS JOIN generate_series(0, $1::int - 1) d
     WHERE abs(hashint8((b.g::bigint * 400 + d) * 4 + b.k)) % 100 < 5 + (b.g * 37) % 56
     ORDER BY b.user_id, d DESC, b.language_id`,
    [READING_DAYS_BACK],
  );
  await step(
    'daily_goals',
    `INSERT INTO daily_goals (user_id, language_id, goal_minutes)
     SELECT user_id, language_id, 5 + (g % 12) * 5 FROM bench_learner WHERE g % 3 = 0`,
  );
}

/** The learners' saved words. */
async function generateSavedWords(client: pg.Client, step: Step): Promise<void> {
  // Saved words: 0 to 29 words of the language's paragraph per learner and language.
  await client.query(`CREATE TEMP TABLE bench_word AS
    SELECT language_id, word, (row_number() OVER (PARTITION BY language_id ORDER BY word) - 1)::int AS n
    FROM (SELECT DISTINCT language_id, w AS word
          FROM bench_language, regexp_split_to_table(lower(paragraph), '[[:space:][:punct:]]+') w
          WHERE w <> '') words`);
  await step(
    'saved_words',
    `INSERT INTO saved_words (user_id, language_id, word, occurrences, first_seen_at, last_seen_at, last_story_id)
     SELECT b.user_id, b.language_id, w.word, 1 + (b.g + w.n) % 7, now() - ((b.g + w.n) % 300 + 30) * interval '1 day',
            now() - ((b.g + w.n) % 30) * interval '1 day', s.id
     FROM bench_learner b
     JOIN bench_word w ON w.language_id = b.language_id AND w.n < b.g % 30
     JOIN bench_story s ON s.language_id = b.language_id AND s.idx = (b.g * 31) % $1::int
     ORDER BY b.user_id, b.language_id, w.word`,
    [STORIES_PER_LANGUAGE],
  );
}

/** Counts of the rows generated, and the database's size. */
async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows: countRows } = await client.query<Record<string, string>>(`SELECT
    (SELECT count(*) FROM stories) AS stories, (SELECT count(*) FROM chapters) AS chapters,
    (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM user_language_progress) AS user_languages,
    (SELECT count(*) FROM chapter_progress) AS chapter_progress, (SELECT count(*) FROM reading_days) AS reading_days,
    (SELECT count(*) FROM daily_goals) AS daily_goals, (SELECT count(*) FROM saved_words) AS saved_words,
    (SELECT count(*) FROM chapter_terms) AS chapter_terms, (SELECT count(*) FROM term_statuses) AS term_statuses,
    (SELECT count(*) FROM learner_story_known) AS learner_story_known,
    (SELECT count(*) FROM stories s JOIN languages l ON l.id = s.language_id WHERE l.code = 'es' AND s.is_published)
      AS spanish_published_stories,
    (SELECT pg_database_size(current_database())) AS database_bytes`);
  const counts = Object.fromEntries(
    Object.entries(countRows[0] ?? {}).map(([key, value]) => [key, Number(value)]),
  );
  return counts;
}

/** The session's settings for a bulk load (session_replication_role is set back once it is done). */
async function bulkLoad(client: pg.Client): Promise<void> {
  // A bulk load: nothing here needs to survive a crash before the run ends.
  await client.query('SET synchronous_commit = off');
  // Foreign keys hold by construction here; their per-row checks were most of the load's time. The
  // constraints stay: later writes (the benchmark's own) are checked as ever.
  await client.query('SET session_replication_role = replica');
  await client.query("SET maintenance_work_mem = '256MB'");
  // Rows sorted by their unique index before they go in: the index grows at its right edge, not everywhere.
  await client.query("SET work_mem = '256MB'");
}

/** How the library is generated: the database's pool (the dictionaries' import, the server's terms), the knowers. */
export interface GenerateOptions {
  handle: DatabaseHandle;
  log: (line: string) => void;
  /** The learners (by number) given 5,000 known Spanish terms (knowledge.ts). */
  knowingLearners: number[];
}

/** Generates everything above into the database `client` is connected to; answers what the benchmark needs. */
export async function generateLibrary(
  client: pg.Client,
  options: GenerateOptions,
): Promise<GeneratedLibrary> {
  const { handle, log } = options;
  const startedAt = performance.now();
  const steps: Record<string, number> = {};
  const step: Step = async (name, sql, values = []) => {
    const stepStartedAt = performance.now();
    const result = await client.query(sql, values);
    steps[name] = Number(((performance.now() - stepStartedAt) / 1000).toFixed(2));
    log(`  ${name}: ${result.rowCount ?? 0} rows in ${steps[name]} s`);
    return result;
  };
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const stepStartedAt = performance.now();
    const result = await work();
    steps[name] = Number(((performance.now() - stepStartedAt) / 1000).toFixed(2));
    log(`  ${name}: ${steps[name]} s`);
    return result;
  };
  await bulkLoad(client);
  const { learnable, languageId } = await languageTable(client);
  await createLexiconTable(client);
  await timed('demo dictionaries', () => importDemoDictionaries(handle));
  await generateStories(client, step);
  await generateChapterTerms(step, handle.db, learnable);
  await generateAnalysedWords(step, learnable);
  await generateSpanishVocabulary(step, languageId('es'));
  await countStoryWords(client, step);
  const reader = {
    ...(await createReaderStory(client, languageId('es'))),
    japanese: await createJapaneseStories(client, languageId('ja')),
  };
  await countStoryTerms(step);
  await timed('the reader chapters terms', () => makeRemainingTerms(handle));
  await generateLearners(client, step, learnable, languageId);
  await generateReading(step);
  await generateSavedWords(client, step);
  const knowledge = await generateKnowledge(client, step, languageId('es'), options.knowingLearners);
  await client.query('SET session_replication_role = DEFAULT');
  const { rows: firstSpanish } = await client.query<{ story_id: number; id: number }>(
    `SELECT c.story_id, c.id FROM chapters c JOIN bench_story s ON s.id = c.story_id
     WHERE s.language_id = $1 ORDER BY s.idx, c.chapter_number LIMIT 1`,
    [languageId('es')],
  );
  await timed('checked against the server', () =>
    checkKnowledge(client, handle, {
      chapterId: firstSpanish[0]?.id ?? 0,
      storyIds: [firstSpanish[0]?.story_id ?? 0, reader.storyId],
    }),
  );
  // As a site that has been running for a while has them: statistics and visibility maps.
  await timed('vacuum analyze', () =>
    client.query(
      `VACUUM (ANALYZE) stories, chapters, users, user_language_progress, chapter_progress, reading_days,
       daily_goals, saved_words, chapter_terms, story_term_counts, term_statuses, learner_story_known,
       learner_known_versions`,
    ),
  );

  const counts = await countRows(client);
  const { rows: spanish } = await client.query<{ id: number }>(
    `SELECT c.id FROM chapters c JOIN bench_story s ON s.id = c.story_id JOIN stories st ON st.id = s.id
     WHERE s.language_id = $1 AND st.is_free ORDER BY s.idx, c.chapter_number LIMIT 1000`,
    [languageId('es')],
  );
  return {
    seconds: Number(((performance.now() - startedAt) / 1000).toFixed(1)),
    steps,
    counts,
    freeSpanishChapterIds: spanish.map((row) => row.id),
    reader,
    knowledge,
  };
}
