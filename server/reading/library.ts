import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { StoryListQuery } from '#common/schemas/library.ts';
import { DIFFICULTIES } from '#common/stories.ts';
import { isAdmin } from '../admin/service.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';

const STORY_NOT_FOUND = 'Story not found';
const NO_SUCH_LANGUAGE = 'That language does not exist.';
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

// The same expression as the stories_search index (server/db/schema.ts), or the index cannot serve it.
const searchText = sql`fold_for_search(s.title || ' ' || s.author || ' ' || s.description)`;

/**
 * One search word as a LIKE pattern over the folded text: folded the same way (in SQL, by the same rules),
 * then its wildcard characters escaped, so 'cafe' finds 'Café' and '50%' finds only '50%'.
 */
function containsWord(word: string): SQL {
  const folded = sql`fold_for_search(${word})`;
  const escaped = sql`replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return sql`${searchText} LIKE '%' || ${escaped} || '%'`;
}

/** The words of a search: split on spaces, each required; repeated ones once. */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}

// Easiest first, then by title: the order a learner climbs in. Ids break ties so the order never moves.
const difficultyRank = sql.raw(
  `array_position(ARRAY[${DIFFICULTIES.map((level) => `'${level}'`).join(', ')}]::text[], s.difficulty_level)`,
);

/**
 * The query of the story list without anyone's progress: the published stories of a language that pass the
 * filters, easiest first then by title, with their chapter counts (through chapters' story index); a search
 * goes through the stories_search index. Exported for the test that checks the plan.
 */
export function storiesQuery(query: StoryListQuery): SQL {
  const conditions: SQL[] = [sql`l.code = ${query.language}`, sql`s.is_published`];
  if (query.difficulty?.length) {
    conditions.push(sql`s.difficulty_level = ANY(${sql.param(query.difficulty)}::text[])`);
  }
  if (query.length?.length) conditions.push(sql`s.length_category = ANY(${sql.param(query.length)}::text[])`);
  if (query.topics?.length) {
    // Topics are free text written by the admin: a topic matches one of its comma-separated items, any case.
    conditions.push(
      sql`regexp_split_to_array(lower(btrim(s.topics)), '\\s*,\\s*') && ${sql.param(query.topics)}::text[]`,
    );
  }
  if (query.hide_adult) conditions.push(sql`NOT s.is_adult_content`);
  for (const word of searchWords(query.search)) conditions.push(containsWord(word));
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
           l.code AS language
    FROM stories s
    JOIN languages l ON l.id = s.language_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${difficultyRank}, lower(s.title), s.id
  `;
}

/**
 * The lists of stories last read, per language and filters (never a search), each with the version of its
 * language's stories it was read at, and each story as `prepare` made it (the routes keep it ready to send).
 * Every learner sees the same list; only their progress differs, so the library's common request costs two
 * small indexed queries instead of reading every story and counting every chapter. Bounded: the least
 * recently used list goes first.
 */
export class StoryListCache<T> {
  private readonly lists = new Map<string, { version: string; stories: T[] }>();

  constructor(
    readonly prepare: (story: LibraryStoryRow) => T,
    readonly maxEntries = 200,
  ) {}

  get(key: string, version: string): T[] | undefined {
    const entry = this.lists.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.lists.delete(key);
    this.lists.set(key, entry);
    return entry.stories;
  }

  set(key: string, version: string, stories: T[]): void {
    this.lists.delete(key);
    if (this.lists.size >= this.maxEntries) {
      const oldest = this.lists.keys().next();
      if (!oldest.done) this.lists.delete(oldest.value);
    }
    this.lists.set(key, { version, stories });
  }
}

function cacheKey(query: StoryListQuery): string {
  const sorted = (values: readonly string[] | undefined) => [...(values ?? [])].sort().join(',');
  return [
    query.language,
    sorted(query.difficulty),
    sorted(query.length),
    sorted(query.topics),
    query.hide_adult === true,
  ].join('|');
}

/**
 * The language's id and the version of its stories: their number and the sum of their updated_at. Every
 * change the admin area makes to a story, or to its chapters, moves updated_at (server/stories/); a deleted
 * story changes the number. Read through the (language_id, updated_at) index alone. Null: no such language.
 */
async function libraryVersion(
  pool: pg.Pool,
  code: string,
): Promise<{ languageId: number; version: string } | null> {
  // Named: planned once per connection (planning cost more than running it).
  const { rows } = await pool.query<{ language_id: number; version: string }>({
    name: 'library-version',
    text: `SELECT l.id AS language_id,
                  count(s.updated_at) || ':' || coalesce(sum(extract(epoch FROM s.updated_at)), 0) AS version
           FROM languages l
           LEFT JOIN stories s ON s.language_id = l.id
           WHERE l.code = $1
           GROUP BY l.id`,
    values: [code],
  });
  const row = rows[0];
  return row ? { languageId: row.language_id, version: row.version } : null;
}

/**
 * The learner's progress in every story of a language they have started, by story id: one query through
 * chapter_progress's (user_id, chapter_id) index, whatever the size of the library.
 */
export async function learnerProgress(
  pool: pg.Pool,
  userId: string,
  languageId: number,
): Promise<Map<number, StoryProgressRow>> {
  const { rows } = await pool.query<StoryProgressRow & { storyId: number }>({
    name: 'library-learner-progress',
    text: `SELECT c.story_id AS "storyId",
                  count(*) FILTER (WHERE p.is_completed)::int AS "completedChapters",
                  sum(p.words_read)::int AS "wordsRead",
                  sum(p.points_earned)::int AS "pointsEarned"
           FROM chapter_progress p
           JOIN chapters c ON c.id = p.chapter_id
           JOIN stories s ON s.id = c.story_id
           WHERE p.user_id = $1 AND s.language_id = $2
           GROUP BY c.story_id`,
    values: [userId, languageId],
  });
  return new Map(rows.map(({ storyId, ...progress }) => [storyId, progress]));
}

/**
 * The published stories of a language that pass the filters, easiest first then by title (as the cache
 * prepares them), and the learner's progress in those they started; 400 for a language that does not exist.
 * Lists without a search come from the cache while the language's stories are unchanged; a search always asks
 * the database (and its index).
 */
export async function listStories<T>(
  db: Database,
  pool: pg.Pool,
  cache: StoryListCache<T>,
  userId: string,
  query: StoryListQuery,
): Promise<{ stories: T[]; progress: Map<number, StoryProgressRow> }> {
  const library = await libraryVersion(pool, query.language);
  if (!library) throw new HttpError(400, NO_SUCH_LANGUAGE);
  const key = searchWords(query.search).length === 0 ? cacheKey(query) : undefined;
  let stories = key === undefined ? undefined : cache.get(key, library.version);
  if (!stories) {
    const { rows } = await db.execute<LibraryStoryRow & Record<string, unknown>>(storiesQuery(query));
    stories = rows.map((row) => cache.prepare(row));
    if (key !== undefined) cache.set(key, library.version, stories);
  }
  return { stories, progress: await learnerProgress(pool, userId, library.languageId) };
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
}

/**
 * A published story with its chapters in reading order and, for a signed-in learner, their progress in each;
 * an unpublished one only for an admin. 404 'Story not found' otherwise.
 */
export async function getStoryDetail(
  db: Database,
  viewer: { userId: string; adminEmails: readonly string[] } | null,
  id: number,
): Promise<StoryDetailRow> {
  const { rows: found } = await db.execute<
    Omit<StoryDetailRow, 'chapters' | 'chapterCount' | 'wordsRead' | 'pointsEarned'> & {
      isPublished: boolean;
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
           l.code AS language
    FROM stories s JOIN languages l ON l.id = s.language_id
    WHERE s.id = ${id}
  `);
  const story = found[0];
  if (!story) throw new HttpError(404, STORY_NOT_FOUND);
  if (!story.isPublished && !(viewer && (await isAdmin(db, viewer.userId, viewer.adminEmails)))) {
    throw new HttpError(404, STORY_NOT_FOUND);
  }
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
  const { isPublished: _, ...fields } = story;
  return {
    ...fields,
    chapterCount: chapters.length,
    wordsRead: chapters.reduce((sum, chapter) => sum + chapter.wordsRead, 0),
    pointsEarned: chapters.reduce((sum, chapter) => sum + chapter.pointsEarned, 0),
    chapters: chapters.map(({ wordsRead: _words, pointsEarned: _points, ...chapter }) => chapter),
  };
}
