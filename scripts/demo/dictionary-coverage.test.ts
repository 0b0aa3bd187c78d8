// Every word a learner can tap in a demo chapter is in that language's demo dictionary. The words are found
// as the reader finds them (web/features/reader/text.ts) and keyed as the lookup keys them; server/ may not
// import web/, so this check lives with the demo's scripts. Japanese and Chinese are cut by the server's
// analyser, not the browser: server/demo/dictionary-coverage.unit.test.ts checks them by its words.
import { describe, expect, it } from 'vitest';
import { normalizeLookup } from '#common/dictionary.ts';
import { ANALYSED_LANGUAGE_CODES } from '#common/stories.ts';
import { DEMO_DICTIONARIES, loadDemoLibrary } from '#server/demo/library.ts';
import { demoLookupKeys } from '#server/testing/demo-dictionaries.ts';
import { splitWords } from '#web/features/reader/text.ts';

const library = await loadDemoLibrary();

const CUT_BY_THE_BROWSER = DEMO_DICTIONARIES.filter(
  ({ source }) => !ANALYSED_LANGUAGE_CODES.includes(source),
);

describe.each(CUT_BY_THE_BROWSER)('the demo $source→$target dictionary', ({ source, file }) => {
  const keys = demoLookupKeys(file, source);
  const stories = library.filter((story) => story.language === source);

  it('has demo stories to cover', () => {
    expect(stories.length).toBeGreaterThanOrEqual(2);
  });

  it.each(
    stories.flatMap((story) =>
      story.chapters.map((chapter, index) => ({ name: `${story.title}, chapter ${index + 1}`, chapter })),
    ),
  )('finds every word of $name', ({ chapter }) => {
    const words = splitWords(chapter.content, source).filter((piece) => piece.word);
    expect(words.length).toBeGreaterThan(0);
    const found = (text: string) => {
      const word = normalizeLookup(text, source);
      if (!word) return false;
      return keys.has(word.lower) || (word.elided !== undefined && keys.has(word.elided.lower));
    };
    const missing = words.map((piece) => piece.text).filter((text) => !found(text));
    expect([...new Set(missing)]).toEqual([]);
  });
});
