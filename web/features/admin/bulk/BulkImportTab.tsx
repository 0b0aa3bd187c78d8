import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { downloadBulkTemplate } from '#common/endpoints/bulk.ts';
import { type BulkPreviewAnswer, TEMPLATE_FILE_NAME } from '#common/schemas/bulk.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FileInput } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { saveFile } from '#web/lib/saveFile.ts';
import { useAdminLanguages } from '../queries.ts';
import { PreviewList, Warnings } from './BulkPreview.tsx';
import { ImportResult } from './ImportResult.tsx';
import { type BulkUpload, EXCEL_ACCEPT, previewSummary } from './import.ts';
import { PromptFields } from './PromptFields.tsx';
import { useBulkImport } from './useBulkImport.ts';

const IMPORT_FAILED = 'Failed to import stories';
const TEMPLATE_FAILED = 'Failed to download the template';

/**
 * The Bulk import stories tab (admin.md §2, §4, §5, §7, §9): an Excel workbook of story and chapter ideas is
 * previewed (the first 15 chapters with their generated prompts, and what an import would change), then, after
 * a confirmation, imported into one language. The prompts are the admin's to change, and kept in this browser.
 */
export function BulkImportTab() {
  const languages = useAdminLanguages();
  const bulk = useBulkImport();
  const { preview, result, warnings, isPreviewing } = bulk;
  const [isConfirming, setIsConfirming] = useState(false);
  const isBusy = isPreviewing || isConfirming;

  useEffect(() => {
    if (languages.error) console.warn('Could not load the languages.', languages.error);
  }, [languages.error]);

  const languageOptions = (languages.data ?? []).map((language) => ({
    value: String(language.id),
    label: `${language.name} (${language.code})`,
  }));
  const nameOf = (id: string) => languages.data?.find((language) => String(language.id) === id)?.name;

  return (
    <Card>
      <BulkImportHeader onProblem={bulk.setProblem} />
      <CardContent className="flex flex-col gap-6">
        {languages.isError ? <InlineAlert message="Failed to load languages" /> : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <FileInput
            ref={bulk.fileInput}
            label="Excel file"
            accept={EXCEL_ACCEPT}
            onChange={bulk.handleFileChange}
            disabled={isBusy}
            hint=".xlsx or .xls, at most 10 MB, with the sheets story_ideas and chapter_ideas."
          />
          <Select
            label="Language"
            options={languageOptions}
            value={bulk.languageId}
            onValueChange={bulk.handleLanguageChange}
            placeholder={languages.isPending ? 'Loading languages...' : 'Select language'}
            disabled={languages.isPending || isBusy}
            hint="The stories are created in this language, and matched by title within it."
          />
        </div>

        <PromptFields prompts={bulk.prompts} onChange={bulk.handlePromptsChange} disabled={isBusy} />

        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            loading={isPreviewing}
            disabled={isBusy}
            onClick={() => void bulk.handlePreview()}
          >
            {isPreviewing ? 'Previewing...' : 'Preview'}
          </Button>
          <Button disabled={!preview || isBusy} onClick={() => setIsConfirming(true)}>
            Import to Database
          </Button>
        </div>

        {bulk.problem ? <InlineAlert message={bulk.problem} /> : null}
        <p role="status" className="sr-only">
          {bulk.announcement}
        </p>

        {result ? <ImportResult result={result} headingRef={bulk.resultHeading} /> : null}
        {warnings.length > 0 ? <Warnings warnings={warnings} /> : null}
        {preview ? <PreviewList answer={preview.answer} /> : null}
      </CardContent>

      {isConfirming && preview ? (
        <ConfirmImport
          preview={preview}
          languageName={nameOf(preview.upload.languageId)}
          onConfirm={() => bulk.runImport(preview.upload)}
          onClose={() => setIsConfirming(false)}
        />
      ) : null}
    </Card>
  );
}

/** The tab's title and what it does, with the button that downloads the workbook template. */
function BulkImportHeader({ onProblem }: { onProblem: (problem: string | undefined) => void }) {
  const [isDownloading, setIsDownloading] = useState(false);

  async function handleTemplate() {
    setIsDownloading(true);
    onProblem(undefined);
    try {
      saveFile(await call(downloadBulkTemplate, {}), TEMPLATE_FILE_NAME);
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(TEMPLATE_FAILED, error);
      onProblem(failureText(error, TEMPLATE_FAILED));
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-1.5">
        <CardTitle as="h2" className="text-xl">
          Bulk Import Stories
        </CardTitle>
        <CardDescription>
          Create stories and their chapter ideas from an Excel workbook with two sheets, story_ideas and
          chapter_ideas. Each chapter gets a generation prompt for its writer; its text stays empty until it
          is written. Stories are matched by title and chapters by number, so importing a workbook again
          updates what changed.
        </CardDescription>
      </div>
      <Button
        variant="outline"
        className="shrink-0 self-start"
        loading={isDownloading}
        disabled={isDownloading}
        onClick={() => void handleTemplate()}
      >
        {isDownloading ? null : <Download className="size-4" aria-hidden="true" />}
        Download template
      </Button>
    </CardHeader>
  );
}

/** The question before an import, naming the workbook, the language and what would change. */
function ConfirmImport({
  preview,
  languageName,
  onConfirm,
  onClose,
}: {
  preview: { answer: BulkPreviewAnswer; upload: BulkUpload };
  languageName: string | undefined;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Import Stories"
      description={
        `Import "${preview.upload.file.name}" into ${languageName ?? 'the chosen language'}? ` +
        `${previewSummary(preview.answer)} Chapter texts already written are kept.`
      }
      confirmLabel="Import"
      busyLabel="Importing..."
      fallback={IMPORT_FAILED}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
