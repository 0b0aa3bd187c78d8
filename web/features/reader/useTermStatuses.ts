import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { LOOKED_UP_STATUS, type TermStatus } from '#common/terms.ts';
import { perform } from '#web/features/offline/sync.ts';
import { useDownloadOwner } from '#web/features/offline/useDownloads.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { TermStatuses } from './termStatuses.ts';
import type { TermStatusControl } from './WordPanel.tsx';

export const STATUS_TEXT = {
  saveFailed: 'The status could not be saved. Please try again.',
} as const;

/**
 * The learner's statuses of the chapter's terms (issue 22), as the chapter's answer gave them, and the ways to
 * change them: a status chosen is shown on every occurrence at once and saved (one save at a time, in order),
 * put back with a sentence if the save fails; a word looked up becomes learning-1 here as the server makes it
 * when the lookup's save arrives. Undefined statuses: a server that does not send them.
 */
export function useTermStatuses(chapter: ReaderChapter) {
  const queryClient = useQueryClient();
  const owner = useDownloadOwner();
  const language = chapter.story.language.code;
  const [statuses] = useState(() =>
    chapter.statuses === undefined
      ? undefined
      : new TermStatuses(language, chapter.terms ?? {}, chapter.statuses),
  );
  // The word panel shows the status: a change renders it again.
  const [, setVersion] = useState(0);
  useEffect(() => statuses?.subscribe(() => setVersion((version) => version + 1)), [statuses]);

  const save = useMutation({
    scope: { id: `term-status-${language}` },
    // Through the outbox (issue 24): offline, the status waits there and shows at once.
    mutationFn: ({ term, status }: { term: string; status: TermStatus }) =>
      perform(owner, 'term-status', { body: { language, term, status } }),
    onMutate: ({ term, status }) => {
      const before = statuses?.statusOf(term);
      statuses?.set(term, status);
      return { before };
    },
    onError: (_error, { term }, context) => statuses?.set(term, context?.before),
    // Other chapters read with these statuses: what the cache holds of them is stale (not refetched now).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chapters(), refetchType: 'none' }),
  });

  return {
    statuses,
    change: (term: string, status: TermStatus) => save.mutate({ term, status }),
    /** Statuses the server set for many terms at once (mark-known, its undo), shown here. */
    setMany: (words: readonly string[], status: TermStatus | undefined) => {
      for (const term of words) statuses?.set(term, status);
    },
    /** A word looked up: a new term becomes learning-1, as the lookup's save makes it on the server. */
    lookedUp: (term: string | undefined) => {
      if (statuses && term && !statuses.statusOf(term)) statuses.set(term, LOOKED_UP_STATUS);
    },
    failed: save.isError,
    /** The word panel's control of a term's status; undefined without statuses. */
    control: (term: string): TermStatusControl | undefined =>
      statuses && {
        value: statuses.statusOf(term),
        onChange: (status: TermStatus) => save.mutate({ term, status }),
        failed: save.isError,
      },
  };
}
