import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '#web/features/auth/session.tsx';
import { queryKeys } from '#web/lib/queryKeys.ts';
import {
  DOWNLOAD_TEXT,
  type Download,
  type DownloadProgress,
  downloadStory,
  listDownloads,
  removeDownload,
} from './downloads.ts';

/** A story's download as a screen shows it. */
export type DownloadState =
  | { status: 'idle' }
  | { status: 'downloading'; progress: DownloadProgress }
  | { status: 'failed'; message: string };

const IDLE: DownloadState = { status: 'idle' };

/**
 * The downloads under way on this page, outside any screen: leaving the story page does not stop one, and
 * coming back shows how far it has come.
 */
const running = new Map<number, { state: DownloadState; controller?: AbortController }>();
const listeners = new Set<() => void>();

function set(storyId: number, state: DownloadState, controller?: AbortController) {
  running.set(storyId, { state, controller });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whose downloads these are: the signed-in learner's address ('' for nobody, who has none). */
export function useDownloadOwner(): string {
  const session = useSession();
  return session.status === 'signed_in' ? (session.user.email ?? '') : '';
}

/** The query of the learner's downloads on this device. */
function downloadsQuery(owner: string) {
  return {
    queryKey: queryKeys.downloads(owner),
    queryFn: () => listDownloads(owner),
    // The caches are on this device: no network is needed, and only this page changes them.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    enabled: owner !== '',
  } as const;
}

/** The learner's downloaded stories on this device, newest first. */
export function useDownloads() {
  return useQuery(downloadsQuery(useDownloadOwner()));
}

const NO_DOWNLOADS: Download[] = [];
const NO_IDS: ReadonlySet<number> = new Set();
const storyIdsOf = (downloads: Download[]): number[] => downloads.map((download) => download.storyId);

/**
 * The downloaded stories by id, for marking them in a list: none until the downloads are read. Read as the same
 * ids when they are the same: the story list marks its cards with them, and the read that ends after a drawn
 * library is hydrated (usually finding none) must not draw every card again in one task (10–20 ms of the load's
 * main thread before; docs/decisions/125).
 */
export function useDownloadedIds(): ReadonlySet<number> {
  const { data } = useQuery({
    ...downloadsQuery(useDownloadOwner()),
    // The selected ids are shared with the last ones when equal (TanStack Query's structural sharing), the
    // placeholder's empty list too: a read that finds what was shown changes nothing this hook returns.
    select: storyIdsOf,
    placeholderData: NO_DOWNLOADS,
  });
  return useMemo(() => (data === undefined || data.length === 0 ? NO_IDS : new Set(data)), [data]);
}

/** One story's download: its state, the saved download if finished, and what the learner can do. */
export function useStoryDownload(storyId: number) {
  const owner = useDownloadOwner();
  const queryClient = useQueryClient();
  const downloads = useDownloads();
  const state = useSyncExternalStore(
    subscribe,
    () => running.get(storyId)?.state ?? IDLE,
    () => IDLE,
  );
  const saved: Download | undefined = downloads.data?.find((download) => download.storyId === storyId);

  const start = useCallback(() => {
    if (running.get(storyId)?.state.status === 'downloading') return;
    const controller = new AbortController();
    set(storyId, { status: 'downloading', progress: { done: 0, total: 1, bytes: 0 } }, controller);
    downloadStory(
      storyId,
      owner,
      (progress) => set(storyId, { status: 'downloading', progress }, controller),
      controller.signal,
    )
      .then(
        () => set(storyId, IDLE),
        (error: unknown) => {
          if (controller.signal.aborted) set(storyId, IDLE);
          else
            set(storyId, {
              status: 'failed',
              message: error instanceof Error && error.message ? error.message : DOWNLOAD_TEXT.failed,
            });
        },
      )
      .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.downloads(owner) }));
  }, [owner, queryClient, storyId]);

  const cancel = useCallback(() => running.get(storyId)?.controller?.abort(), [storyId]);

  const remove = useCallback(async () => {
    await removeDownload(storyId);
    await queryClient.invalidateQueries({ queryKey: queryKeys.downloads(owner) });
  }, [owner, queryClient, storyId]);

  return {
    state,
    saved,
    start,
    cancel,
    remove,
    // Nothing to offer until the learner and their downloads are known (no button that vanishes again).
    isLoading: owner === '' || downloads.isPending,
  };
}

/** A size as a person reads it: 830 KB, 4.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  if (bytes < 1000 * 1000 * 1000) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}
