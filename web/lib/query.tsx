import { type DehydratedState, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useSession } from '#web/features/auth/session.tsx';
import { OfflineStatus } from '#web/features/offline/OfflineStatus.tsx';
import { LearnerSettingsSync } from '#web/features/settings/LearnerSettingsSync.tsx';
import { ApiError } from './api.ts';
import { noteDrawnAnswers } from './drawnAnswers.ts';
import { takePageQueries } from './pageSession.ts';

/**
 * A QueryClient with the app's defaults: an answer stays fresh for 30 s; a failure is retried once, unless the
 * server refused the request (4xx), which a retry would not change. Queries run while the browser says it is
 * offline ('offlineFirst'): the service worker may answer them from the caches of downloaded stories (issue 24);
 * only a retry waits for the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      // A change is tried at once, network or not: those that must not be lost go through the outbox, which
      // keeps them (issue 24); the others say they failed rather than wait unseen.
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

let current: { owner: string; client: QueryClient } | undefined;

/**
 * The one cache of server state, per learner: when another learner signs in on this browser, the cache starts
 * empty, so no screen can show them the previous learner's data, whatever its query keys.
 */
export function queryClientFor(owner: string): QueryClient {
  if (current?.owner !== owner) {
    current = { owner, client: createQueryClient() };
    // The answers the server drew this page's markup from (docs/decisions/104): the first render shows them,
    // as the markup does, and they go stale as any other answer (the daily goal not at once: drawnAnswers.ts).
    const drawnFrom = takePageQueries() as DehydratedState | undefined;
    if (drawnFrom) hydrate(current.client, drawnFrom);
    noteDrawnAnswers(drawnFrom);
  }
  return current.client;
}

/**
 * The query cache of one request when the server draws a screen (web/server-page.tsx): each request has its
 * own, never the page's shared one.
 */
export const RequestQueryClient = createContext<QueryClient | undefined>(undefined);

/**
 * Around every screen that fetches data: it provides TanStack Query, and brings the learner's settings (their
 * theme) from the server. It is loaded with those lazily loaded screens, so neither the provider nor the
 * library is in the landing's first JavaScript (docs/decisions/003).
 */
export function DataScreens({ children }: { children: ReactNode }) {
  const session = useSession();
  const owner = session.status === 'signed_in' ? (session.user.email ?? '') : '';
  const requestClient = useContext(RequestQueryClient);
  return (
    <QueryClientProvider client={requestClient ?? queryClientFor(owner)}>
      <LearnerSettingsSync />
      <OfflineStatus />
      {children}
    </QueryClientProvider>
  );
}
