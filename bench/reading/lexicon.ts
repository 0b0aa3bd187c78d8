// The Spanish library's vocabulary beyond its one paragraph (issue 22): every generated chapter repeats its
// language's paragraph, whose 40-odd terms are all a story would share with a learner, so a learner who knows
// 5,000 terms would know all of a story or nothing of it. Spanish chapters get, after their paragraphs, words
// of a lexicon of 20,000 made-up terms ranked as a frequency list (a consonant, a vowel, "k", a vowel, a
// consonant, a vowel: "bakide", no word of the demo dictionary): the 50 commonest in every chapter, 100 more of
// the first 4,500 in turn, and 300 of the rarer ones, so each rare term is in about a hundred chapters and the
// learners who know the first few thousand (knowledge.ts) meet about 300 new terms a chapter. The reader's long
// chapter gets a sentence of 15 of them after each of its (short) paragraphs: half its words, some 4,800 terms.
import type pg from 'pg';

/** Terms in the lexicon, ranked 1 (commonest) to LEXICON_SIZE. */
export const LEXICON_SIZE = 20_000;
/** Ranks 1 to COMMON_RANKS are the common terms; the rest the rare ones. */
export const COMMON_RANKS = 4_500;
/** Per Spanish chapter: the commonest terms, the common ones in turn, the rare ones in turn. */
export const CHAPTER_VOCABULARY = { core: 50, common: 100, rare: 300 } as const;

const CONSONANTS = 'bdfglmnprstvz';
const VOWELS = 'aeiou';

/** The lexicon's terms, rank 1 first: the syllables' combinations scrambled by a stride coprime to their number. */
export const SPANISH_LEXICON: readonly string[] = (() => {
  const combinations = CONSONANTS.length ** 2 * VOWELS.length ** 3;
  const terms: string[] = [];
  for (let rank = 0; rank < LEXICON_SIZE; rank++) {
    let n = (rank * 7919) % combinations;
    const digit = (size: number) => {
      const value = n % size;
      n = Math.floor(n / size);
      return value;
    };
    const [c1, v1, v2, c2, v3] = [
      CONSONANTS[digit(13)],
      VOWELS[digit(5)],
      VOWELS[digit(5)],
      CONSONANTS[digit(13)],
      VOWELS[digit(5)],
    ];
    terms.push(`${c1}${v1}k${v2}${c2}${v3}`);
  }
  return terms;
})();

/** The word of the reader's long chapter's made-up sentences at `position`: seven in ten common, the rest rare. */
export function readerLexiconWord(position: number): string {
  const rank =
    position % 10 < 7
      ? 1 + ((position * 37) % COMMON_RANKS)
      : COMMON_RANKS + 1 + ((position * 53) % (LEXICON_SIZE - COMMON_RANKS));
  return SPANISH_LEXICON[rank - 1] ?? '';
}

/** A sentence of `count` lexicon words for the reader's chapter, from word `start` on. */
export function readerLexiconSentence(start: number, count: number): string {
  const words = Array.from({ length: count }, (_, index) => readerLexiconWord(start + index));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

type Step = (name: string, sql: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The lexicon as a table (bench_lexicon: rank, term) for the statements here and in knowledge.ts. */
export async function createLexiconTable(client: pg.Client): Promise<void> {
  await client.query('CREATE TEMP TABLE bench_lexicon (rank int PRIMARY KEY, term text NOT NULL UNIQUE)');
  await client.query(
    'INSERT INTO bench_lexicon SELECT n::int, t FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n)',
    [SPANISH_LEXICON],
  );
}

/**
 * Appends each generated Spanish chapter's lexicon words to its content, after its paragraphs (its terms from
 * terms.ts stay right: the paragraph's), with its word count, and writes their chapter_terms rows. Chapter i of
 * the language (its story's index × 10 + its number − 1) has the core terms 2 to 5 times each, 100 common terms
 * from rank 51 + 97 i on, once or twice, and 300 rare ones from 211 i on, once: the next chapter shares 89 of
 * them, as a story's chapters share their rarer words.
 */
export async function generateSpanishVocabulary(step: Step, spanishId: number): Promise<void> {
  const { core, common, rare } = CHAPTER_VOCABULARY;
  await step(
    'Spanish vocabulary (table)',
    `CREATE TEMP TABLE bench_vocabulary AS
     SELECT c.id AS chapter_id, x.rank, x.occurrences
     FROM chapters c
     JOIN bench_story s ON s.id = c.story_id AND s.language_id = $1
     CROSS JOIN LATERAL (SELECT s.idx * 10 + c.chapter_number - 1 AS i) ch
     CROSS JOIN LATERAL (
       SELECT r AS rank, 2 + (ch.i + r) % 4 AS occurrences FROM generate_series(1, $2::int) r
       UNION ALL
       SELECT $2 + 1 + (ch.i * 97 + j) % ($5::int - $2), 1 + (ch.i + j) % 2 FROM generate_series(0, $3::int - 1) j
       UNION ALL
       SELECT $5 + 1 + (ch.i * 211 + j) % ($6::int - $5), 1 FROM generate_series(0, $4::int - 1) j
     ) x`,
    [spanishId, core, common, rare, COMMON_RANKS, LEXICON_SIZE],
  );
  await step(
    'Spanish vocabulary (content)',
    `UPDATE chapters c SET content = c.content || E'\\n\\n' || upper(left(v.text, 1)) || substr(v.text, 2) || '.',
                           word_count = c.word_count + v.words
     FROM (
       SELECT v.chapter_id, string_agg(l.term, ' ' ORDER BY (v.rank * 7919 + n) % 10007, n) AS text,
              sum(1)::int AS words
       FROM bench_vocabulary v JOIN bench_lexicon l USING (rank)
       CROSS JOIN generate_series(1, v.occurrences) n
       GROUP BY v.chapter_id
     ) v
     WHERE c.id = v.chapter_id`,
  );
  await step(
    'Spanish vocabulary (chapter terms)',
    `INSERT INTO chapter_terms (chapter_id, term, occurrences)
     SELECT v.chapter_id, l.term, v.occurrences
     FROM bench_vocabulary v JOIN bench_lexicon l USING (rank)
     ORDER BY v.chapter_id, l.term`,
  );
}
