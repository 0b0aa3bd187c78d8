import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GlossLanguageDetector, glossLanguage, glossMismatch } from './gloss-language.ts';

const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures');

function lines(name: string): unknown[] {
  return readFileSync(resolve(FIXTURES, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** What the detector makes of the lines, read to their end. */
function detect(values: readonly unknown[]): string | null {
  const detector = new GlossLanguageDetector();
  for (const value of values) {
    const decided = detector.observe(value);
    if (decided !== undefined) return decided;
  }
  return detector.finish();
}

describe('glossLanguage', () => {
  it('tells a gloss by its short words', () => {
    expect(glossLanguage('third-person plural present of abluer')).toBe('en');
    expect(glossLanguage('to speak, to talk')).toBe('en');
    expect(glossLanguage('Person, die ein Fahrzeug lenkt')).toBe('de');
    expect(glossLanguage('Action de marcher, manière de se déplacer à pied.')).toBe('fr');
    expect(glossLanguage('acción y efecto de caminar')).toBe('es');
  });

  it('tells a gloss in another script by its script', () => {
    expect(glossLanguage('человек, который управляет автомобилем')).toBe('ru');
    expect(glossLanguage('自動車を運転する人')).toBe('ja');
    expect(glossLanguage('운전하는 사람')).toBe('ko');
  });

  it('says nothing of a gloss without a telling word', () => {
    expect(glossLanguage('driver')).toBeUndefined();
    expect(glossLanguage('de')).toBeUndefined(); // French, Spanish, Portuguese and Dutch alike
    expect(glossLanguage('')).toBeUndefined();
  });
});

describe('GlossLanguageDetector', () => {
  it("reads the English edition's real lines as English, whatever their words' languages", () => {
    expect(detect(lines('kaikki/wiktextract-en-edition-sample.jsonl'))).toBe('en');
    expect(detect(lines('wiktextract-fr-form-of-only.jsonl'))).toBe('en');
  });

  it("reads the German edition's lines as German: their lang is Deutsch, their glosses German", () => {
    expect(detect(lines('wiktextract-de-edition.jsonl'))).toBe('de');
    // The language names alone tell it, whatever the glosses say.
    const named = Array.from({ length: 5 }, (_, index) => ({
      word: `Wort${index}`,
      lang: 'Deutsch',
      lang_code: 'de',
      senses: [{ glosses: ['x'] }],
    }));
    expect(detect(named)).toBe('de');
  });

  it('is named by the entries only when their lang says so, not by glosses alone', () => {
    const detector = new GlossLanguageDetector();
    for (let index = 0; index < 5; index++) {
      detector.observe({
        word: 'Haus',
        lang: 'Jerman',
        lang_code: 'de',
        senses: [{ glosses: ['rumah di kota'] }],
      });
    }
    expect(detector.finish()).toBe('it');
    expect(detector.isNamedBy('it')).toBe(false);

    const german = new GlossLanguageDetector();
    for (let index = 0; index < 5; index++) {
      german.observe({ word: 'Haus', lang: 'Deutsch', lang_code: 'de', senses: [{ glosses: ['x'] }] });
    }
    expect(german.isNamedBy('de')).toBe(true);
  });

  it('decides after a bounded number of lines, not at the end of a large dump', () => {
    const detector = new GlossLanguageDetector();
    const line = {
      word: 'w',
      lang: 'French',
      lang_code: 'fr',
      senses: [{ glosses: ['a form of the word'] }],
    };
    let read = 0;
    while (detector.observe(line) === undefined) read += 1;
    expect(read).toBeLessThan(50);
    expect(detector.observe(line)).toBe('en');
  });

  it('says nothing of a dump too short or too mixed to tell', () => {
    expect(detect([{ word: 'gato', lang_code: 'es', senses: [{ glosses: ['cat'] }] }])).toBeNull();
    const mixed = [
      ...Array.from({ length: 5 }, () => ({ senses: [{ glosses: ['the cat of a house'] }] })),
      ...Array.from({ length: 5 }, () => ({ senses: [{ glosses: ['die Katze und das Haus'] }] })),
    ];
    expect(detect(mixed)).toBeNull();
    expect(detect([null, 'text', 3, []])).toBeNull();
  });
});

describe('glossMismatch', () => {
  it('names both languages, and the pair being imported', () => {
    expect(glossMismatch('de', 'de', 'en')).toBe(
      "This dump's glosses are in German, but the dictionary being imported is German → English. Import it " +
        'for a pair whose target is German, or choose a dump of the English edition.',
    );
  });
});
