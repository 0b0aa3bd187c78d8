import { describe, expect, it } from 'vitest';
import { capWarnings, MAX_WARNINGS, readIdeas, titleKey } from './ideas.ts';
import type { SheetRow, WorkbookRows } from './workbook.ts';

const numbered = (rows: unknown[][]): SheetRow[] =>
  rows.map((cells, index) => ({ number: index + 1, cells }));
const book = (stories: unknown[][] | undefined, chapters: unknown[][] | undefined): WorkbookRows => ({
  kind: 'xlsx',
  stories: stories && numbered(stories),
  chapters: chapters && numbered(chapters),
});

const STORY_HEADER = ['Title', 'Level', 'Story Description', 'Is Adult', 'Topics', 'Author'];
const CHAPTER_HEADER = ['Story Title', 'Chapter Number', 'Chapter Title', 'Chapter Purpose'];

describe('readIdeas', () => {
  it('reads stories and their chapters, matching chapters to stories by title in any case', () => {
    const { stories, chapters, warnings } = readIdeas(
      book(
        [
          STORY_HEADER,
          ['El faro', 'Child', 'Una niña cuida un faro.', 'no', 'family, adventure', 'Ana Ruiz'],
        ],
        [
          CHAPTER_HEADER,
          ['el  FARO', 1, 'La luz', 'Lucía meets the keeper.'],
          ['El faro', '2', 'La tormenta', null],
        ],
      ),
    );
    expect(warnings).toEqual([]);
    expect(stories).toEqual([
      {
        row: 2,
        title: 'El faro',
        level: 'child',
        description: 'Una niña cuida un faro.',
        isAdult: false,
        topics: 'family, adventure',
        author: 'Ana Ruiz',
      },
    ]);
    expect(chapters.map(({ story, ...chapter }) => ({ ...chapter, story: story?.title }))).toEqual([
      {
        row: 2,
        storyTitle: 'El faro',
        number: 1,
        title: 'La luz',
        purpose: 'Lucía meets the keeper.',
        story: 'El faro',
      },
      { row: 3, storyTitle: 'El faro', number: 2, title: 'La tormenta', purpose: '', story: 'El faro' },
    ]);
  });

  it('warns about each row it skips, naming its sheet and row, and keeps the others', () => {
    const { stories, chapters, warnings } = readIdeas(
      book(
        [
          ['title', 'level', 'is_adult'],
          ['Good', 'teen', 'x'],
          [null, 'teen'],
          ['Unleveled', 'beginner'],
          ['good', 'adult'],
          ['Maybe', 'adult', 'perhaps'],
        ],
        [
          ['story_title', 'chapter_number', 'chapter_title'],
          ['Good', 1, 'One'],
          ['Nobody', 1, 'Lost'],
          ['Good', 1.5, 'Half'],
          ['Good', 'two', 'Word'],
          ['Good', 1, 'Again'],
          ['Good', 2, ''],
        ],
      ),
    );
    expect(stories.map((story) => [story.title, story.isAdult])).toEqual([
      ['Good', true],
      ['Maybe', false],
    ]);
    // "Nobody" may be a story imported before: the import looks for it in the language (service.ts).
    expect(chapters.map((chapter) => [chapter.title, chapter.story?.title])).toEqual([
      ['One', 'Good'],
      ['Lost', undefined],
    ]);
    expect(warnings).toEqual([
      'story_ideas row 3: no title; skipped.',
      'story_ideas row 4 ("Unleveled"): unknown level "beginner" (infant, child, teen, adult, expert); skipped.',
      'story_ideas row 5 ("good"): the same title as an earlier row; skipped.',
      'story_ideas row 6 ("Maybe"): is_adult "perhaps" is neither yes nor no; taken as no.',
      'chapter_ideas row 4: chapter_number "1.5" is not a whole number from 1 to 1000; skipped.',
      'chapter_ideas row 5: chapter_number "two" is not a whole number from 1 to 1000; skipped.',
      'chapter_ideas row 6: chapter 1 of "Good" again; skipped.',
      'chapter_ideas row 7: no chapter_title; skipped.',
    ]);
  });

  it('names a missing sheet or required column', () => {
    expect(readIdeas(book(undefined, undefined)).warnings).toEqual([
      'The workbook has no sheet named "story_ideas".',
      'The workbook has no sheet named "chapter_ideas".',
    ]);
    // More chapters for stories imported before need no story sheet.
    expect(readIdeas(book(undefined, [CHAPTER_HEADER, ['El faro', 3, 'La calma']])).warnings).toEqual([]);
    const { stories, warnings } = readIdeas(
      book(
        [
          ['Title', 'Description'],
          ['A', 'B'],
        ],
        [CHAPTER_HEADER],
      ),
    );
    expect(stories).toEqual([]);
    expect(warnings).toEqual([
      'Sheet "story_ideas" has no "level" column (its first row names the columns): its rows were skipped.',
    ]);
  });

  it('cuts over-long texts to what the editor accepts, and says so', () => {
    const { stories, warnings } = readIdeas(
      book([STORY_HEADER, ['Long', 'expert', 'd'.repeat(6000), '', 't'.repeat(600), '']], [CHAPTER_HEADER]),
    );
    expect(stories[0]?.description).toHaveLength(5000);
    expect(stories[0]?.topics).toHaveLength(500);
    expect(stories[0]?.author).toBeNull();
    // A blank is_adult says nothing: an existing story keeps its flag (server/bulk/service.ts).
    expect(stories[0]?.isAdult).toBeNull();
    expect(warnings).toEqual([
      'story_ideas row 2 ("Long"): story_description cut to 5000 characters.',
      'story_ideas row 2 ("Long"): topics cut to 500 characters.',
    ]);
  });
});

describe('titleKey', () => {
  it('folds case and runs of spaces', () => {
    expect(titleKey('  El   Faro ')).toBe(titleKey('el faro'));
    expect(titleKey('Café')).toBe(titleKey('CAFE\u0301'));
  });
});

describe('capWarnings', () => {
  it('counts the warnings left out, one in the singular', () => {
    const warnings = Array.from({ length: MAX_WARNINGS + 1 }, (_, index) => `warning ${index}`);
    expect(capWarnings(warnings).at(-1)).toBe('... and 1 more warning.');
    expect(capWarnings(warnings, 1999).at(-1)).toBe('... and 2,000 more warnings.');
    expect(capWarnings(['only'])).toEqual(['only']);
  });
});
