import { describe, expect, it } from 'vitest';
import { readIdeas } from './ideas.ts';
import { templateWorkbook } from './template.ts';
import { readWorkbook } from './workbook.ts';

describe('templateWorkbook', () => {
  it('is read back by the import without a warning: two stories and four chapters', async () => {
    const rows = await readWorkbook(await templateWorkbook());
    expect(rows.kind).toBe('xlsx');
    expect(rows.stories?.[0]?.cells).toEqual([
      'title',
      'level',
      'story_description',
      'is_adult',
      'topics',
      'author',
    ]);
    expect(rows.chapters?.[0]?.cells).toEqual([
      'story_title',
      'chapter_number',
      'chapter_title',
      'chapter_purpose',
    ]);
    const ideas = readIdeas(rows);
    expect(ideas.warnings).toEqual([]);
    expect(ideas.stories.map((story) => [story.title, story.level, story.isAdult])).toEqual([
      ['The Lighthouse Keeper', 'child', false],
      ['The Night Train', 'adult', true],
    ]);
    expect(ideas.chapters.map((chapter) => [chapter.story?.title, chapter.number])).toEqual([
      ['The Lighthouse Keeper', 1],
      ['The Lighthouse Keeper', 2],
      ['The Night Train', 1],
      ['The Night Train', 2],
    ]);
  });
});
