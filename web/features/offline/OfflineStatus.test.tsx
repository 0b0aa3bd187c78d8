// The offline band's sync (issue 24): the outbox is sent when the page opens; on a page the server drew, only
// once its hydration has gone quiet, so that asking for the outbox's lock is not part of the hydration's last task.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent = vi.hoisted(() => ({ owners: [] as string[] }));

vi.mock('./sync.ts', () => ({
  flush: (owner: string) => {
    sent.owners.push(owner);
    return Promise.resolve();
  },
  flushNowAgain: () => Promise.resolve(),
  onSync: () => () => undefined,
  dismissRefusals: () => undefined,
}));
vi.mock('./outbox.ts', () => ({
  pendingEntries: () => Promise.resolve([]),
  onOutboxChange: () => () => undefined,
}));
vi.mock('./readable.ts', () => ({ dropUnreadableDownloads: () => Promise.resolve(0) }));
vi.mock('./useDownloads.ts', () => ({ useDownloadOwner: () => 'learner@example.com' }));

beforeEach(() => {
  vi.resetModules();
  sent.owners.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderBand() {
  const { OfflineStatus } = await import('./OfflineStatus.tsx');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OfflineStatus />
    </QueryClientProvider>,
  );
}

describe('OfflineStatus', () => {
  it('sends the learner’s outbox as the page opens', async () => {
    await renderBand();
    await vi.waitFor(() => expect(sent.owners).toEqual(['learner@example.com']));
  });

  it('on a page the server drew, sends it only once the hydration has gone quiet', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { holdUntilHydrated } = await import('#web/lib/afterHydration.ts');
    holdUntilHydrated();
    await renderBand();
    await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0));
    expect(sent.owners).toEqual([]);

    for (const callback of idle.splice(0)) callback();
    await vi.waitFor(() => expect(sent.owners).toEqual(['learner@example.com']));
  });
});
