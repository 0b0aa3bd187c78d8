import { describe, expect, it } from 'vitest';
import { BASE_LANGUAGE_CODE, LEARNABLE_LANGUAGE_COUNT, SEED_LANGUAGES, textDirection } from './languages.ts';

describe('the shipped languages', () => {
  it('are English as the base and the 14 of design.md, each with a native name', () => {
    expect(SEED_LANGUAGES.map((l) => l.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'nl',
      'pl',
      'ru',
      'tr',
      'ar',
      'hi',
      'ja',
      'ko',
      'zh',
    ]);
    expect(BASE_LANGUAGE_CODE).toBe('en');
    expect(LEARNABLE_LANGUAGE_COUNT).toBe(14);
    for (const language of SEED_LANGUAGES) expect(language.nativeName.trim()).not.toBe('');
  });

  it('read right to left only for Arabic among them', () => {
    const rtl = SEED_LANGUAGES.filter((l) => textDirection(l.code) === 'rtl').map((l) => l.code);
    expect(rtl).toEqual(['ar']);
  });
});
