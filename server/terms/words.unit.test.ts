// The terms of a chapter's words (issue 22): which words are counted, each word's key, and its term.
import { describe, expect, it } from 'vitest';
import { chapterRuns } from '#server/analysis/service.ts';
import { analysedWords, countTerms, keysWithoutLemma, segmentedWords } from './words.ts';

describe('segmentedWords', () => {
  it('keys the words the reader cuts, case folded, punctuation and numbers between them left out', () => {
    expect(segmentedWords(chapterRuns('<p>¡Pequeña casa!</p><p>La casa, 2 veces.</p>'), 'es')).toEqual([
      { key: 'pequeña' },
      { key: 'casa' },
      { key: 'la' },
      { key: 'casa' },
      { key: '2' },
      { key: 'veces' },
    ]);
  });

  it('takes a word the author marked whole, with its own dictionary form', () => {
    const runs = chapterRuns('<p>Ella <span data-w data-l="ir de compras">fue de compras</span> hoy.</p>');
    expect(segmentedWords(runs, 'es')).toEqual([
      { key: 'ella' },
      { key: 'fue de compras', lemma: 'ir de compras' },
      { key: 'hoy' },
    ]);
  });

  it('parts French elisions from their word, as the reader does', () => {
    expect(segmentedWords(chapterRuns("L'école"), 'fr')).toEqual([{ key: 'l' }, { key: 'école' }]);
  });

  it('folds case by the language (Turkish dotted capital I)', () => {
    expect(segmentedWords(chapterRuns('İstanbul'), 'tr')).toEqual([{ key: 'istanbul' }]);
  });
});

describe('analysedWords', () => {
  it("keys an analysed word by its text and keeps the analyser's dictionary form", () => {
    expect(analysedWords([{ t: '食べました', l: '食べる' }, { t: 'パン' }], 'ja')).toEqual([
      { key: '食べました', lemma: '食べる' },
      { key: 'パン' },
    ]);
  });
});

describe('keysWithoutLemma', () => {
  it('asks the dictionary once per key, and not for words that carry their own form', () => {
    expect(
      keysWithoutLemma([{ key: 'habló' }, { key: 'habló' }, { key: 'fue', lemma: 'ir' }, { key: 'casa' }]),
    ).toEqual(['habló', 'casa']);
  });
});

describe('countTerms', () => {
  const lemmas = new Map([
    ['habló', 'hablar'],
    ['casas', 'casa'],
    ['casa', 'casa'],
  ]);

  it("counts each term's occurrences and maps only the keys whose term differs", () => {
    const words = [{ key: 'habló' }, { key: 'casa' }, { key: 'casas' }, { key: 'habló' }, { key: 'ana' }];
    const terms = countTerms(words, lemmas, 'es');
    expect(Object.fromEntries(terms.occurrences)).toEqual({ hablar: 2, casa: 2, ana: 1 });
    expect(terms.termMap).toEqual({ habló: 'hablar', casas: 'casa' });
  });

  it("keys a lemma as terms are keyed (a capitalised headword's term is in lower case)", () => {
    const terms = countTerms([{ key: 'berlinés', lemma: 'Berlín' }], new Map(), 'es');
    expect(terms.termMap).toEqual({ berlinés: 'berlín' });
  });

  it("prefers a word's own dictionary form to the dictionary's", () => {
    const terms = countTerms([{ key: 'habló', lemma: 'charlar' }], lemmas, 'es');
    expect(terms.termMap).toEqual({ habló: 'charlar' });
  });

  it('counts nothing for a text without words', () => {
    const terms = countTerms([], lemmas, 'es');
    expect(terms.occurrences.size).toBe(0);
    expect(terms.termMap).toEqual({});
  });
});
