// A chapter's terms kept with it (issue 22): chapter_terms (each term and its occurrences) and chapters.term_map
// (the keys whose term differs), made after each save and again when the language's dictionary is replaced.
import { eq, sql } from 'drizzle-orm';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import { ANALYSED_LANGUAGES, analyseChapter, chapterRuns } from '#server/analysis/service.ts';
import type { Database } from '#server/db/client.ts';
import { chapters, chapterTerms, languages, stories } from '#server/db/schema.ts';
import { lemmasOf } from '#server/dictionary/lookup/service.ts';
import { recountStoryOfChapter } from './known.ts';
import { analysedWords, type ChapterTerms, countTerms, keysWithoutLemma, segmentedWords } from './words.ts';

interface ChapterSource {
  id: number;
  content: string;
  words: { t: string; l?: string }[] | null;
  languageId: number;
  language: string;
}

/**
 * The chapter's terms from its text: for Japanese and Chinese its analysed words, for the others the reader's
 * words with the dictionary's lemma of each (one query); answers the import the lemmas came from.
 */
export async function termsOfChapter(
  db: Database,
  source: Pick<ChapterSource, 'content' | 'words' | 'language'>,
): Promise<ChapterTerms & { importId: number | null }> {
  const { content, language } = source;
  if (ANALYSED_LANGUAGES.includes(language)) {
    const words = source.words ?? analyseChapter(content, language) ?? [];
    return { ...countTerms(analysedWords(words, language), new Map(), language), importId: null };
  }
  const words = segmentedWords(chapterRuns(content), language);
  const { importId, lemmas } = await lemmasOf(db, language, keysWithoutLemma(words));
  return { ...countTerms(words, lemmas, language), importId };
}

async function readSource(db: Database, chapterId: number): Promise<ChapterSource | undefined> {
  const [row] = await db
    .select({
      id: chapters.id,
      content: chapters.content,
      words: chapters.words,
      languageId: stories.languageId,
      language: languages.code,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .where(eq(chapters.id, chapterId));
  return row;
}

/**
 * Writes the terms made from a chapter's text, unless the chapter changed since it was read (another save, its
 * story moved to another language): answers whether they were written.
 */
async function writeTerms(
  db: Database,
  source: ChapterSource,
  terms: ChapterTerms & { importId: number | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const written = await tx.execute(sql`
      UPDATE ${chapters} c SET term_map = ${JSON.stringify(terms.termMap)}::jsonb,
        terms_computed_at = now(), terms_import_id = ${terms.importId}
      FROM ${stories} s
      WHERE c.id = ${source.id} AND s.id = c.story_id AND s.language_id = ${source.languageId}
        AND c.content = ${source.content}
      RETURNING c.id`);
    if (written.rows.length === 0) return false;
    await tx.delete(chapterTerms).where(eq(chapterTerms.chapterId, source.id));
    const rows = [...terms.occurrences].map(([term, occurrences]) => ({
      chapterId: source.id,
      term,
      occurrences,
    }));
    // A long chapter has thousands of terms: inserted a few thousand at a time (PostgreSQL's parameter limit).
    for (let start = 0; start < rows.length; start += 5000) {
      await tx.insert(chapterTerms).values(rows.slice(start, start + 5000));
    }
    // The story's words changed: its known shares are remade for every learner before the commit.
    await recountStoryOfChapter(tx, source.id);
    return true;
  });
}

/**
 * Makes a chapter's terms from its text as it is now and keeps them (chapter_terms, term_map). The text is read
 * outside any lock and the terms written only if it is unchanged, so two saves of a chapter leave the terms of
 * the last one; tried again a few times when it changed meanwhile. Answers false for a chapter that is gone.
 */
export async function refreshChapterTerms(db: Database, chapterId: number): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const source = await readSource(db, chapterId);
    if (!source) return false;
    if (await writeTerms(db, source, await termsOfChapter(db, source))) return true;
  }
  return false;
}

/**
 * The terms of chapters never made (saved before issue 22, or whose refresh after a save failed) and of those
 * made with a dictionary that has been replaced since, in one language or all, oldest chapter first. Safe on
 * several servers at once (the writes are idempotent). Answers how many chapters it refreshed.
 */
export async function refreshStaleChapterTerms(
  db: Database,
  options: { language?: string; batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const batch = options.batch ?? 50;
  let after = 0;
  let refreshed = 0;
  for (;;) {
    const stale = await db.execute<{ id: number }>(sql`
      SELECT c.id FROM ${chapters} c
      JOIN ${stories} s ON s.id = c.story_id
      JOIN ${languages} l ON l.id = s.language_id
      LEFT JOIN dictionaries d ON d.source_code = l.code AND d.target_code = ${BASE_LANGUAGE_CODE}
      WHERE c.id > ${after}
        AND ${options.language === undefined ? sql`true` : sql`l.code = ${options.language}`}
        AND (c.terms_computed_at IS NULL
          OR (l.code <> ALL (${`{${ANALYSED_LANGUAGES.join(',')}}`}::text[])
            AND c.terms_import_id IS DISTINCT FROM d.import_id))
      ORDER BY c.id
      LIMIT ${batch}`);
    for (const { id } of stale.rows) {
      // A stopping server leaves the rest to the job's retry or the next start.
      options.signal?.throwIfAborted();
      if (await refreshChapterTerms(db, id)) refreshed += 1;
      after = id;
    }
    if (stale.rows.length < batch) return refreshed;
  }
}
