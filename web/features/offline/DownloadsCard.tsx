import { BookOpen, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { plural } from '#common/plural.ts';
import { screenPath } from '#common/routes.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import type { Download } from './downloads.ts';
import { formatSize, useDownloads, useStoryDownload } from './useDownloads.ts';

export const DOWNLOADS_CARD_TEXT = {
  title: 'Downloads',
  description:
    'Stories kept on this device for reading offline, with their audio and the dictionary for their words.',
  empty: 'No stories downloaded yet. Open a story and choose Download for offline.',
  failed: 'The downloads on this device could not be read.',
  removeFailed: 'The download could not be removed. Please try again.',
  persistent: 'Kept until you remove them.',
  evictable: 'Your browser may remove them when the device runs short of space.',
} as const;

/** Whether the browser keeps this site's storage until the learner removes it. */
function usePersisted(): boolean | undefined {
  const [persisted, setPersisted] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    void navigator.storage
      ?.persisted?.()
      .then((value) => !cancelled && setPersisted(value))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return persisted;
}

/** /account's list of the stories downloaded on this device (issue 24): each with its size and Remove. */
export function DownloadsCard() {
  const downloads = useDownloads();
  const persisted = usePersisted();
  const list = downloads.data ?? [];
  const total = list.reduce((sum, download) => sum + download.bytes, 0);
  const text = DOWNLOADS_CARD_TEXT;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.title}</CardTitle>
        <CardDescription>
          {text.description}
          {list.length > 0 && persisted !== undefined
            ? ` ${persisted ? text.persistent : text.evictable}`
            : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {downloads.isError ? <InlineAlert message={text.failed} /> : null}
        {downloads.isSuccess && list.length === 0 ? <p className="text-slate-600">{text.empty}</p> : null}
        {list.length > 0 ? (
          <>
            <p className="text-sm text-slate-600">
              {plural(list.length, { one: 'story', other: 'stories' })} · {formatSize(total)}
            </p>
            <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
              {list.map((download) => (
                <DownloadRow key={download.storyId} download={download} />
              ))}
            </ul>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DownloadRow({ download }: { download: Download }) {
  const { remove } = useStoryDownload(download.storyId);
  const [state, setState] = useState<'idle' | 'removing' | 'failed'>('idle');
  const onRemove = () => {
    setState('removing');
    remove().then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5">
      <BookOpen className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <Link
          to={screenPath('story', { storyId: download.storyId })}
          lang={download.language}
          className="font-medium break-words text-slate-900 underline-offset-2 hover:underline"
        >
          {download.title}
        </Link>
        <p className="text-sm text-slate-600">
          {plural(download.chapterCount, { one: 'chapter', other: 'chapters' })} ·{' '}
          {formatSize(download.bytes)}
        </p>
        {state === 'failed' ? (
          <p className="text-sm text-red-700">{DOWNLOADS_CARD_TEXT.removeFailed}</p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        loading={state === 'removing'}
        aria-label={`Remove the download of ${download.title}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Remove
      </Button>
    </li>
  );
}
