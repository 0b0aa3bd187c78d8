import pg from 'pg';
import type { Difficulty } from '#common/stories.ts';
import { lengthCategory } from '#common/stories.ts';
import { chapterWords } from '#server/analysis/service.ts';
import { openDatabase } from '#server/db/client.ts';
import { refreshChapterTerms } from '#server/terms/service.ts';

export interface StoryInput {
  language: string;
  title: string;
  author?: string;
  isFree?: boolean;
  isPublished?: boolean;
  difficulty?: Difficulty;
  chapters: { title: string; content: string }[];
}

/**
 * Writes a published story with its chapters straight into the end-to-end server's database, with the words,
 * word counts and terms the server would derive (server/analysis: Japanese and Chinese words found as at a save;
 * server/terms: each word's dictionary form); answers the ids in reading order.
 */
export async function createStory(input: StoryInput): Promise<{ storyId: number; chapterIds: number[] }> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set; the end-to-end global setup sets it.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const analysed = input.chapters.map((chapter) => chapterWords(chapter.content, input.language));
    const total = analysed.reduce((sum, chapter) => sum + chapter.wordCount, 0);
    const story = await client.query<{ id: number }>(
      `INSERT INTO stories (title, author, language_id, estimated_word_count, length_category, is_published,
         is_free, difficulty_level)
       SELECT $1, $2, id, $4, $5, $6, $7, $8 FROM languages WHERE code = $3 RETURNING id`,
      [
        input.title,
        input.author ?? 'Catamaran',
        input.language,
        total,
        lengthCategory(total),
        input.isPublished ?? true,
        input.isFree ?? true,
        input.difficulty ?? 'child',
      ],
    );
    const storyId = story.rows[0]?.id;
    if (storyId === undefined) throw new Error(`No language ${input.language}.`);
    const chapterIds: number[] = [];
    for (const [index, chapter] of input.chapters.entries()) {
      const { words, wordCount } = analysed[index] ?? { words: null, wordCount: 0 };
      const row = await client.query<{ id: number }>(
        `INSERT INTO chapters (story_id, chapter_number, title, content, word_count, order_index, words)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          storyId,
          index + 1,
          chapter.title,
          chapter.content,
          wordCount,
          index,
          words && JSON.stringify(words),
        ],
      );
      chapterIds.push(row.rows[0]?.id ?? 0);
    }
    await client.query('COMMIT');
    await makeTerms(url, chapterIds);
    return { storyId, chapterIds };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

/** Makes the chapters' terms as a save does (issue 22: the words' dictionary forms, for the learner's statuses). */
async function makeTerms(url: string, chapterIds: readonly number[]): Promise<void> {
  const { db, pool } = openDatabase(url, { max: 1, onIdleError: () => {} });
  try {
    for (const id of chapterIds) await refreshChapterTerms(db, id);
  } finally {
    await pool.end();
  }
}

/** The ids of a story found by its title (a demo story, say) and of its chapters in reading order. */
export async function findStory(title: string): Promise<{ storyId: number; chapterIds: number[] }> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set; the end-to-end global setup sets it.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ story_id: number; id: number }>(
      `SELECT c.story_id, c.id FROM chapters c JOIN stories s ON s.id = c.story_id
       WHERE s.title = $1 ORDER BY c.order_index`,
      [title],
    );
    const storyId = rows[0]?.story_id;
    if (storyId === undefined) throw new Error(`No story titled ${title}.`);
    return { storyId, chapterIds: rows.map((row) => row.id) };
  } finally {
    await client.end();
  }
}
