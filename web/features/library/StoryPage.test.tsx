import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoryDetail } from '#common/schemas/library.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { StoryPage } from './StoryPage.tsx';

const CHAPTERS = [
  { id: 31, chapter_number: 1, title: 'La noche', word_count: 15, comprehension: null },
  { id: 32, chapter_number: 2, title: 'El tejado', word_count: 15, comprehension: null },
  { id: 33, chapter_number: 3, title: 'La luna', word_count: 15, comprehension: null },
];

/** A story of three chapters, the given ones finished. */
function storyWith(finished: readonly number[], changes: Partial<StoryDetail> = {}): StoryDetail {
  const percent = Math.floor((finished.length / CHAPTERS.length) * 100);
  return {
    id: 7,
    title: 'La gata y la luna',
    author: 'Ana',
    description: 'Una gata mira la luna.',
    cover_image_url: null,
    difficulty_level: 'infant',
    chapter_count: 3,
    estimated_word_count: 45,
    is_free: true,
    is_adult_content: false,
    topics: [],
    length_category: 'very_short',
    language: 'es',
    comprehension: null,
    is_locked: false,
    chapters: CHAPTERS,
    user_progress: {
      overall: {
        completion_percentage: percent,
        is_completed: finished.length === CHAPTERS.length,
        words_read: finished.length * 15,
        points_earned: finished.length * 15,
      },
      chapters: Object.fromEntries(
        CHAPTERS.map((chapter) => {
          const isCompleted = finished.includes(chapter.id);
          return [
            String(chapter.id),
            { is_completed: isCompleted, completion_percentage: isCompleted ? 100 : 0 },
          ];
        }),
      ),
    },
    ...changes,
  };
}

function show(story: StoryDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname === `/api/stories/${story.id}/`) return Response.json(story);
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <StoryPage storyId={story.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const chapterLink = (name: RegExp) =>
  within(screen.getByRole('region', { name: 'Chapters' })).getByRole('link', { name });

describe('StoryPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers 'Start reading' at the first chapter when no chapter is finished", async () => {
    show(storyWith([]));

    const start = await screen.findByRole('link', { name: 'Start reading' });

    expect(start.getAttribute('href')).toBe('/read/7/31');
    expect(screen.getByText('La noche', { selector: 'p span' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });

  it("offers 'Continue' at the first unfinished chapter in the story's order", async () => {
    // The first and the third are read: the second is where the reading goes on.
    show(storyWith([31, 33]));

    const next = await screen.findByRole('link', { name: 'Continue' });

    expect(next.getAttribute('href')).toBe('/read/7/32');
    expect(screen.queryByRole('link', { name: 'Start reading' })).toBeNull();
  });

  it("offers 'Read again' from the first chapter once every chapter is finished", async () => {
    show(storyWith([31, 32, 33]));

    const again = await screen.findByRole('link', { name: 'Read again' });

    expect(again.getAttribute('href')).toBe('/read/7/31');
    expect(screen.getByText('✓ Story Complete')).toBeTruthy();
  });

  it('offers nothing to read for a story without chapters', async () => {
    show(storyWith([], { chapters: [], chapter_count: 0 }));

    await screen.findByRole('heading', { name: 'La gata y la luna' });

    expect(screen.queryByRole('link', { name: /Start reading|Continue|Read again/ })).toBeNull();
  });

  it('shows a lock in place of the chevron on every chapter of a story locked for the learner', async () => {
    show(storyWith([31], { is_free: false, is_locked: true }));

    await screen.findByRole('heading', { name: 'This story is for Pro members' });

    for (const name of [/La noche/, /El tejado/, /La luna/]) {
      expect(within(chapterLink(name)).getByRole('img', { name: 'Locked: Pro only' })).toBeTruthy();
    }
    // The upgrade panel is the story's action: no reading button beside it.
    expect(screen.queryByRole('link', { name: /Start reading|Continue|Read again/ })).toBeNull();
  });

  it('shows no lock on the chapters of a story the learner may read', async () => {
    show(storyWith([], { is_free: false, is_locked: false }));

    await screen.findByRole('link', { name: 'Start reading' });

    expect(screen.queryByRole('img', { name: 'Locked: Pro only' })).toBeNull();
  });
});
