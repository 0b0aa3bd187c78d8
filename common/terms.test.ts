import { describe, expect, it } from 'vitest';
import { statusNumber, statusOfNumber, TERM_STATUSES, termOf } from './terms.ts';

describe('termOf', () => {
  it('keys a word as the dictionary does: one term whatever its case, punctuation around it gone', () => {
    expect(termOf('Pequeña', 'es')).toBe('pequeña');
    expect(termOf('¡pequeña!', 'es')).toBe('pequeña');
    expect(termOf('Haus', 'de')).toBe(termOf('haus', 'de'));
  });

  it('takes the dictionary form when one is known, so an inflected word shares its lemma’s term', () => {
    expect(termOf('habló', 'es', 'hablar')).toBe('hablar');
    expect(termOf('食べました', 'ja', '食べる')).toBe('食べる');
    expect(termOf('Fahrers', 'de', 'Fahrer')).toBe('fahrer');
  });

  it('folds case by the language’s rules and reading aids the text leaves out', () => {
    expect(termOf('İstanbul', 'tr')).toBe('istanbul');
    expect(termOf('ISPARTA', 'tr')).toBe('ısparta');
    expect(termOf('сне́га', 'ru')).toBe('снега');
  });

  it('has no term for punctuation alone', () => {
    expect(termOf('¡!', 'es')).toBeUndefined();
    expect(termOf('', 'es', '')).toBeUndefined();
  });
});

describe('statuses', () => {
  it('are stored as numbers that rank them, and read back', () => {
    expect(TERM_STATUSES.map(statusNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const status of TERM_STATUSES) expect(statusOfNumber(statusNumber(status))).toBe(status);
    expect(statusOfNumber(0)).toBeUndefined();
    expect(statusOfNumber(7)).toBeUndefined();
  });
});
