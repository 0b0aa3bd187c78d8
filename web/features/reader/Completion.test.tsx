import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { CompletionSection, REST_KNOWN_TEXT } from './Completion.tsx';
import { TermStatuses } from './termStatuses.ts';
import type { useTermStatuses } from './useTermStatuses.ts';

const CHAPTER: ReaderChapter = {
  id: 5,
  chapter_number: 1,
  title: 'Uno',
  content: 'La casa es grande.',
  order_index: 0,
  word_count: 4,
  audio_url: null,
  is_completed: false,
  terms: {},
  statuses: { casa: 'learning-2' },
  story: {
    id: 3,
    title: 'La casa',
    language: { id: 2, code: 'es', name: 'Spanish', native_name: 'Español' },
    chapters: [{ id: 5, chapter_number: 1, title: 'Uno' }],
    next_chapter: null,
  },
};

const calls: { url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/chapters/5/mark-read/') {
        return Response.json({
          chapter_id: 5,
          is_completed: true,
          completion_percentage: 100,
          words_read: 4,
          points_earned: 4,
          points_change: 4,
          total_words_read: 4,
          total_points: 4,
        });
      }
      if (url === '/api/chapters/5/mark-known/')
        return Response.json({ language: 'es', terms: ['la', 'es', 'grande'] });
      if (url === '/api/terms/forget/') return Response.json({ changed: 3 });
      return Response.json({ error: 'unexpected' }, { status: 500 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCompletion() {
  const statuses = new TermStatuses('es', {}, { casa: 'learning-2' });
  const terms = {
    statuses,
    setMany: (words: readonly string[], status: TermStatus | undefined) => {
      for (const term of words) statuses.set(term, status);
    },
  } as unknown as ReturnType<typeof useTermStatuses>;
  function Screen() {
    const [completed, setCompleted] = useState(false);
    return (
      <CompletionSection
        chapter={CHAPTER}
        isCompleted={completed}
        onCompleted={() => setCompleted(true)}
        onNext={undefined}
        terms={terms}
      />
    );
  }
  const router = createMemoryRouter([{ path: '/', element: <Screen /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return statuses;
}

describe('marking the remaining new words known', () => {
  it('is offered on by default, and makes the new words known after Mark as Read, with an undo', async () => {
    const statuses = renderCompletion();
    const option = screen.getByRole('checkbox', { name: REST_KNOWN_TEXT.option }) as HTMLInputElement;
    expect(option.checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Mark as Read' }));

    expect(await screen.findByText(REST_KNOWN_TEXT.marked(3))).toBeDefined();
    expect(statuses.statusOf('grande')).toBe('known');
    expect(statuses.statusOf('casa')).toBe('learning-2');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/chapters/5/mark-read/',
      '/api/chapters/5/mark-known/',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText(REST_KNOWN_TEXT.undone)).toBeDefined();
    expect(statuses.statusOf('grande')).toBeUndefined();
    expect(calls.at(-1)).toEqual({
      url: '/api/terms/forget/',
      body: { language: 'es', terms: ['la', 'es', 'grande'] },
    });
  });

  it('is not done when the learner turns it off, and the choice is remembered', async () => {
    renderCompletion();
    await userEvent.click(screen.getByRole('checkbox', { name: REST_KNOWN_TEXT.option }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Read' }));

    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/chapters/5/mark-read/']));
    expect(localStorage.getItem('catamaran-mark-rest-known')).toBe('off');
  });
});
