// The reader's Spanish story (issue 6, and 22's statuses): a chapter of 10,000 words and a tiny one.
import type pg from 'pg';
import { lengthCategory, wordCount } from '#common/stories.ts';
import { loadDemoLibrary } from '../../server/demo/library.ts';
import { readerLexiconSentence } from './lexicon.ts';

export const LONG_CHAPTER_WORDS = 10_000;

export interface ReaderStory {
  storyId: number;
  longChapterId: number;
  longChapterWords: number;
  longChapterCharacters: number;
  tinyChapterId: number;
  tinyChapterWords: number;
  tinyChapterCharacters: number;
}

/**
 * The reader's story: free, published, in Spanish. Its first chapter is 10,000 words of the demo library's
 * Spanish chapters (real prose whose words the demo dictionary knows), paragraph after paragraph, each followed
 * by a sentence of the lexicon's made-up words; its second
 * is the demo's shortest Spanish chapter, the baseline of a page with hardly any text.
 */
export async function createReaderStory(client: pg.Client, spanishId: number): Promise<ReaderStory> {
  const demo = (await loadDemoLibrary()).filter((story) => story.language === 'es');
  const chapters = demo.flatMap((story) => story.chapters.map((chapter) => chapter.content));
  const prose = chapters.flatMap((content) => content.split(/\n\s*\n/).map((paragraph) => paragraph.trim()));
  // Each of the demo's paragraphs, then a sentence of the lexicon's words (lexicon.ts): a chapter of 10,000
  // words has some 4,800 terms (half its words are the lexicon's), where the demo's prose alone has two hundred.
  const paragraphs = Array.from(
    { length: Math.ceil(LONG_CHAPTER_WORDS / 20) },
    (_, index) => `${prose[index % prose.length] ?? ''} ${readerLexiconSentence(index * 15, 15)}`,
  );
  const tiny = [...chapters].sort((a, b) => wordCount(a, 'es') - wordCount(b, 'es'))[0] ?? 'Hola.';
  const long: string[] = [];
  let words = 0;
  for (let index = 0; words < LONG_CHAPTER_WORDS; index++) {
    const paragraph = paragraphs[index % paragraphs.length] ?? '';
    const count = wordCount(paragraph, 'es');
    if (words + count <= LONG_CHAPTER_WORDS) {
      long.push(paragraph);
      words += count;
    } else {
      long.push(
        `${paragraph
          .split(/\s+/)
          .slice(0, LONG_CHAPTER_WORDS - words)
          .join(' ')}.`,
      );
      words = LONG_CHAPTER_WORDS;
    }
  }
  const longContent = long.join('\n\n');
  const longWords = wordCount(longContent, 'es');
  const tinyWords = wordCount(tiny, 'es');
  const { rows: storyRows } = await client.query<{ id: number }>(
    `INSERT INTO stories (title, author, description, language_id, difficulty_level, topics, is_published, is_free,
                          estimated_word_count, length_category)
     VALUES ('El mensaje de la botella: edición completa', 'Catamaran',
             'Diez mil palabras de la costa, el faro y la luna: la prueba de lectura del banco de pruebas.',
             $1, 'teen', 'mystery, adventure', true, true, $2, $3)
     RETURNING id`,
    [spanishId, longWords + tinyWords, lengthCategory(longWords + tinyWords)],
  );
  const storyId = storyRows[0]?.id ?? 0;
  const { rows: chapterRows } = await client.query<{ id: number }>(
    `INSERT INTO chapters (story_id, chapter_number, order_index, title, content, word_count)
     VALUES ($1, 1, 0, 'La costa entera', $2, $3), ($1, 2, 1, 'Mora', $4, $5)
     RETURNING id`,
    [storyId, longContent, longWords, tiny, tinyWords],
  );
  return {
    storyId,
    longChapterId: chapterRows[0]?.id ?? 0,
    longChapterWords: longWords,
    longChapterCharacters: longContent.length,
    tinyChapterId: chapterRows[1]?.id ?? 0,
    tinyChapterWords: tinyWords,
    tinyChapterCharacters: tiny.length,
  };
}
