// The terms of the generated chapters (issue 22), made as a save makes them but in one statement per language:
// every generated chapter repeats its language's paragraph, so its terms are the paragraph's, counted as many
// times as it repeats. Without them the server's start-up job would make 70,000 chapters' terms while the
// benchmark measures. The paragraph's terms are the server's own (termsOfChapter), with the dictionary the
// language has: the demo dictionaries are imported first (knowledge.ts), so a word's term is its dictionary form
// where the dictionary knows one, and the chapters are stamped with its import, as a save stamps them; the
// reader's server then finds nothing to make again when it starts.
import { ANALYSED_LANGUAGES, analyseChapter } from '../../server/analysis/service.ts';
import type { Database } from '../../server/db/client.ts';
import { termsOfChapter } from '../../server/terms/service.ts';
import { LANGUAGE_TEXTS } from './texts.ts';

type Step = (name: string, sql: string, values?: unknown[]) => Promise<unknown>;

/** Writes chapter_terms and each chapter's term map for the generated chapters of every language. */
export async function generateChapterTerms(
  step: Step,
  db: Database,
  learnable: readonly { id: number; code: string }[],
): Promise<void> {
  for (const { id, code } of learnable) {
    const texts = LANGUAGE_TEXTS[code];
    if (!texts) continue;
    const { occurrences, termMap, importId } = await termsOfChapter(db, {
      content: texts.paragraph,
      words: null,
      language: code,
    });
    if (occurrences.size === 0) continue;
    // A generated chapter's content is the paragraph repeated: its repeats, from its content's length.
    const repeats = `(length(c.content) + 2) / (length($2::text) + 2)`;
    await step(
      `chapter terms (${code})`,
      `INSERT INTO chapter_terms (chapter_id, term, occurrences)
       SELECT c.id, t.term, t.occurrences * ${repeats}
       FROM chapters c JOIN stories s ON s.id = c.story_id
       CROSS JOIN unnest($3::text[], $4::int[]) AS t(term, occurrences)
       WHERE s.language_id = $1 AND starts_with(c.content, $2) AND c.terms_computed_at IS NULL`,
      [id, texts.paragraph, [...occurrences.keys()], [...occurrences.values()]],
    );
    await step(
      `chapter term maps (${code})`,
      `UPDATE chapters c SET term_map = $3::jsonb, terms_computed_at = now(), terms_import_id = $4
       FROM stories s
       WHERE s.id = c.story_id AND s.language_id = $1 AND starts_with(c.content, $2) AND c.terms_computed_at IS NULL`,
      [id, texts.paragraph, JSON.stringify(termMap), importId],
    );
  }
}

/**
 * The words of the generated chapters of the analysed languages (Japanese, Chinese), stored as a save stores
 * them (chapters.words, the word count theirs): the paragraph's, as many times as it repeats. Without them the
 * server would find them at its start (analyseChaptersWithoutWords) and make the 10,000 chapters' terms again
 * in the background while the reader is measured.
 */
export async function generateAnalysedWords(
  step: Step,
  learnable: readonly { id: number; code: string }[],
): Promise<void> {
  for (const { id, code } of learnable) {
    const texts = LANGUAGE_TEXTS[code];
    if (!texts || !ANALYSED_LANGUAGES.includes(code)) continue;
    const words = analyseChapter(texts.paragraph, code) ?? [];
    const repeats = `(length(c.content) + 2) / (length($2::text) + 2)`;
    await step(
      `chapter words (${code})`,
      `UPDATE chapters c
       SET words = (SELECT jsonb_agg(w.word ORDER BY r, w.n)
                    FROM generate_series(1, ${repeats}) r
                    CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS w(word, n)),
           word_count = ${repeats} * $4
       FROM stories s
       WHERE s.id = c.story_id AND s.language_id = $1 AND starts_with(c.content, $2) AND c.words IS NULL`,
      [id, texts.paragraph, JSON.stringify(words), words.length],
    );
  }
}

/** Each story's running words and distinct terms (story_term_counts), as recount_story_known keeps them. */
export async function countStoryTerms(step: Step): Promise<void> {
  await step(
    'story term counts',
    `INSERT INTO story_term_counts (story_id, occurrences, terms)
     SELECT c.story_id, sum(ct.occurrences), count(DISTINCT ct.term)
     FROM chapter_terms ct JOIN chapters c ON c.id = ct.chapter_id
     GROUP BY c.story_id
     ON CONFLICT (story_id) DO UPDATE SET occurrences = excluded.occurrences, terms = excluded.terms`,
  );
}
