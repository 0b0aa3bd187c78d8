// The story list benchmark's library: the Spanish language padded with generated stories (10 chapters each,
// fields shaped as the demo's, about 620 bytes each in the answer) up to a size, and one learner who has
// begun 21 stories (every seventh of the first 150) and finished 7 of them, whatever the library's size: their
// own part of the answer stays the same while the library grows. Other learners' progress is there too (as on a
// server in use), so PostgreSQL plans the learner's part for one learner among many, not for the only one.
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';

const DESCRIPTION =
  'Una historia corta para leer despacio: una familia se muda a un pueblo junto al mar, conoce a sus vecinos, ' +
  'aprende a pescar con el abuelo Tomás y descubre por qué el faro se enciende cada noche aunque nadie lo cuide. ';

/** Adds generated published stories to Spanish until it has `size`, each with 10 chapters of 120 words. */
export async function padLibrary(db: Database, size: number): Promise<void> {
  const { rows } = await db.execute<{ count: number } & Record<string, unknown>>(sql`
    SELECT count(*)::int AS count FROM stories s JOIN languages l ON l.id = s.language_id WHERE l.code = 'es'`);
  const have = rows[0]?.count ?? 0;
  if (have >= size) return;
  await db.execute(sql`
    WITH made AS (
      INSERT INTO stories (title, author, description, language_id, difficulty_level, estimated_word_count,
                           length_category, topics, is_published, is_free, is_adult_content, cover_image_key)
      SELECT 'El faro del pueblo ' || n, 'Autora ' || (n % 37), ${DESCRIPTION} || n,
             (SELECT id FROM languages WHERE code = 'es'),
             (ARRAY['infant','child','teen','adult','expert'])[1 + n % 5], 1200,
             (ARRAY['very_short','short','medium','long'])[1 + n % 4],
             (ARRAY['Family, Sea','Adventure, Mystery','Daily life','Travel, Food, Culture'])[1 + n % 4],
             true, n % 3 = 0, n % 11 = 0, CASE WHEN n % 2 = 0 THEN 'covers/story-' || n || '.webp' END
      FROM generate_series(${have + 1}::int, ${size}::int) AS n
      RETURNING id
    )
    INSERT INTO chapters (story_id, chapter_number, order_index, title, content, word_count)
    SELECT made.id, c, c - 1, 'Capítulo ' || c, repeat('palabra ', 120), 120
    FROM made, generate_series(1, 10) AS c`);
}

/** The learner's progress: every seventh of the first 150 stories begun (3 chapters), every twenty-first finished. */
export async function giveProgress(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO chapter_progress (user_id, chapter_id, is_completed, completion_percentage, words_read, points_earned)
    SELECT ${userId}, c.id, true, 100, c.word_count, 10
    FROM stories s JOIN chapters c ON c.story_id = s.id
    WHERE s.id % 7 = 0 AND s.id <= 150 AND (c.order_index < 3 OR s.id % 21 = 0)
    ON CONFLICT (user_id, chapter_id) DO NOTHING`);
}

/** `learners` other learners who each began 21 stories of the library as it is, 3 chapters of each. */
export async function giveOthersProgress(db: Database, learners: number): Promise<void> {
  await db.execute(sql`
    WITH others AS (
      INSERT INTO users (email, email_confirmed_at)
      SELECT 'other-' || gen_random_uuid() || '@example.com', now()
      FROM generate_series(1, ${learners})
      RETURNING id
    )
    INSERT INTO chapter_progress (user_id, chapter_id, is_completed, completion_percentage, words_read, points_earned)
    SELECT o.id, c.id, true, 100, c.word_count, 10
    FROM others o
    CROSS JOIN LATERAL (
      SELECT s.id FROM stories s WHERE s.is_published ORDER BY md5(o.id::text || s.id) LIMIT 21
    ) s
    JOIN chapters c ON c.story_id = s.id AND c.order_index < 3`);
  // As a server in use stands: padding moved the language's row (stories_version) once per story and chapter.
  await db.execute(sql`VACUUM ANALYZE languages, stories, chapters, chapter_progress`);
}
