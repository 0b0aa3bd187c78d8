import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StoryListItem } from '#common/schemas/library.ts';
import { StoryCard } from './StoryCard.tsx';

function story(overrides: Partial<StoryListItem> = {}): StoryListItem {
  return {
    id: 7,
    title: 'Hola',
    author: 'Ana',
    description: '',
    cover_image_url: null,
    difficulty_level: 'child',
    chapter_count: 3,
    estimated_word_count: 1500,
    is_free: true,
    is_adult_content: false,
    topics: [],
    length_category: 'short',
    language: 'es',
    user_progress: { completion_percentage: 100, is_completed: true, words_read: 1500, points_earned: 1500 },
    comprehension: null,
    ...overrides,
  };
}

function renderCard(item: StoryListItem) {
  render(
    <MemoryRouter>
      <ul>
        <StoryCard story={item} kind="completed" />
      </ul>
    </MemoryRouter>,
  );
}

describe('a story card’s counts', () => {
  it('says chapters, words and points in the plural, with thousands separators', () => {
    renderCard(story());
    expect(screen.getByText('3 chapters · 1,500 words')).toBeDefined();
    expect(screen.getByText('1,500 words read · 1,500 points earned')).toBeDefined();
  });

  it('says one chapter, one word read and one point earned in the singular', () => {
    renderCard(
      story({
        chapter_count: 1,
        estimated_word_count: 1,
        user_progress: { completion_percentage: 100, is_completed: true, words_read: 1, points_earned: 1 },
      }),
    );
    expect(screen.getByText('1 chapter · 1 word')).toBeDefined();
    expect(screen.getByText('1 word read · 1 point earned')).toBeDefined();
  });
});
