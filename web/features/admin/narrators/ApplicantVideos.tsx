import { Download } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { ApplicantVideo } from '#common/schemas/narrators.ts';
import { formatMegabytes } from '#common/uploads.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { failureText } from '#web/lib/api.ts';
import { useApplicantVideos } from '../queries.ts';
import { DateText } from './states.tsx';
import { useVideoDownload } from './useVideoDownload.ts';

/** The videos sent from an application's address (the server matches addresses in any letter case, as here). */
export function videosOf(videos: readonly ApplicantVideo[], email: string): ApplicantVideo[] {
  const address = email.toLowerCase();
  return videos.filter((video) => video.email.toLowerCase() === address);
}

/**
 * In an application's detail: the sample videos its applicant sent, each with the Videos sub-tab's Download
 * (issue 23 #15: the two sat in separate sub-tabs with nothing between them).
 */
export function ApplicantVideos({ email }: { email: string }) {
  const videos = useApplicantVideos();
  const { download, downloadingId, downloadError } = useVideoDownload();
  const headingId = useId();

  useEffect(() => {
    if (videos.error) console.warn('Could not load the applicant videos.', videos.error);
  }, [videos.error]);

  const own = videos.data ? videosOf(videos.data, email) : [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-slate-200 pt-5">
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        Sample videos{videos.data ? ` (${own.length})` : ''}
      </h4>
      {videos.isPending ? (
        <Spinner label="Loading videos..." showLabel size="sm" className="text-slate-600" />
      ) : videos.isError ? (
        <InlineAlert message={failureText(videos.error, 'Failed to load')} />
      ) : own.length === 0 ? (
        <p className="text-base text-slate-600">
          No sample video yet. The applicant sends it at /submit-video, with this address.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
          {own.map((video) => (
            <li
              key={video.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
            >
              <div className="flex min-w-0 flex-col">
                <span className="font-medium break-all text-slate-900">{video.original_filename}</span>
                <span className="text-sm text-slate-600">
                  {formatMegabytes(video.file_size)} · <DateText iso={video.created_at} withTime />
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={downloadingId === video.id}
                aria-label={`Download ${video.original_filename}`}
                onClick={() => void download(video)}
                className="max-sm:min-h-11"
              >
                {downloadingId === video.id ? null : <Download className="size-4" aria-hidden="true" />}
                Download
              </Button>
            </li>
          ))}
        </ul>
      )}
      {downloadError ? <InlineAlert message={downloadError} /> : null}
    </section>
  );
}
