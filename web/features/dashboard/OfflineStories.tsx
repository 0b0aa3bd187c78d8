import { CloudOff } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { plural } from '#common/plural.ts';
import { screenPath } from '#common/routes.ts';
import { StoryCover } from '#web/features/library/StoryCover.tsx';
import { useDownloadedIds, useDownloads } from '#web/features/offline/useDownloads.ts';
import { useOnline } from '#web/features/offline/useOnline.ts';
import type { Availability } from './StoryCard.tsx';

/** Each story's availability on this device now (issue 24): downloaded, or out of reach while offline. */
export function useAvailability(): (storyId: number) => Availability {
  const downloaded = useDownloadedIds();
  const online = useOnline();
  return useCallback(
    (storyId: number) => (downloaded.has(storyId) ? 'downloaded' : online ? undefined : 'needs-connection'),
    [downloaded, online],
  );
}

/**
 * The library offline when its list was never kept for these filters (issue 24): the stories downloaded to this
 * device, which open without a network, or what to do to have some.
 */
export function OfflineStories() {
  const downloads = useDownloads();
  const list = downloads.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 rounded-xl bg-white px-4 py-3 text-slate-700 ring-1 ring-slate-200">
        <CloudOff className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        {list.length > 0
          ? 'You are offline: these stories are downloaded and open without a connection.'
          : 'You are offline, and no stories are downloaded yet. Connect to see the library; a story’s Download for offline keeps it for next time.'}
      </p>
      {list.length > 0 ? (
        <ul
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label="Downloaded stories"
        >
          {list.map((download) => (
            <li
              key={download.storyId}
              className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm focus-within:ring-2 focus-within:ring-brand-600"
            >
              <StoryCover
                url={download.coverUrl}
                title={download.title}
                className="w-20 shrink-0 self-start"
              />
              <div className="min-w-0">
                <h3 className="text-lg leading-snug font-semibold text-slate-900" lang={download.language}>
                  <Link
                    to={screenPath('story', { storyId: download.storyId })}
                    className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
                  >
                    {download.title}
                  </Link>
                </h3>
                <p className="text-sm text-slate-600">
                  {plural(download.chapterCount, { one: 'chapter', other: 'chapters' })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
