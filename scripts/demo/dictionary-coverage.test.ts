// Every word a learner can tap in a demo chapter is in that language's demo dictionary. The words are found
// as the reader finds them (web/features/reader/text.ts) and keyed as the lookup keys them; server/ may not
// import web/, so this check lives with the demo's scripts. Japanese and Chinese are cut by the server's
// analyser, not the browser: server/demo/dictionary-coverage.unit.test.ts checks them by its words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeLookup } from '#common/dictionary.ts';
import { ANALYSED_LANGUAGE_CODES } from '#common/stories.ts';
import { DEMO_DICTIONARIES, loadDemoLibrary } from '#server/demo/library.ts';
import { mapWiktextractEntry } from '#server/dictionary/wiktextract.ts';
import { splitWords } from '#web/features/reader/text.ts';

const library = await loadDemoLibrary();

/** The keys a lookup finds in a dump: those of forms whose lemma has an entry with a meaning. */
function lookupKeys(file: string, language: string): Set<string> {
  const mapped = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const result = mapWiktextractEntry(JSON.parse(line), language);
      if (!result.ok) throw new Error(`${file}: ${result.reason}: ${line.slice(0, 80)}`);
      return result.entry;
    });
  const meaningful = new Set(mapped.filter((entry) => entry.senses.length > 0).map((entry) => entry.lemma));
  return new Set(
    mapped.flatMap((entry) => entry.forms).flatMap((form) => (meaningful.has(form.lemma) ? [form.key] : [])),
  );
}

const CUT_BY_THE_BROWSER = DEMO_DICTIONARIES.filter(
  ({ source }) => !ANALYSED_LANGUAGE_CODES.includes(source),
);

describe.each(CUT_BY_THE_BROWSER)('the demo $source→$target dictionary', ({ source, file }) => {
  const keys = lookupKeys(file, source);
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
