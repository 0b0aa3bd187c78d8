import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordCount } from '#common/stories.ts';
import { loadDemoLibrary } from './library.ts';

const library = await loadDemoLibrary();

describe('the demo library', () => {
  it('has at least two stories at different difficulties in Spanish, French and Japanese', () => {
    for (const language of ['es', 'fr', 'ja']) {
      const stories = library.filter((story) => story.language === language);
      expect(stories.length, language).toBeGreaterThanOrEqual(2);
      expect(new Set(stories.map((story) => story.difficulty)).size, language).toBeGreaterThanOrEqual(2);
    }
  });

  it('has a free Chinese story at the child level, where the reader shows pinyin at first', () => {
    const chinese = library.filter((story) => story.language === 'zh');
    expect(chinese).toMatchObject([{ slug: 'zh-mama-de-shengri', difficulty: 'child', isFree: true }]);
  });

  it('gives every story at least three chapters of text, and sets some free and some not', () => {
    for (const story of library) {
      expect(story.chapters.length, story.slug).toBeGreaterThanOrEqual(3);
      for (const chapter of story.chapters)
        expect(wordCount(chapter.content, story.language)).toBeGreaterThan(20);
    }
    expect(library.some((story) => story.isFree)).toBe(true);
    expect(library.some((story) => !story.isFree)).toBe(true);
  });

  it('has small SVG covers with nothing that could run or load from elsewhere', () => {
    for (const story of library) {
      const svg = readFileSync(story.cover.path, 'utf8');
      expect(story.cover.contentType).toBe('image/svg+xml');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toMatch(/<title>[^<]+<\/title>/); // what it shows, for a screen reader opening it alone
      expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|href=|url\((?!#)/i);
      expect(statSync(story.cover.path).size).toBeLessThan(8 * 1024);
    }
  });

  it('has one chapter with real audio, an MP3 under 150 KB', () => {
    const audio = library.flatMap((story) => story.chapters.flatMap((chapter) => chapter.audio ?? []));
    expect(audio).toHaveLength(1);
    for (const file of audio) {
      expect(file.contentType).toBe('audio/mpeg');
      const bytes = readFileSync(file.path);
      expect(bytes.length).toBeLessThan(150 * 1024);
      // An MPEG audio frame (or an ID3 tag) at the start: the bytes are what the name says.
      expect(bytes[0] === 0xff || bytes.subarray(0, 3).toString() === 'ID3').toBe(true);
    }
  });
});
