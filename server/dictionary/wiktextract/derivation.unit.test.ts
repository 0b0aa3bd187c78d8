import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type MappedEntry, mapWiktextractEntry } from '../wiktextract.ts';
import { isDerivation } from './derivation.ts';

const FIXTURES = resolve(import.meta.dirname, '../../../tests/fixtures');

/** The lines of a dump in the tests' fixtures, parsed. */
function lines(path: string): Record<string, unknown>[] {
  return readFileSync(resolve(FIXTURES, path), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function entry(path: string, word: string, language: string): MappedEntry {
  const raw = lines(path).find((line) => line.word === word && line.lang_code === language);
  const result = mapWiktextractEntry(raw, language);
  if (!result.ok) throw new Error(`${word} was skipped: ${result.reason}`);
  return result.entry;
}

const SAMPLE = 'kaikki/wiktextract-en-edition-sample.jsonl';
const DERIVED = 'wiktextract-de-derived-and-marked.jsonl';

describe('isDerivation', () => {
  it('takes an agent noun, a diminutive, an augmentative for derived words', () => {
    expect(isDerivation(['agent noun of fahren; driver'], ['agent', 'form-of', 'masculine'], 'noun')).toBe(
      true,
    );
    expect(isDerivation(['diminutive of Haus'], ['diminutive', 'form-of', 'neuter'], 'noun')).toBe(true);
    expect(isDerivation(['augmentative of casa'], ['form-of'], 'noun')).toBe(true);
  });

  it('takes the other gender of a noun for a derived word, not of an adjective', () => {
    expect(isDerivation(['female equivalent of Fahrer'], ['feminine', 'form-of'], 'noun')).toBe(true);
    expect(isDerivation(['feminine of bonito'], ['feminine', 'form-of'], 'adj')).toBe(false);
  });

  it('takes a sense tagged with any inflection for a plain inflected form', () => {
    expect(isDerivation(['genitive singular of Fahrer'], ['form-of', 'genitive', 'singular'], 'noun')).toBe(
      false,
    );
    expect(isDerivation(['plural of table'], ['form-of', 'plural'], 'noun')).toBe(false);
    expect(isDerivation(['feminine singular of bueno'], ['feminine', 'form-of', 'singular'], 'adj')).toBe(
      false,
    );
    expect(isDerivation(['past participle of fahren'], ['form-of', 'participle', 'past'], 'verb')).toBe(
      false,
    );
    expect(isDerivation(['diminutive plural of Haus'], ['diminutive', 'form-of', 'plural'], 'noun')).toBe(
      false,
    );
    expect(isDerivation(['comparative degree of gut'], ['comparative', 'form-of'], 'adj')).toBe(false);
  });
});

describe('a derived word as the mapper stores it', () => {
  it('keeps the real sample’s Fahrer as a word: its sense, its forms, and its link to fahren', () => {
    const fahrer = entry(SAMPLE, 'Fahrer', 'de');
    expect(fahrer.senses.map((sense) => sense.gloss)).toEqual(['agent noun of fahren; driver (person)']);
    const surfaces = fahrer.forms.map((form) => `${form.surface}→${form.lemma}`);
    expect(surfaces).toContain('Fahrer→Fahrer');
    expect(surfaces).toContain('Fahrer→fahren');
    // Its own table: the genitive and the dative plural lead to Fahrer, not to fahren.
    expect(surfaces).toContain('Fahrers→Fahrer');
    expect(surfaces).toContain('Fahrern→Fahrer');
    expect(fahrer.forms.find((form) => form.lemma === 'fahren')?.description).toBe(
      'agent noun of fahren; driver (person)',
    );
  });

  it('keeps a feminine noun and a diminutive with their senses and forms', () => {
    const fahrerin = entry(DERIVED, 'Fahrerin', 'de');
    expect(fahrerin.senses).toHaveLength(1);
    expect(fahrerin.forms.map((form) => `${form.surface}→${form.lemma}`)).toEqual([
      'Fahrerin→Fahrerin',
      'Fahrerin→Fahrer',
      'Fahrerinnen→Fahrerin',
    ]);
    const hauschen = entry(DERIVED, 'Häuschen', 'de');
    expect(hauschen.senses[0]?.gloss).toBe('diminutive of Haus; small house, cottage');
    expect(hauschen.forms.map((form) => form.surface)).toContain('Häuschens');
  });

  it('keeps a plain inflection a link only, and a feminine adjective form too', () => {
    const fahrers = entry(DERIVED, 'Fahrers', 'de');
    expect(fahrers.senses).toEqual([]);
    expect(fahrers.forms).toEqual([
      expect.objectContaining({
        surface: 'Fahrers',
        lemma: 'Fahrer',
        description: 'genitive singular of Fahrer',
      }),
    ]);
    expect(entry(DERIVED, 'bonita', 'pt').senses).toEqual([]);
  });
});
