// A traditional-script word is found under its simplified headword and back (issue 21).
import { describe, expect, it, vi } from 'vitest';
import { lookupCandidates, simplifiedOf, traditionalOf } from './chinese-script.ts';

describe('script variants', () => {
  it('loads the conversion tables on first use, and never jieba', async () => {
    vi.resetModules();
    const words = await import('./chinese.ts');
    const script = await import('./chinese-script.ts');
    expect(script.chineseScriptLoaded()).toBe(false);
    expect(script.lookupCandidates('')).toEqual([]);
    expect(script.chineseScriptLoaded()).toBe(false);
    expect(script.lookupCandidates('圖書館')).toEqual(['圖書館', '图书馆']);
    expect(script.chineseScriptLoaded()).toBe(true);
    expect(words.chineseAnalyserLoaded()).toBe(false);
  });

  it('gives the simplified form of traditional words, Taiwan’s and Hong Kong’s too', () => {
    expect(simplifiedOf('圖書館')).toBe('图书馆');
    expect(simplifiedOf('他們在圖書館讀書。')).toBe('他们在图书馆读书。');
    expect(simplifiedOf('乾淨的頭髮')).toBe('干净的头发');
    expect(simplifiedOf('學校裡')).toBe('学校里');
    expect(simplifiedOf('學校裏')).toBe('学校里');
    // Taiwan writes the particle 着 as 著; the word 著名 keeps its 著.
    expect(simplifiedOf('他看著我')).toBe('他看着我');
    expect(simplifiedOf('著名')).toBe('著名');
  });

  it('leaves simplified text and text without Chinese as it is', () => {
    expect(simplifiedOf('我很喜欢去图书馆看书。')).toBe('我很喜欢去图书馆看书。');
    expect(simplifiedOf('iPhone 3')).toBe('iPhone 3');
    expect(simplifiedOf('')).toBe('');
  });

  it('gives the traditional form of simplified words, standard or Taiwan’s', () => {
    expect(traditionalOf('图书馆')).toBe('圖書館');
    expect(traditionalOf('头发')).toBe('頭髮');
    expect(traditionalOf('干净')).toBe('乾淨');
    expect(traditionalOf('以后')).toBe('以後');
    expect(traditionalOf('这里')).toBe('這裏');
    expect(traditionalOf('这里', 'taiwan')).toBe('這裡');
    expect(traditionalOf('面条', 'taiwan')).toBe('麵條');
  });
});

describe('lookup candidates', () => {
  it('tries the word as written, then simplified, then traditional', () => {
    expect(lookupCandidates('图书馆')).toEqual(['图书馆', '圖書館']);
    expect(lookupCandidates('圖書館')).toEqual(['圖書館', '图书馆']);
    expect(lookupCandidates('银行')).toEqual(['银行', '銀行']);
  });

  it('adds Taiwan’s traditional form where it differs from the standard one', () => {
    expect(lookupCandidates('这里')).toEqual(['这里', '這裏', '這裡']);
    expect(lookupCandidates('這裡')).toEqual(['這裡', '这里', '這裏']);
    expect(lookupCandidates('面条')).toEqual(['面条', '麪條', '麵條']);
  });

  it('makes the traditional forms from the simplified one, so a word in mixed script finds its headword', () => {
    expect(lookupCandidates('图書馆')).toEqual(['图書馆', '图书馆', '圖書館']);
  });

  it('answers one form for a word both scripts write alike, and none for nothing', () => {
    expect(lookupCandidates('我')).toEqual(['我']);
    expect(lookupCandidates('')).toEqual([]);
  });
});
