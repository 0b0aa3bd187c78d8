import { describe, expect, it } from 'vitest';
import { TrigramIndex, trigrams } from './search-index.ts';

describe('trigrams', () => {
  it('cuts every run of three characters, counting a letter outside the BMP as one', () => {
    expect(trigrams('gato')).toEqual(['gat', 'ato']);
    expect(trigrams('ab')).toEqual([]);
    expect(trigrams('a𝒳bc')).toEqual(['a𝒳b', '𝒳bc']);
  });
});

describe('TrigramIndex', () => {
  const texts = [
    'cafe de la manana maria nunez',
    'el rio amazonas pedro gil un barco en el rio',
    'la noche ana nunez',
    'strasse jurgen 50% de descuento',
  ];
  const index = new TrigramIndex(texts);

  it('finds the texts that contain every word, in order', () => {
    expect(index.matching(['nunez'])).toEqual([0, 2]);
    expect(index.matching(['nunez', 'noche'])).toEqual([2]);
    expect(index.matching(['rio', 'amazon'])).toEqual([1]);
    expect(index.matching(['50%'])).toEqual([3]);
  });

  it('checks the candidates for the word itself, not only its trigrams', () => {
    // Text 0 has every trigram of 'ana nu' ('ana', 'na ', 'a n', ' nu') but not the word.
    expect(index.matching(['ana nu'])).toEqual([2]);
    expect(index.matching(['zonasp'])).toEqual([]);
  });

  it('answers nothing for a trigram no text has, and checks short words against every text', () => {
    expect(index.matching(['xyz'])).toEqual([]);
    expect(index.matching(['el'])).toEqual([1]);
    expect(index.matching(['de'])).toEqual([0, 3]);
    expect(index.matching(['%'])).toEqual([3]);
    expect(index.matching([])).toEqual([0, 1, 2, 3]);
    expect(index.matching(['el', 'barco'])).toEqual([1]);
  });
});
