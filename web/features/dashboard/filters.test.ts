import { describe, expect, it } from 'vitest';
import type { StoryListItem } from '#common/schemas/library.ts';
import {
  CLEARED_FILTERS,
  DEFAULT_FILTERS,
  FILTER_SECTIONS,
  filterBadgeCount,
  groupStories,
  justRightStories,
  storyListQuery,
} from './filters.ts';

describe('filterBadgeCount', () => {
  it('counts the options chosen, plus one when adult stories are hidden', () => {
    expect(filterBadgeCount(DEFAULT_FILTERS)).toBe(1);
    expect(filterBadgeCount(CLEARED_FILTERS)).toBe(0);
    expect(
      filterBadgeCount({
        difficulty: ['child', 'teen'],
        length: ['short'],
        topics: ['animals'],
        hideAdult: true,
      }),
    ).toBe(5);
    expect(filterBadgeCount({ ...CLEARED_FILTERS, topics: ['mystery', 'everyday'] })).toBe(2);
  });
});

describe('storyListQuery', () => {
  it('sends the language, and each filter and the search only when set', () => {
    expect(storyListQuery('es', CLEARED_FILTERS, '  ')).toBe('language=es');
    expect(storyListQuery('es', DEFAULT_FILTERS, '')).toBe('language=es&hide_adult=true');
    expect(
      new URLSearchParams(
        storyListQuery(
          'fr',
          { difficulty: ['infant', 'child'], length: ['very_short'], topics: ['sci-fi'], hideAdult: false },
          ' la mer ',
        ),
      ).toString(),
    ).toBe('language=fr&difficulty=infant%2Cchild&length=very_short&topics=sci-fi&search=la+mer');
  });
});

describe('FILTER_SECTIONS', () => {
  it('lists the spec sections and labels', () => {
    expect(FILTER_SECTIONS.map((section) => section.title)).toEqual([
      'Difficulty Level',
      'Story Length',
      'Topics',
    ]);
    const labels = FILTER_SECTIONS.flatMap((section) => section.options.map((option) => option.label));
    expect(labels).toContain('Very Short (under 500 words)');
    expect(labels).toContain('Everyday Life');
    expect(labels).toContain('Sci-Fi');
  });
});

describe('groupStories', () => {
  const story = (id: number, progress: Partial<StoryListItem['user_progress']>): StoryListItem => ({
    id,
    title: `Story ${id}`,
    author: 'A',
    description: '',
    cover_image_url: null,
    difficulty_level: 'child',
    chapter_count: 3,
    estimated_word_count: 300,
    is_free: true,
    is_adult_content: false,
    topics: [],
    length_category: 'very_short',
    language: 'es',
    user_progress: {
      completion_percentage: 0,
      is_completed: false,
      words_read: 0,
      points_earned: 0,
      ...progress,
    },
    comprehension: null,
  });

  it('puts started stories under Continue Reading, untouched under Available, finished under Completed', () => {
    const groups = groupStories([
      story(1, {}),
      story(2, { completion_percentage: 33, words_read: 100, points_earned: 100 }),
      story(3, { completion_percentage: 100, is_completed: true, words_read: 300, points_earned: 300 }),
      story(4, {}),
    ]);

    expect(groups.continueReading.map((s) => s.id)).toEqual([2]);
    expect(groups.available.map((s) => s.id)).toEqual([1, 4]);
    expect(groups.completed.map((s) => s.id)).toEqual([3]);
  });

  it("picks 'Just right for you': 90-98 % known, not completed, most known and fewest new words first", () => {
    const known = (id: number, known_percent: number, new_words: number, completed = false) => ({
      ...story(id, completed ? { completion_percentage: 100, is_completed: true } : {}),
      comprehension: { known_percent, new_words },
    });
    const picked = justRightStories([
      known(1, 89, 40),
      known(2, 90, 30),
      known(3, 95, 12),
      known(4, 95, 8),
      known(5, 98, 2),
      known(6, 99, 1),
      known(7, 94, 10, true),
      story(8, {}),
    ]);

    expect(picked.map((s) => s.id)).toEqual([5, 4, 3, 2]);
    expect(justRightStories([story(1, {})])).toEqual([]);
  });
});
