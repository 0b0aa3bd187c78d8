// Every word a learner can tap in a demo chapter written without spaces (Japanese, Chinese) is found in that
// language's demo dictionary. The words are those the server's analyser gives the chapter when it is seeded,
// and each is keyed as the lookup keys it: its dictionary form first, then the word as written. The keys a
// dictionary answers are those the importer makes of its lines (mapWiktextractEntry): each headword with a
// meaning, and the forms its entry lists (a verb's stem and past, a word's hiragana, a traditional spelling).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dictionaryKey } from '#common/dictionary.ts';
import { analyseText } from '#server/analysis/service.ts';
import { demoLookupKeys } from '#server/testing/demo-dictionaries.ts';
import { DEMO_DICTIONARIES, loadDemoLibrary } from './library.ts';

const library = await loadDemoLibrary();

// jieba keeps a number with its measure word as one word (一朵, 十块钱, 七岁, 五十块): no dictionary lists
// every count, so such a word is covered when each of its characters is (一, 朵; 十, 块, 钱).
const CHINESE_COUNT = /^第?[〇零一二两三四五六七八九十百千万几]+\p{Script=Han}+$/u;

const ANALYSED = DEMO_DICTIONARIES.filter(({ source }) => source === 'ja' || source === 'zh');

describe.each(ANALYSED)('the demo $source→$target dictionary', ({ source, file }) => {
  const keys = demoLookupKeys(file, source);
  const has = (text: string) => keys.has(dictionaryKey(text, source));
  const stories = library.filter((story) => story.language === source);
  const chapters = stories.flatMap((story) =>
    story.chapters.map((chapter, index) => ({
      name: `${story.title}, chapter ${index + 1}`,
      words: (analyseText(source, chapter.content) ?? []).filter((piece) => piece.isWord),
    })),
  );
  /** The headwords a word of the text reaches, or none. */
  const reached = (word: { text: string; lemma?: string }): string[] => {
    for (const text of [word.lemma, word.text]) {
      const lemma = text === undefined ? undefined : keys.get(dictionaryKey(text, source));
      if (lemma !== undefined) return [lemma];
    }
    if (source === 'zh' && CHINESE_COUNT.test(word.text)) {
      const parts = Array.from(word.text);
      if (parts.every(has)) return parts.map((part) => keys.get(dictionaryKey(part, source)) ?? part);
    }
    return [];
  };

  it('has demo stories to cover', () => {
    expect(stories.length).toBeGreaterThanOrEqual(1);
  });

  it.each(chapters)('finds every word of $name by its dictionary form or as written', ({ words }) => {
    expect(words.length).toBeGreaterThan(20);
    const missing = words
      .filter((word) => reached(word).length === 0)
      .map((word) => (word.lemma && word.lemma !== word.text ? `${word.text} (${word.lemma})` : word.text));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has no entry that no word of the stories reaches (no pieces of words, nothing left over)', () => {
    const used = new Set(chapters.flatMap(({ words }) => words.flatMap(reached)));
    const headwords = new Set(keys.values());
    expect([...headwords].filter((headword) => !used.has(headword))).toEqual([]);
  });
});

describe('the demo Japanese that the reader’s end-to-end test taps', () => {
  it('has 走ります as one word with its dictionary form 走る, "to run", in the first chapter of ミミと赤いボール', () => {
    const mimi = library.find((story) => story.slug === 'ja-mimi-to-akai-booru');
    const words = analyseText('ja', mimi?.chapters[0]?.content ?? '') ?? [];
    expect(words.filter((word) => word.text === '走ります')).toMatchObject([{ lemma: '走る' }]);
    expect(words.some((word) => word.text === 'ボール')).toBe(true);
    const line = readFileSync(DEMO_DICTIONARIES.find(({ source }) => source === 'ja')?.file ?? '', 'utf8')
      .split('\n')
      .find((text) => text.includes('"word": "走る"'));
    expect(JSON.parse(line ?? '{}').senses[0].glosses[0]).toMatch(/\bto run\b/);
  });
});
