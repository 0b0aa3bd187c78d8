import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query.tsx';
import { NO_WORDS, SavedWords } from './SavedWords.tsx';

function renderWith(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SavedWords />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SavedWords', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows Loading... until the words arrive, then a row each with the local date and time', async () => {
    let answer: (response: Response) => void = () => {};
    renderWith(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByText('Loading...')).toBeDefined();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());

    const lastSeen = '2026-03-04T17:05:00.000Z';
    answer(
      Response.json([
        { id: 2, word: 'habló', language: 'es', occurrences: 3, last_seen_at: lastSeen },
        { id: 1, word: 'gratuite', language: 'fr', occurrences: 1, last_seen_at: '2026-03-01T08:00:00.000Z' },
      ]),
    );

    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Word', 'Occurrences', 'Last Seen']);
    const first = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(first.map((cell) => cell.textContent)).toEqual([
      'habló',
      '3',
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(lastSeen),
      ),
    ]);
    expect(first[0]?.getAttribute('lang')).toBe('es');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says when there are no saved words yet', async () => {
    renderWith(async () => Response.json([]));

    expect(await screen.findByText(NO_WORDS)).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('only logs a failed load, and shows the empty list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWith(async () => Response.json({ error: 'Not authenticated' }, { status: 401 }));

    expect(await screen.findByText(NO_WORDS)).toBeDefined();
    expect(warn).toHaveBeenCalled();
  });
});
