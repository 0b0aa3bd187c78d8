import { describe, expect, it } from 'vitest';
import { CHAPTER_COLUMNS, headerKey, matchColumns, STORY_COLUMNS } from './columns.ts';

describe('headerKey', () => {
  it('ignores case, spaces and underscores', () => {
    expect(headerKey('Story Title')).toBe('storytitle');
    expect(headerKey(' story_title ')).toBe('storytitle');
    expect(headerKey('STORY\u00a0TITLE')).toBe('storytitle');
    expect(headerKey('Chapter__Number')).toBe('chapternumber');
  });
});

describe('matchColumns', () => {
  it('finds each column wherever it is, whatever its spelling', () => {
    const { positions, missing } = matchColumns(
      ['Notes', 'Chapter Number', 'STORY TITLE', 'chapter_title', 'Chapter purpose'],
      CHAPTER_COLUMNS,
    );
    expect(positions).toEqual({ chapter_number: 1, story_title: 2, chapter_title: 3, chapter_purpose: 4 });
    expect(missing).toEqual([]);
  });

  it('names the required columns that are missing, and ignores cells that are not text', () => {
    const { positions, missing } = matchColumns(['Title', null, true, { level: 1 }, 'topics'], STORY_COLUMNS);
    expect(positions).toEqual({ title: 0, topics: 4 });
    expect(missing).toEqual(['level']);
  });

  it('keeps the first of two cells naming one column', () => {
    expect(matchColumns(['title', 'level', 'Title'], STORY_COLUMNS).positions).toEqual({
      title: 0,
      level: 1,
    });
  });

  it('matches nothing to header cells named after object properties', () => {
    const { positions, missing } = matchColumns(
      ['__proto__', 'constructor', 'title', 'level'],
      STORY_COLUMNS,
    );
    expect(positions).toEqual({ title: 2, level: 3 });
    expect(Object.getPrototypeOf(positions)).toBe(Object.prototype);
    expect(missing).toEqual([]);
  });
});
