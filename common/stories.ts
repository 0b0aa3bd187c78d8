/** Difficulty levels, easiest first (spec: infant, child, teen, adult, expert). */
export const DIFFICULTIES = ['infant', 'child', 'teen', 'adult', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DEFAULT_DIFFICULTY: Difficulty = 'child';

/** Story length buckets by total word count: under 500, under 1500, under 5000, then long. */
export const LENGTH_CATEGORIES = ['very_short', 'short', 'medium', 'long'] as const;
export type LengthCategory = (typeof LENGTH_CATEGORIES)[number];
const LENGTH_LIMITS: readonly [LengthCategory, number][] = [
  ['very_short', 500],
  ['short', 1500],
  ['medium', 5000],
];

/** The topics a learner can filter by (learner.md §2 filters panel); stories list theirs as comma-separated text. */
export const TOPICS = [
  'adventure',
  'mystery',
  'romance',
  'sci-fi',
  'fantasy',
  'horror',
  'comedy',
  'family',
  'everyday',
  'animals',
] as const;
export type Topic = (typeof TOPICS)[number];

/** The length bucket of a story with this many words. */
export function lengthCategory(wordCount: number): LengthCategory {
  for (const [category, limit] of LENGTH_LIMITS) if (wordCount < limit) return category;
  return 'long';
}

/** The tags a writer or the editor puts in a chapter: content with one of them is HTML, else plain text. */
const CHAPTER_HTML = /<\/?(p|br|em|strong|i|b|u|span)\b[^>]*>/i;

/** Whether a chapter's content is HTML (paragraphs in tags) rather than plain text (paragraphs on blank lines). */
export const isChapterHtml = (content: string): boolean => CHAPTER_HTML.test(content);

/**
 * The languages whose words the server's analyser finds (issue 21: server/analysis): their chapters' word counts
 * are the server's, which the browser cannot make (POST /api/admin/word-count/ answers it while an admin writes).
 */
export const ANALYSED_LANGUAGE_CODES: readonly string[] = ['ja', 'zh'];

/** The longest text POST /api/admin/word-count/ counts as an admin types; a longer one is counted at its save. */
export const MAX_LIVE_COUNT_CHARACTERS = 20_000;

// Languages written without spaces between words: counting whitespace there would give a chapter 1 word.
const UNSPACED_LANGUAGES = new Set(['ja', 'zh', 'th', 'lo', 'km', 'my']);

/**
 * The words of a chapter: whitespace-separated words of the trimmed text (the spec's rule), or, for a language
 * written without spaces, the word segments Intl.Segmenter finds. HTML tags are not words.
 */
export function wordCount(content: string, languageCode?: string): number {
  const text = content.replace(/<[^>]*>/g, ' ').trim();
  if (text === '') return 0;
  if (languageCode && UNSPACED_LANGUAGES.has(languageCode)) {
    let count = 0;
    for (const segment of new Intl.Segmenter(languageCode, { granularity: 'word' }).segment(text)) {
      if (segment.isWordLike) count++;
    }
    return count;
  }
  return text.split(/\s+/).length;
}
