import { describe, expect, it } from 'vitest';
import { lengthCategory, wordCount } from './stories.ts';

describe('wordCount', () => {
  it('counts whitespace-separated words of the trimmed text', () => {
    expect(wordCount('  Había una vez\n\nuna niña  ')).toBe(5);
    expect(wordCount('')).toBe(0);
    expect(wordCount('   \n ')).toBe(0);
  });

  it('does not count HTML tags as words', () => {
    expect(wordCount('<p>Hola <span data-word="mundo">mundo</span></p><p>adiós</p>')).toBe(3);
  });

  it('counts word segments in a language written without spaces', () => {
    expect(wordCount('猫が好きです。', 'ja')).toBeGreaterThan(1);
    expect(wordCount('我喜欢读书', 'zh')).toBeGreaterThan(1);
    expect(wordCount('我喜欢读书')).toBe(1);
  });
});

describe('lengthCategory', () => {
  it('follows the thresholds 500, 1500 and 5000', () => {
    expect(lengthCategory(0)).toBe('very_short');
    expect(lengthCategory(499)).toBe('very_short');
    expect(lengthCategory(500)).toBe('short');
    expect(lengthCategory(1499)).toBe('short');
    expect(lengthCategory(1500)).toBe('medium');
    expect(lengthCategory(4999)).toBe('medium');
    expect(lengthCategory(5000)).toBe('long');
  });
});
