// The chapters `npm run bench:chapter` reads, made as the server makes them: the demo library as a fresh install
// seeds it (chapter 1 of 'La gata y la luna', 134 words), a generated 10,000-word Spanish chapter and about
// 10,000 characters of Japanese with its analysed words, each with its terms made by the server's own save path
// (refreshChapterTerms), and a learner with statuses for a third of each chapter's terms.
import { sql } from 'drizzle-orm';
import { chapterWords } from '../../server/analysis/service.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database, DatabaseHandle } from '../../server/db/client.ts';
import { seedDemoContent } from '../../server/demo/seed.ts';
import type { ObjectStorage } from '../../server/storage/storage.ts';
import { analyseChaptersWithoutWords } from '../../server/stories/service.ts';
import { refreshChapterTerms, refreshStaleChapterTerms } from '../../server/terms/service.ts';
import { createStory, createUser } from '../../server/testing/factories.ts';
import { japaneseChapter } from '../reading/japanese.ts';

export interface BenchChapters {
  chapters: { name: string; id: number }[];
  learnerId: string;
}

const SILENT = { warn: () => undefined, info: () => undefined, error: () => undefined };

async function firstId(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(query);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('bench:chapter found no chapter to read');
  return Number(id);
}

/** A chapter of `words` Spanish words from the demo library's own text, saved with its terms. */
async function spanishChapter(db: Database, words: number): Promise<number> {
  const { rows } = await db.execute<{ content: string }>(sql`
    SELECT c.content FROM chapters c JOIN stories s ON s.id = c.story_id JOIN languages l ON l.id = s.language_id
    WHERE l.code = 'es' ORDER BY c.id`);
  const source = rows.flatMap((row) => row.content.split(/\s+/).filter(Boolean));
  const paragraphs: string[] = [];
  for (let at = 0; at < words; at += 80)
    paragraphs.push(
      Array.from({ length: Math.min(80, words - at) }, (_, i) => source[(at + i) % source.length]).join(' '),
    );
  const { chapters } = await createStory(db, { languageCode: 'es', chapters: 3, wordsPerChapter: 10 });
  const id = chapters[1]?.id ?? 0;
  await db.execute(sql`UPDATE chapters SET content = ${paragraphs.join('\n\n')}, word_count = ${words}
    WHERE id = ${id}`);
  await refreshChapterTerms(db, id);
  return id;
}

async function japaneseAnalysed(db: Database): Promise<number> {
  const content = japaneseChapter();
  const { words, wordCount } = chapterWords(content, 'ja');
  const { chapters } = await createStory(db, {
    languageCode: 'ja',
    chapters: 2,
    story: { title: '雨の日', difficultyLevel: 'child' },
  });
  const id = chapters[0]?.id ?? 0;
  await db.execute(sql`UPDATE chapters SET content = ${content}, words = ${JSON.stringify(words)}::jsonb,
    word_count = ${wordCount} WHERE id = ${id}`);
  await refreshChapterTerms(db, id);
  return id;
}

export async function seedBenchChapters(
  handle: DatabaseHandle,
  storage: ObjectStorage,
): Promise<BenchChapters> {
  const { db, pool } = handle;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  await seedDemoContent({ db, pool, limits: config.dictionaryLimits, log: SILENT, storage });
  await analyseChaptersWithoutWords(db);
  await refreshStaleChapterTerms(db);
  const demo = await firstId(
    db,
    sql`SELECT c.id FROM chapters c JOIN stories s ON s.id = c.story_id
        WHERE s.title = 'La gata y la luna' AND c.chapter_number = 1`,
  );
  const spanish = await spanishChapter(db, 10_000);
  const japanese = await japaneseAnalysed(db);
  const learner = await createUser(db);
  // A third of each chapter's terms with a status, learning 1-4 and known spread over them.
  await db.execute(sql`
    INSERT INTO term_statuses (user_id, language_id, term, status)
    SELECT ${learner.id}, s.language_id, ct.term, 1 + abs(hashtext(ct.term)) % 5
    FROM chapter_terms ct JOIN chapters c ON c.id = ct.chapter_id JOIN stories s ON s.id = c.story_id
    WHERE ct.chapter_id IN (${demo}, ${spanish}, ${japanese}) AND abs(hashtext(ct.term)) % 3 = 0
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`VACUUM ANALYZE`);
  return {
    chapters: [
      { name: 'demo chapter (134 words)', id: demo },
      { name: 'Spanish, 10,000 words', id: spanish },
      { name: 'Japanese, analysed', id: japanese },
    ],
    learnerId: learner.id,
  };
}
