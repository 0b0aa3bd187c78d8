import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { createQueryClient } from '#web/lib/query.tsx';
import { DOWNLOAD_CONTROL_TEXT, DownloadControl } from './DownloadControl.tsx';
import type { Download, DownloadProgress } from './downloads.ts';
import { GATA } from './testing.ts';

// The caches are the browser's: here the downloads module is a stand-in the test drives.
const stand = vi.hoisted(() => ({
  saved: [] as Download[],
  progress: undefined as ((progress: DownloadProgress) => void) | undefined,
  finish: undefined as ((value: unknown) => void) | undefined,
  fail: undefined as ((error: Error) => void) | undefined,
}));

vi.mock('./downloads.ts', async (original) => ({
  ...(await original<typeof import('./downloads.ts')>()),
  listDownloads: vi.fn(async () => [...stand.saved]),
  removeDownload: vi.fn(async (storyId: number) => {
    stand.saved = stand.saved.filter((download) => download.storyId !== storyId);
  }),
  downloadStory: vi.fn(
    (_storyId: number, _owner: string, onProgress: (progress: DownloadProgress) => void) =>
      new Promise((resolve, reject) => {
        stand.progress = onProgress;
        stand.finish = resolve;
        stand.fail = reject;
      }),
  ),
}));

function renderControl() {
  render(
    <SessionProvider client={new FakeAuthClient(fakeSession('olga@example.com'))}>
      <QueryClientProvider client={createQueryClient()}>
        <DownloadControl storyId={4} />
      </QueryClientProvider>
    </SessionProvider>,
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(() => {
  stand.saved = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('DownloadControl', () => {
  it('downloads with its progress and size, then offers to remove it', async () => {
    const user = userEvent.setup();
    renderControl();
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_CONTROL_TEXT.download }));

    act(() => stand.progress?.({ done: 3, total: 12, bytes: 420_000 }));
    expect(screen.getByText(`${DOWNLOAD_CONTROL_TEXT.downloading}… 25%`)).toBeTruthy();
    expect(screen.getByText('420 KB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Download progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );

    stand.saved = [GATA];
    await act(async () => stand.finish?.(GATA));
    expect(await screen.findByText(`${DOWNLOAD_CONTROL_TEXT.downloaded} · 1.3 MB`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: DOWNLOAD_CONTROL_TEXT.remove }));
    expect(await screen.findByRole('button', { name: DOWNLOAD_CONTROL_TEXT.download })).toBeTruthy();
  });

  it('says why a download failed, and tries again', async () => {
    const user = userEvent.setup();
    renderControl();
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_CONTROL_TEXT.download }));
    await act(async () =>
      stand.fail?.(new Error('This story opens with Pro: it cannot be downloaded without it.')),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This story opens with Pro');
    await user.click(screen.getByRole('button', { name: DOWNLOAD_CONTROL_TEXT.retry }));
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toBeTruthy();
    await act(async () => stand.finish?.(GATA));
  });

  it('offline, says a download needs a connection instead of offering one', async () => {
    setOnline(false);
    renderControl();
    expect(await screen.findByText(DOWNLOAD_CONTROL_TEXT.needsConnection)).toBeTruthy();
    expect(screen.queryByRole('button', { name: DOWNLOAD_CONTROL_TEXT.download })).toBeNull();
  });
});
