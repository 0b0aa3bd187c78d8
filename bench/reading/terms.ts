// The terms of the generated chapters (issue 22), made as a save makes them but in one statement per language:
// every generated chapter repeats its language's paragraph, so its terms are the paragraph's, counted as many
// times as it repeats. Without them the server's start-up job would make 70,000 chapters' terms while the
// benchmark measures. The bench has no dictionary (DEMO_CONTENT=off), so a word's term is its own key, or the
// analyser's dictionary form for Japanese and Chinese, as server/terms makes it then.
import { termOf } from '#common/terms.ts';
import { wordsOf } from '#common/words.ts';
import { ANALYSED_LANGUAGES, analyseChapter } from '../../server/analysis/service.ts';
import { LANGUAGE_TEXTS } from './texts.ts';

/** A paragraph's terms with their occurrences, and the words whose term is not their own key. */
export function paragraphTerms(
  paragraph: string,
  code: string,
): { counts: Map<string, number>; map: Record<string, string> } {
  const words = ANALYSED_LANGUAGES.includes(code)
    ? (analyseChapter(paragraph, code) ?? []).map((word) => ({ text: word.t, lemma: word.l }))
    : wordsOf(paragraph, code).map((text) => ({ text, lemma: undefined }));
  const counts = new Map<string, number>();
  const map: Record<string, string> = {};
  for (const { text, lemma } of words) {
    const term = termOf(text, code, lemma);
    const key = termOf(text, code);
    if (term === undefined || key === undefined) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
    if (key !== term) map[key] = term;
  }
  return { counts, map };
}

type Step = (name: string, sql: string, values?: unknown[]) => Promise<unknown>;

/** Writes chapter_terms and each chapter's term map for the generated chapters of every language. */
export async function generateChapterTerms(
  step: Step,
  learnable: readonly { id: number; code: string }[],
): Promise<void> {
  for (const { id, code } of learnable) {
    const texts = LANGUAGE_TEXTS[code];
    if (!texts) continue;
    const { counts, map } = paragraphTerms(texts.paragraph, code);
    const paragraphWords = [...counts.values()].reduce((sum, count) => sum + count, 0);
    if (paragraphWords === 0) continue;
    // A generated chapter's content is the paragraph repeated: its repeats, from its content's length.
    const repeats = `(length(c.content) + 2) / (length($2::text) + 2)`;
    await step(
      `chapter terms (${code})`,
      `INSERT INTO chapter_terms (chapter_id, term, occurrences)
       SELECT c.id, t.term, t.occurrences * ${repeats}
       FROM chapters c JOIN stories s ON s.id = c.story_id
       CROSS JOIN unnest($3::text[], $4::int[]) AS t(term, occurrences)
       WHERE s.language_id = $1 AND starts_with(c.content, $2) AND c.terms_computed_at IS NULL`,
      [id, texts.paragraph, [...counts.keys()], [...counts.values()]],
    );
    await step(
      `chapter term maps (${code})`,
      `UPDATE chapters c SET term_map = $3::jsonb, terms_computed_at = now(), terms_import_id = NULL
       FROM stories s
       WHERE s.id = c.story_id AND s.language_id = $1 AND starts_with(c.content, $2) AND c.terms_computed_at IS NULL`,
      [id, texts.paragraph, JSON.stringify(map)],
    );
  }
}
