import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { StoryListQuery } from '#common/schemas/library.ts';
import { DIFFICULTIES } from '#common/stories.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { SizedCache } from '#server/http/sized-cache.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { canSee, isLocked } from '#server/policies/rules.ts';
import type { Viewer } from '#server/policies/viewer.ts';
import {
  heldValues,
  KNOWN_BY_STORY_SQL,
  KNOWN_BY_STORY_VALUES,
  KNOWN_COLUMNS_SQL,
  type KnownByStory,
  type KnownColumns,
  type KnownCountsCache,
  knownSharesOfStory,
} from './known.ts';
import { TrigramIndex } from './search-index.ts';

const STORY_NOT_FOUND = 'Story not found';
/** More words than anyone searches with; the rest of a pasted paragraph is ignored. */
const MAX_SEARCH_WORDS = 8;

/** A story as the library lists it, the same for every learner. */
export interface LibraryStoryRow {
  id: number;
  title: string;
  author: string;
  description: string;
  coverImageKey: string | null;
  difficultyLevel: string;
  chapterCount: number;
  estimatedWordCount: number;
  isFree: boolean;
  isAdultContent: boolean;
  topics: string;
  lengthCategory: string;
  language: string;
  /** Its chapters' running words and distinct terms (story_term_counts; 0 before they are made). */
  termOccurrences: number;
  termCount: number;
}

/** A learner's chapters of one story: how many they completed and the words and points those hold. */
export interface StoryProgressRow {
  completedChapters: number;
  wordsRead: number;
  pointsEarned: number;
}

/** The learner's standing in a story from its completed chapters: whole percent, complete when all are. */
export function storyProgress(chapterCount: number, completedChapters: number) {
  return {
    completionPercentage: chapterCount > 0 ? Math.round((completedChapters * 100) / chapterCount) : 0,
    isCompleted: chapterCount > 0 && completedChapters >= chapterCount,
  };
}

/** The words of a search: split on spaces, each required; repeated ones once. */
function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}

// Easiest first, then by title: the order a learner climbs in. Ids break ties so the order never moves.
const difficultyRank = sql.raw(
  `array_position(ARRAY[${DIFFICULTIES.map((level) => `'${level}'`).join(', ')}]::text[], s.difficulty_level)`,
);

/** A published story with what the filters and the search match it by, read once per version of its language. */
interface StoryListRow extends LibraryStoryRow {
  /** Title, author and description folded (lower case, no accents) by the database's fold_for_search. */
  searchText: string;
  /** Its topics as the filter matches them: lower case, each trimmed. */
  topicKeys: string[];
}

/**
 * Every published story of a language, easiest first then by title, with its chapter count (through chapters'
 * story index) and what the filters and the search match it by, folded by the database's own rules.
 */
function publishedStoriesQuery(languageId: number): SQL {
  return sql`
    SELECT s.id, s.title, s.author, s.description,
           s.cover_image_key AS "coverImageKey",
           s.difficulty_level AS "difficultyLevel",
           (SELECT count(*)::int FROM chapters c WHERE c.story_id = s.id) AS "chapterCount",
           s.estimated_word_count AS "estimatedWordCount",
           s.is_free AS "isFree",
           s.is_adult_content AS "isAdultContent",
           s.topics,
           s.length_category AS "lengthCategory",
           l.code AS language,
           coalesce(t.occurrences, 0) AS "termOccurrences",
           coalesce(t.terms, 0) AS "termCount",
           fold_for_search(s.title || ' ' || s.author || ' ' || s.description) AS "searchText",
           regexp_split_to_array(lower(btrim(s.topics)), '\\s*,\\s*') AS "topicKeys"
    FROM stories s
    JOIN languages l ON l.id = s.language_id
    LEFT JOIN story_term_counts t ON t.story_id = s.id
    WHERE s.language_id = ${languageId} AND s.is_published
    ORDER BY ${difficultyRank}, lower(s.title), s.id
  `;
}

/** A language's published stories as last read: each as the routes prepare it, beside what it is matched by. */
export interface LanguageList<T> {
  version: number;
  stories: T[];
  /** The same stories by id. */
  byId: Map<number, T>;
  rows: Pick<StoryListRow, 'difficultyLevel' | 'lengthCategory' | 'isAdultContent' | 'topicKeys'>[];
  /** The stories' folded texts, indexed by trigram as pg_trgm would. */
  search: TrigramIndex;
}

/**
 * The published stories of each language last read, with the version of its library they were read at
 * (languages.stories_version, which the database's triggers move on every change to a story or to the set of
 * its chapters), each story as `prepare` made it (the routes keep it ready to send). Every learner sees the
 * same library, and filters and searches (through a trigram index of the stories' folded text) pick from it
 * here, so a request costs one small query for the version and the learner's progress instead of reading
 * stories and counting chapters. Bounded: the least recently used language goes first.
 */
export class StoryListCache<T> {
  /** Counted by languages (each costs 1); a hit leaves the Map be (SizedCache, decision 120). */
  private readonly lists: SizedCache<number, LanguageList<T>>;

  constructor(
    readonly prepare: (story: LibraryStoryRow) => T,
    readonly maxLanguages = 64,
  ) {
    this.lists = new SizedCache(maxLanguages, () => 1);
  }

  get(languageId: number, version: number): LanguageList<T> | undefined {
    return this.lists.getIf(languageId, (list) => list.version === version);
  }

  set(languageId: number, list: LanguageList<T>): void {
    this.lists.set(languageId, list);
  }
}

/** The stories of `list` that contain every (folded) search word and pass the query's filters, in order. */
export function pickStories<T>(
  list: LanguageList<T>,
  query: StoryListQuery,
  foldedWords: readonly string[],
): T[] {
  const difficulty = query.difficulty?.length ? new Set<string>(query.difficulty) : undefined;
  const length = query.length?.length ? new Set<string>(query.length) : undefined;
  const topics = query.topics?.length ? new Set<string>(query.topics) : undefined;
  const isFiltered = difficulty || length || topics || query.hide_adult;
  if (!isFiltered && foldedWords.length === 0) return list.stories;
  const picked: T[] = [];
  const consider = (position: number) => {
    const row = list.rows[position] as LanguageList<T>['rows'][number];
    if (difficulty && !difficulty.has(row.difficultyLevel)) return;
    if (length && !length.has(row.lengthCategory)) return;
    if (topics && !row.topicKeys.some((topic) => topics.has(topic))) return;
    if (query.hide_adult && row.isAdultContent) return;
    picked.push(list.stories[position] as T);
  };
  if (foldedWords.length > 0) for (const position of list.search.matching(foldedWords)) consider(position);
  else for (let position = 0; position < list.rows.length; position++) consider(position);
  return picked;
}

/** What every story list request reads: the language, its library's version, the search folded and the progress. */
interface LibraryState {
  languageId: number;
  version: number;
  foldedWords: string[];
  progress: Map<number, StoryProgressRow>;
  known: KnownByStory;
}

/**
 * The story list's one statement (libraryState), for every list asked in one turn (server/db/batched.ts): the
 * asking rows `k` from $1 the languages' codes, $2 the learners, $3 the search words (a JSON array each), $6 to
 * $8 the known counts held (heldValues); $4 and $5 KNOWN_BY_STORY_SQL's values. Exported for bench:library's
 * EXPLAIN.
 */
export const LIBRARY_STATE_SQL = `SELECT k.i, l.id AS language_id, l.stories_version AS version,
         (SELECT array_agg(fold_for_search(word)) FROM jsonb_array_elements_text(k.words) AS word) AS folded_words,
         ${KNOWN_COLUMNS_SQL},
         p.story_ids, p.completed, p.words_read, p.points_earned
  FROM unnest($1::text[], $2::uuid[], $3::jsonb[], $6::bigint[], $7::bigint[], $8::int[]) WITH ORDINALITY
    AS k(code, user_id, words, held_learner_version, held_language_version, held_language_id, i)
  JOIN languages l ON l.code = k.code
  ${KNOWN_BY_STORY_SQL}
  CROSS JOIN LATERAL (
    SELECT array_agg(story_id) AS story_ids, array_agg(completed) AS completed,
           array_agg(words_read) AS words_read, array_agg(points_earned) AS points_earned
    FROM (
      SELECT c.story_id,
             count(*) FILTER (WHERE cp.is_completed)::int AS completed,
             sum(cp.words_read)::int AS words_read,
             sum(cp.points_earned)::int AS points_earned
      FROM chapter_progress cp
      JOIN chapters c ON c.id = cp.chapter_id
      WHERE cp.user_id = k.user_id
      GROUP BY c.story_id
    ) begun
  ) p`;

type StateItem = {
  userId: string;
  code: string;
  words: string[];
  knownCache: KnownCountsCache;
  held: ReturnType<KnownCountsCache['get']>;
};
type StateRow = {
  i: string;
  language_id: number;
  version: string;
  folded_words: string[] | null;
  story_ids: number[] | null;
  completed: number[] | null;
  words_read: number[] | null;
  points_earned: number[] | null;
} & KnownColumns;

/**
 * The learner's state in the language: its id and library version, the search words folded as the stories'
 * text is (fold_for_search), the learner's progress in every story they have begun, by story id (through
 * chapter_progress's (user_id, chapter_id) index; stories of other languages are simply not listed; one row, the
 * progress gathered into arrays), and their known counts in the language's stories, read only when those the
 * server holds are out of date (server/library/known.ts, KnownCountsCache). Null: no such language.
 */
const LIBRARY_STATES: BatchedStatement<StateItem, StateRow, LibraryState | null> = {
  name: 'library-states-v1',
  text: LIBRARY_STATE_SQL,
  values: (items) => [
    items.map((item) => item.code),
    items.map((item) => item.userId),
    items.map((item) => JSON.stringify(item.words)),
    ...KNOWN_BY_STORY_VALUES,
    ...[0, 1, 2].map((place) => items.map((item) => heldValues(item.held)[place] ?? null)),
  ],
  answer: ([first], { userId, code, knownCache, held }) => {
    if (!first) return null;
    const progress = new Map<number, StoryProgressRow>();
    for (const [index, storyId] of (first.story_ids ?? []).entries()) {
      progress.set(storyId, {
        completedChapters: first.completed?.[index] ?? 0,
        wordsRead: first.words_read?.[index] ?? 0,
        pointsEarned: first.points_earned?.[index] ?? 0,
      });
    }
    return {
      languageId: first.language_id,
      version: Number(first.version),
      foldedWords: first.folded_words ?? [],
      progress,
      known: knownCache.resolve(userId, code, first.language_id, held, first),
    };
  },
};
const askLibraryState = batchedStatement(LIBRARY_STATES);

/** The learner's state in the language (LIBRARY_STATES), with the lists asked at the same moment. */
function libraryState(
  pool: pg.Pool,
  knownCache: KnownCountsCache,
  userId: string,
  code: string,
  words: string[],
): Promise<LibraryState | null> {
  return askLibraryState(pool, { userId, code, words, knownCache, held: knownCache.get(userId, code) });
}

/** What a story list answers from: the learner's state in the language and its library at that version. */
export interface StoryListing<T> extends LibraryState {
  list: LanguageList<T>;
}

/**
 * The learner's state in the query's language (its library's version, the search folded, their progress and
 * known counts) and the language's published stories at that version, easiest first then by title (as the
 * cache prepares them), from which pickStories takes those that pass the filters and the search; 400 for a
 * language that does not exist. The language's stories come from the cache while its library is unchanged.
 */
export async function storyListing<T>(
  db: Database,
  pool: pg.Pool,
  caches: { stories: StoryListCache<T>; known: KnownCountsCache },
  userId: string,
  query: StoryListQuery,
): Promise<StoryListing<T>> {
  const state = await libraryState(pool, caches.known, userId, query.language, searchWords(query.search));
  const cache = caches.stories;
  if (!state) throw new HttpError(400, NO_SUCH_LANGUAGE);
  let list = cache.get(state.languageId, state.version);
  if (!list) {
    const { rows } = await db.execute<StoryListRow & Record<string, unknown>>(
      publishedStoriesQuery(state.languageId),
    );
    const stories = rows.map((row) => cache.prepare(row));
    list = {
      version: state.version,
      stories,
      byId: new Map(rows.map((row, position) => [row.id, stories[position] as T])),
      rows: rows.map(({ difficultyLevel, lengthCategory, isAdultContent, topicKeys }) => ({
        difficultyLevel,
        lengthCategory,
        isAdultContent,
        topicKeys,
      })),
      search: new TrigramIndex(rows.map((row) => row.searchText)),
    };
    cache.set(state.languageId, list);
  }
  return { ...state, list };
}

export interface StoryDetailRow extends LibraryStoryRow, Omit<StoryProgressRow, 'completedChapters'> {
  chapters: {
    id: number;
    chapterNumber: number;
    title: string;
    wordCount: number;
    isCompleted: boolean;
    completionPercentage: number;
  }[];
  /** Whether the viewer may not read its chapters: not free, and they have neither Pro nor the admin role. */
  isLocked: boolean;
  /** The signed-in learner's share of the story and its chapters; undefined for a visitor or below the threshold. */
  known: Awaited<ReturnType<typeof knownSharesOfStory>>;
}

/**
 * A published story with its chapters in reading order and, for a signed-in learner, their progress in each;
 * an unpublished one only for an admin. 404 'Story not found' otherwise.
 */
export async function getStoryDetail(
  db: Database,
  viewer: Viewer | null,
  id: number,
): Promise<StoryDetailRow> {
  const { rows: found } = await db.execute<
    Omit<
      StoryDetailRow,
      'chapters' | 'chapterCount' | 'wordsRead' | 'pointsEarned' | 'isLocked' | 'known'
    > & {
      isPublished: boolean;
      languageId: number;
    } & Record<string, unknown>
  >(sql`
    SELECT s.id, s.title, s.author, s.description,
           s.cover_image_key AS "coverImageKey",
           s.difficulty_level AS "difficultyLevel",
           s.estimated_word_count AS "estimatedWordCount",
           s.is_free AS "isFree",
           s.is_adult_content AS "isAdultContent",
           s.is_published AS "isPublished",
           s.topics,
           s.length_category AS "lengthCategory",
           s.language_id AS "languageId",
           l.code AS language,
           coalesce(t.occurrences, 0) AS "termOccurrences",
           coalesce(t.terms, 0) AS "termCount"
    FROM stories s JOIN languages l ON l.id = s.language_id
    LEFT JOIN story_term_counts t ON t.story_id = s.id
    WHERE s.id = ${id}
  `);
  const story = found[0];
  if (!story) throw new HttpError(404, STORY_NOT_FOUND);
  if (!(await canSee(viewer, story))) throw new HttpError(404, STORY_NOT_FOUND);
  const locked = await isLocked(viewer, story);
  const knownQuery = viewer ? knownSharesOfStory(db, viewer.userId, story) : undefined;
  const { rows: chapters } = await db.execute<
    StoryDetailRow['chapters'][number] & { wordsRead: number; pointsEarned: number } & Record<string, unknown>
  >(sql`
    SELECT c.id, c.chapter_number AS "chapterNumber", c.title, c.word_count AS "wordCount",
           coalesce(p.is_completed, false) AS "isCompleted",
           coalesce(p.completion_percentage, 0) AS "completionPercentage",
           coalesce(p.words_read, 0) AS "wordsRead",
           coalesce(p.points_earned, 0) AS "pointsEarned"
    FROM chapters c
    -- No learner (a visitor without a token): the join finds nothing, and every chapter is unread.
    LEFT JOIN chapter_progress p ON p.chapter_id = c.id AND p.user_id = ${viewer?.userId ?? null}
    WHERE c.story_id = ${id}
    ORDER BY c.order_index, c.id
  `);
  const { isPublished: _, languageId: _language, ...fields } = story;
  return {
    ...fields,
    isLocked: locked,
    known: await knownQuery,
    chapterCount: chapters.length,
    wordsRead: chapters.reduce((sum, chapter) => sum + chapter.wordsRead, 0),
    pointsEarned: chapters.reduce((sum, chapter) => sum + chapter.pointsEarned, 0),
    chapters: chapters.map(({ wordsRead: _words, pointsEarned: _points, ...chapter }) => chapter),
  };
}
