// After a sync (issue 24): a downloaded story the learner may no longer read (their Pro ended, or the story was
// taken down) is removed from the device, so it does not stay readable offline.
import { getStory } from '#common/endpoints/library.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { listDownloads, removeDownload } from './downloads.ts';

/** Asks the server about each download; answers how many were removed. A download it cannot ask about stays. */
export async function dropUnreadableDownloads(owner: string): Promise<number> {
  let removed = 0;
  for (const download of await listDownloads(owner)) {
    try {
      const story = await call(getStory, { params: { id: download.storyId } });
      if (!story.is_locked) continue;
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 404 || error.status === 403))) continue;
    }
    await removeDownload(download.storyId);
    removed += 1;
  }
  return removed;
}
