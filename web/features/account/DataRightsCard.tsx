import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { exportData } from '#common/endpoints/account.ts';
import { exportFileName } from '#common/schemas/account.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { saveFile } from '#web/lib/saveFile.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

export const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';

/** Today in the learner's own calendar, as YYYY-MM-DD (the download's name). */
function localDay(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The learner's data rights (issue 20): 'Download my data' saves everything kept about them as one JSON file,
 * and the danger zone's 'Delete my account' asks for the address before it deletes. `isDisabled` holds the
 * buttons while the page does something else (spec/learner.md §4).
 */
export function DataRightsCard({ email, isDisabled = false }: { email: string; isDisabled?: boolean }) {
  const [isDownloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [isDeleting, setDeleting] = useState(false);

  async function handleDownload() {
    setDownloading(true);
    setProblem(undefined);
    try {
      saveFile(await call(exportData, {}), exportFileName(localDay()));
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(DOWNLOAD_FAILED, error);
      setProblem(failureText(error, DOWNLOAD_FAILED));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-labelledby="data-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="data-heading" className="text-xl">
            Your data
          </CardTitle>
          <CardDescription>
            Download everything Catamaran keeps about you: your profile, progress, points, reading days, saved
            words, feedback, narrator applications, subscription and devices, as one JSON file.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Button
            variant="outline"
            loading={isDownloading}
            disabled={isDisabled}
            onClick={() => void handleDownload()}
            className="w-full sm:w-auto sm:self-start"
          >
            {isDownloading ? null : <Download className="size-5" aria-hidden="true" />}
            {isDownloading ? 'Preparing your data...' : 'Download my data'}
          </Button>
          {problem ? <InlineAlert message={problem} /> : null}
          <div className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-red-200 ring-inset">
            <h3 className="font-semibold text-red-800">Danger zone</h3>
            <p className="text-base text-slate-700">
              Deleting your account removes it and everything kept with it, signs out every device and cancels
              a Pro subscription at once. It cannot be undone.
            </p>
            <Button
              variant="danger"
              disabled={isDisabled}
              onClick={() => setDeleting(true)}
              className="w-full sm:w-auto sm:self-start"
            >
              <Trash2 className="size-5" aria-hidden="true" />
              Delete my account
            </Button>
          </div>
        </CardContent>
      </Card>
      {isDeleting ? <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
