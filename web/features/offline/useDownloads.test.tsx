import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { createQueryClient } from '#web/lib/query.tsx';
import type { Download } from './downloads.ts';
import { GATA } from './testing.ts';
import { useDownloadedIds, useDownloads } from './useDownloads.ts';

// The caches are the browser's: the downloads are read when the test says.
const stand = vi.hoisted(() => ({
  reads: [] as ((downloads: Download[]) => void)[],
}));

vi.mock('./downloads.ts', async (original) => ({
  ...(await original<typeof import('./downloads.ts')>()),
  listDownloads: vi.fn(() => new Promise<Download[]>((resolve) => stand.reads.push(resolve))),
}));

afterEach(() => {
  stand.reads.length = 0;
});

/** A list marked with the downloaded ids, counting its renders (each would draw every card of the library). */
function renderMarks() {
  const renders = { count: 0 };
  function Marks() {
    renders.count += 1;
    const ids = useDownloadedIds();
    return <p>Downloaded: {[...ids].join(', ') || 'none'}</p>;
  }
  function Loaded() {
    const downloads = useDownloads();
    return <p>{downloads.isPending ? 'Reading downloads' : `${downloads.data?.length} downloaded`}</p>;
  }
  render(
    <SessionProvider client={new FakeAuthClient(fakeSession('olga@example.com'))}>
      <QueryClientProvider client={createQueryClient()}>
        <Marks />
        <Loaded />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return renders;
}

describe('useDownloadedIds', () => {
  // Decision 125: on a drawn library the downloads are read after hydration, and finding none used to draw the
  // whole story list again.
  it('does not render again when the downloads, once read, are none', async () => {
    const renders = renderMarks();
    await waitFor(() => expect(stand.reads).toHaveLength(1));
    expect(screen.getByText('Downloaded: none')).toBeTruthy();
    const before = renders.count;

    await act(async () => stand.reads[0]?.([]));

    // The other reader of the same query sees the answer: it has come.
    expect(await screen.findByText('0 downloaded')).toBeTruthy();
    expect(screen.getByText('Downloaded: none')).toBeTruthy();
    expect(renders.count).toBe(before);
  });

  it('marks the downloaded stories once they are read', async () => {
    renderMarks();
    await waitFor(() => expect(stand.reads).toHaveLength(1));

    await act(async () => stand.reads[0]?.([GATA, { ...GATA, storyId: 9 }]));

    expect(await screen.findByText('Downloaded: 4, 9')).toBeTruthy();
    expect(screen.getByText('2 downloaded')).toBeTruthy();
  });
});
