import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_READER_SETTINGS } from '#common/schemas/readerSettings.ts';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { SETTINGS_TEXT } from '#web/features/settings/readerSettings.ts';
import { ThemeSync } from '#web/features/settings/theme.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { ThemeCard } from './ThemeCard.tsx';

let saved = { ...DEFAULT_READER_SETTINGS, theme: 'light' as string };
let isSaveRefused = false;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = `${init?.method ?? 'GET'} ${String(input)}`;
  if (key === 'GET /api/me/reader-settings/') return Response.json(saved);
  if (key === 'PUT /api/me/reader-settings/') {
    if (isSaveRefused) return Response.json({ error: 'Something went wrong.' }, { status: 500 });
    saved = { ...saved, ...JSON.parse(String(init?.body)) };
    return Response.json(saved);
  }
  return Response.json({ error: 'Not found' }, { status: 404 });
});

beforeEach(() => {
  saved = { ...DEFAULT_READER_SETTINGS, theme: 'light' };
  isSaveRefused = false;
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderCard() {
  render(
    <SessionProvider client={new FakeAuthClient(fakeSession())}>
      <QueryClientProvider client={createQueryClient()}>
        <ThemeSync />
        <ThemeCard />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return screen.getByRole('radiogroup', { name: 'Theme' });
}

const NAMES = ['Match system', 'Light', 'Sepia', 'Dark'];

const checkedIn = (group: HTMLElement) =>
  NAMES.filter((name) => (within(group).getByRole('radio', { name }) as HTMLInputElement).checked);

describe('ThemeCard', () => {
  it('offers the four themes as one radio group, the learner’s own chosen', async () => {
    const group = renderCard();

    const radios = within(group).getAllByRole('radio');
    expect(radios).toEqual(NAMES.map((name) => within(group).getByRole('radio', { name })));
    await waitFor(() => expect(checkedIn(group)).toEqual(['Light']));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('shows a choice at once and saves it for the learner', async () => {
    const user = userEvent.setup();
    const group = renderCard();
    await waitFor(() => expect(checkedIn(group)).toEqual(['Light']));

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(checkedIn(group)).toEqual(['Dark']);
    await waitFor(() => expect(saved.theme).toBe('dark'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ theme: 'dark' });
  });

  it('puts the theme back and says so when the save fails', async () => {
    const user = userEvent.setup();
    const group = renderCard();
    await waitFor(() => expect(checkedIn(group)).toEqual(['Light']));
    isSaveRefused = true;

    await user.click(within(group).getByRole('radio', { name: 'Sepia' }));

    expect((await screen.findByRole('alert')).textContent).toBe(SETTINGS_TEXT.saveFailed);
    expect(checkedIn(group)).toEqual(['Light']);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
