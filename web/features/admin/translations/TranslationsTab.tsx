import { useEffect, useState } from 'react';
import type { DictionaryImport } from '#common/schemas/dictionary.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FileInput } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { useAdminLanguages } from '../queries.ts';
import { ImportProgress, type LanguageNames, pairName, RecentImports } from './ImportStatus.tsx';
import { DUMP_ACCEPT, DUMP_FORMATS, type DumpFormat, type UploadAction } from './upload.ts';
import { type DumpUpload, useDumpImport } from './useDumpImport.ts';

const FILE_HINT = 'Expected: one entry per line (wiktextract dump). Upload per language pair.';

/**
 * The Translations tab (admin.md §2, §4, §5, §8): a wiktextract dump for one language pair is previewed or
 * imported; an import runs as a background job whose progress is polled, and the result box shows the server's
 * reply as JSON or 'Error: …'. An import still running when the page is opened is picked up from the list.
 */
export function TranslationsTab() {
  const languages = useAdminLanguages();
  const dump = useDumpImport();
  const { request, running, file } = dump;
  const [confirming, setConfirming] = useState<DumpUpload>();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const isRequesting = request !== undefined;
  const isBusy = isRequesting || running !== undefined;
  const names: LanguageNames = new Map(
    (languages.data ?? []).map((language) => [language.code, language.name]),
  );

  useEffect(() => {
    if (languages.error) console.warn('Could not load the languages.', languages.error);
  }, [languages.error]);

  function handleImport() {
    const upload = dump.checkedUpload('import');
    if (upload) setConfirming(upload);
  }

  return (
    <Card>
      <TranslationsHeader />
      <CardContent className="flex flex-col gap-6">
        {languages.isError ? <InlineAlert message="Failed to load languages" /> : null}
        <PairFields dump={dump} disabled={isRequesting} />
        <FileInput
          label="File"
          accept={DUMP_ACCEPT}
          onChange={dump.handleFileChange}
          disabled={isRequesting}
          hint={FILE_HINT}
        />
        <RequestButtons
          request={request}
          isImporting={running !== undefined}
          disabled={!file || isBusy}
          onPreview={() => void dump.handlePreview()}
          onImport={handleImport}
        />
        {running ? (
          <ImportProgress item={running} names={names} onCancel={() => setIsConfirmingCancel(true)} />
        ) : null}
        <ResultBox result={dump.result} announcement={dump.announcement} isBusy={isRequesting} />
        <RecentImports
          items={dump.recent.data}
          isPending={dump.recent.isPending}
          isError={dump.recent.isError}
          running={running}
          names={names}
        />
      </CardContent>

      {confirming ? (
        <ConfirmImport
          upload={confirming}
          names={names}
          onConfirm={() => void dump.runImport(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
      {isConfirmingCancel && running ? (
        <ConfirmCancel
          running={running}
          names={names}
          onConfirm={() => dump.cancelImport(running.id)}
          onClose={() => setIsConfirmingCancel(false)}
        />
      ) : null}
    </Card>
  );
}

function TranslationsHeader() {
  return (
    <CardHeader>
      <CardTitle as="h2" className="text-xl">
        Translations
      </CardTitle>
      <CardDescription>
        Import a dictionary for one language pair from a Wiktextract dump. Preview reads the first 1,000
        lines; an import replaces the pair's dictionary when it finishes.
      </CardDescription>
    </CardHeader>
  );
}

/** Preview and Import, each busy while its request runs; Import stays busy while the import runs. */
function RequestButtons({
  request,
  isImporting,
  disabled,
  onPreview,
  onImport,
}: {
  request: UploadAction | undefined;
  isImporting: boolean;
  disabled: boolean;
  onPreview: () => void;
  onImport: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="outline" loading={request === 'preview'} disabled={disabled} onClick={onPreview}>
        {request === 'preview' ? 'Previewing...' : 'Preview'}
      </Button>
      <Button loading={request === 'import' || isImporting} disabled={disabled} onClick={onImport}>
        {request === 'import' ? 'Uploading...' : isImporting ? 'Importing...' : 'Import'}
      </Button>
    </div>
  );
}

/** The server's reply as JSON, or 'Error: …' (admin.md §8), and what a screen reader hears of it. */
function ResultBox({
  result,
  announcement,
  isBusy,
}: {
  result: string;
  announcement: string;
  isBusy: boolean;
}) {
  return (
    <>
      <Textarea
        label="Result"
        rows={12}
        readOnly
        value={result}
        aria-busy={isBusy || undefined}
        className="resize-y font-mono text-sm"
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/** The language pair and the dump's format. */
function PairFields({ dump, disabled }: { dump: ReturnType<typeof useDumpImport>; disabled: boolean }) {
  const languages = useAdminLanguages();
  const languageOptions = (languages.data ?? []).map((language) => ({
    value: language.code,
    label: `${language.name} (${language.code})`,
  }));
  const isLoadingLanguages = languages.isPending;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Select
        label="Source language"
        options={languageOptions}
        value={dump.fields.source}
        onValueChange={dump.setSource}
        placeholder={isLoadingLanguages ? 'Loading languages...' : 'Select source'}
        disabled={isLoadingLanguages || disabled}
      />
      <Select
        label="Target language"
        options={languageOptions}
        value={dump.fields.target}
        onValueChange={dump.setTarget}
        placeholder={isLoadingLanguages ? 'Loading languages...' : 'Select target'}
        disabled={isLoadingLanguages || disabled}
      />
      <Select
        label="Format"
        options={DUMP_FORMATS}
        value={dump.fields.mode}
        onValueChange={(value) => dump.setMode(value as DumpFormat)}
        disabled={disabled}
      />
    </div>
  );
}

function ConfirmImport({
  upload,
  names,
  onConfirm,
  onClose,
}: {
  upload: DumpUpload;
  names: LanguageNames;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Import Translations"
      description={
        `Import "${upload.file.name}" as the ${pairName(upload.fields, names)} dictionary? ` +
        'When the import finishes, it replaces the current dictionary of this pair.'
      }
      confirmLabel="Import"
      busyLabel="Importing..."
      fallback="Failed to start the import"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

function ConfirmCancel({
  running,
  names,
  onConfirm,
  onClose,
}: {
  running: DictionaryImport;
  names: LanguageNames;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Cancel Import"
      description={
        `Stop importing "${running.file_name}"? What it has loaded so far is dropped; the current ` +
        `${pairName(running, names)} dictionary stays as it is.`
      }
      confirmLabel="Cancel import"
      busyLabel="Cancelling..."
      dismissLabel="Keep importing"
      variant="danger"
      fallback="Failed to cancel the import"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
