import type { DehydratedState, Query } from '@tanstack/react-query';

/** The queries the server drew this page from, each with the moment its answer was made. */
const drawnAnswers = new Map<string, number>();

/** Notes the answers a page's query cache was hydrated with (web/lib/query.tsx), forgetting any noted before. */
export function noteDrawnAnswers(state: DehydratedState | undefined): void {
  drawnAnswers.clear();
  for (const query of state?.queries ?? []) drawnAnswers.set(query.queryHash, query.state.dataUpdatedAt);
}

/**
 * Whether a query still holds the answer the server drew this page from, not asked again since: a query whose
 * answers are always stale (the daily goal) need not ask at once for what was answered as the page was drawn.
 */
export function holdsDrawnAnswer(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  return drawnAnswers.get(query.queryHash) === query.state.dataUpdatedAt;
}
