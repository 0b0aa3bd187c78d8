import { CircleCheck, CloudOff, Download } from 'lucide-react';
import { Button } from '#web/components/ui/Button.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { formatSize, useStoryDownload } from './useDownloads.ts';
import { useOnline } from './useOnline.ts';

export const DOWNLOAD_CONTROL_TEXT = {
  download: 'Download for offline',
  downloading: 'Downloading for offline',
  cancel: 'Cancel',
  downloaded: 'Downloaded for offline',
  remove: 'Remove download',
  retry: 'Try again',
  needsConnection: 'Needs a connection to download this story.',
} as const;

/**
 * A story page's 'Download for offline' (issue 24): the button, then the download's progress and size as it
 * comes, then 'Downloaded for offline' with its size and Remove; a failure says why, and may be tried again.
 */
export function DownloadControl({ storyId }: { storyId: number }) {
  const online = useOnline();
  const { state, saved, start, cancel, remove, isLoading } = useStoryDownload(storyId);
  const text = DOWNLOAD_CONTROL_TEXT;
  if (isLoading) return null;

  if (state.status === 'downloading') {
    const { done, total, bytes } = state.progress;
    const percent = Math.round((done / Math.max(total, 1)) * 100);
    return (
      <div className="mt-4 max-w-sm" aria-live="polite">
        <p className="mb-1.5 flex items-baseline justify-between gap-3 text-sm font-medium text-slate-700">
          <span>
            {text.downloading}… {percent}%
          </span>
          <span className="text-slate-500 tabular-nums">{formatSize(bytes)}</span>
        </p>
        <ProgressBar value={percent} label="Download progress" />
        <Button variant="ghost" size="sm" className="mt-2" onClick={cancel}>
          {text.cancel}
        </Button>
      </div>
    );
  }

  if (saved) {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5 font-medium text-green-800">
          <CircleCheck className="size-4" aria-hidden="true" />
          {text.downloaded} · {formatSize(saved.bytes)}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void remove()}>
          {text.remove}
        </Button>
      </div>
    );
  }

  return (
    <div className="mt-4">
      {state.status === 'failed' ? (
        <InlineAlert
          className="mb-3"
          message={state.message}
          action={
            online ? (
              <button type="button" className="font-semibold underline" onClick={start}>
                {text.retry}
              </button>
            ) : undefined
          }
        />
      ) : null}
      {online ? (
        <Button variant="outline" onClick={start}>
          <Download className="size-4" aria-hidden="true" />
          {text.download}
        </Button>
      ) : (
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <CloudOff className="size-4" aria-hidden="true" />
          {text.needsConnection}
        </p>
      )}
    </div>
  );
}
