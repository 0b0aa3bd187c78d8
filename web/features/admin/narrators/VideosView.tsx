import { Download } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { ApplicantVideo } from '#common/schemas/narrators.ts';
import { formatMegabytes } from '#common/uploads.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { ActionsCell, AdminTable, Cell, HeaderCell, Row } from '../AdminTable.tsx';
import { useApplicantVideos } from '../queries.ts';
import { DateText, EmptyState, FailedState, LoadingState } from './states.tsx';
import { useVideoDownload } from './useVideoDownload.ts';

// Videos: the applicants' sample videos, each downloaded through a short-lived signed address.

/** The Videos sub-tab: every sample video, each with its Download button. */
export function VideosView() {
  const videos = useApplicantVideos();
  const { download, downloadingId, downloadError } = useVideoDownload();
  const headingId = useId();

  useEffect(() => {
    if (videos.error) console.warn('Could not load the applicant videos.', videos.error);
  }, [videos.error]);

  if (videos.isPending) return <LoadingState label="Loading videos..." />;
  if (videos.isError) {
    return (
      <FailedState
        error={videos.error}
        isRetrying={videos.isFetching}
        onRetry={() => void videos.refetch()}
      />
    );
  }
  const rows = videos.data;
  if (rows.length === 0) {
    return (
      <EmptyState title="No submissions yet.">
        Sample videos applicants upload after applying at /apply appear here, newest first.
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Video submissions ({rows.length})
        </h3>
        <p className="text-sm text-slate-600">
          Download opens the video in a new tab. Download links expire after 10 minutes; each click makes a
          new one.
        </p>
      </div>
      {downloadError ? <InlineAlert message={downloadError} /> : null}
      <VideoTable rows={rows} downloadingId={downloadingId} onDownload={(video) => void download(video)} />
    </section>
  );
}

function VideoTable({
  rows,
  downloadingId,
  onDownload,
}: {
  rows: readonly ApplicantVideo[];
  downloadingId: number | undefined;
  onDownload: (video: ApplicantVideo) => void;
}) {
  return (
    <AdminTable
      label="Video submissions"
      head={
        <>
          <HeaderCell>Email</HeaderCell>
          <HeaderCell>File</HeaderCell>
          <HeaderCell className="text-right">Size</HeaderCell>
          <HeaderCell>Submitted</HeaderCell>
          <HeaderCell className="text-right">Actions</HeaderCell>
        </>
      }
    >
      {rows.map((video) => (
        <Row key={video.id}>
          <Cell isRowTitle className="break-all text-slate-900 sm:max-w-64">
            {video.email}
          </Cell>
          <Cell label="File" className="break-all text-slate-700 sm:max-w-72">
            {video.original_filename}
          </Cell>
          <Cell label="Size" className="whitespace-nowrap text-slate-700 tabular-nums sm:text-right">
            {formatMegabytes(video.file_size)}
          </Cell>
          <Cell label="Submitted" className="text-slate-700 sm:whitespace-nowrap">
            <DateText iso={video.created_at} withTime />
          </Cell>
          <ActionsCell>
            <Button
              variant="outline"
              size="sm"
              loading={downloadingId === video.id}
              // The file's name tells the rows' buttons apart for a screen reader; the visible word comes first.
              aria-label={`Download ${video.original_filename}`}
              onClick={() => onDownload(video)}
              className="my-1 max-sm:min-h-11"
            >
              {downloadingId === video.id ? null : <Download className="size-4" aria-hidden="true" />}
              Download
            </Button>
          </ActionsCell>
        </Row>
      ))}
    </AdminTable>
  );
}
