import { useState } from 'react';
import { signVideoUrl } from '#common/endpoints/narrators.ts';
import type { ApplicantVideo } from '#common/schemas/narrators.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';

/**
 * Opens a video in a new tab through a signed address, made afresh for each click (admin.md §2, §8); says why
 * when it cannot.
 */
export function useVideoDownload() {
  const [downloadingId, setDownloadingId] = useState<number>();
  const [downloadError, setDownloadError] = useState<string>();

  async function download(video: ApplicantVideo) {
    // The tab opens now, within the click, or a popup blocker would stop it; it gets its address once known.
    // It is opened without `noopener` (which would hand back no window to send there), so its opener is cut here.
    const newTab = window.open('', '_blank');
    if (newTab) newTab.opener = null;
    setDownloadError(undefined);
    setDownloadingId(video.id);
    try {
      const { url } = await call(signVideoUrl, { query: { path: video.storage_path } });
      // Local storage signs a path on this site (/media/…); S3 signs an absolute address.
      const address = new URL(url, window.location.origin).href;
      if (newTab) newTab.location.href = address;
      // A blocked tab: the address downloads the file (it is served as an attachment), so the page stays.
      else window.location.assign(address);
    } catch (error) {
      newTab?.close();
      console.warn('Could not get a signed URL for the video.', error);
      // The spec has two sentences for this (admin.md §8). When the server answered, with an error or without a
      // usable url, the inline 'Failed to create signed URL' (or the server's own sentence) stays by the list;
      // when it could not be reached at all, the alert 'Unable to get signed URL' says so at once.
      if (error instanceof ApiError && error.status === 0) {
        window.alert('Unable to get signed URL');
      } else {
        setDownloadError(failureText(error, 'Failed to create signed URL'));
      }
    } finally {
      setDownloadingId(undefined);
    }
  }

  return { download, downloadingId, downloadError };
}
