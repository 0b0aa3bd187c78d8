import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DictionaryImport } from '#common/schemas/dictionary.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FileInput } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import {
  TRANSLATION_KEYS,
  useAdminLanguages,
  useTranslationImport,
  useTranslationImports,
} from '../queries.ts';
import {
  countOf,
  formatCount,
  IMPORT_STATUS_BADGES,
  importPercent,
  importResultText,
  importSummary,
  isImportActive,
  progressLine,
} from './imports.ts';
import {
  DUMP_ACCEPT,
  DUMP_FORMATS,
  type DumpFormat,
  hasDumpExtension,
  NO_FILE,
  previewDump,
  startImport,
  type UploadAction,
  uploadProblem,
  WRONG_EXTENSION,
} from './upload.ts';

const FILE_HINT = 'Expected: one entry per line (wiktextract dump). Upload per language pair.';

interface Upload {
  fields: { mode: DumpFormat; source: string; target: string };
  file: File;
}

type LanguageNames = ReadonlyMap<string, string>;

/**
 * The Translations tab (admin.md §2, §4, §5, §8): a wiktextract dump for one language pair is previewed or
 * imported; an import runs as a background job whose progress is polled, and the result box shows the server's
 * reply as JSON or 'Error: …'. An import still running when the page is opened is picked up from the list.
 */
export function TranslationsTab() {
  const queryClient = useQueryClient();
  const languages = useAdminLanguages();
  const recent = useTranslationImports();
  const [mode, setMode] = useState<DumpFormat>('wiktextract');
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [file, setFile] = useState<File>();
  const [request, setRequest] = useState<UploadAction>();
  const [result, setResult] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [followedId, setFollowedId] = useState<number>();
  const [confirming, setConfirming] = useState<Upload>();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const hasLookedForRunning = useRef(false);
  const followed = useTranslationImport(followedId);
  const running =
    followedId !== undefined && isImportActive(followed.data?.status) ? followed.data : undefined;
  const isRequesting = request !== undefined;
  const isBusy = isRequesting || running !== undefined;
  const names: LanguageNames = new Map(
    (languages.data ?? []).map((language) => [language.code, language.name]),
  );

  useEffect(() => {
    if (languages.error) console.warn('Could not load the languages.', languages.error);
  }, [languages.error]);

  // Once per visit: an import started earlier (before a reload, or by another admin) is followed here too.
  useEffect(() => {
    if (hasLookedForRunning.current || !recent.data) return;
    hasLookedForRunning.current = true;
    const active =
      recent.data.find((item) => item.status === 'running') ??
      recent.data.find((item) => item.status === 'queued');
    if (!active || followedId !== undefined) return;
    queryClient.setQueryData(TRANSLATION_KEYS.import(active.id), active);
    setFollowedId(active.id);
    setResult(JSON.stringify(active, null, 2));
  }, [recent.data, followedId, queryClient]);

  // A finished import puts its counts (or its error) in the box, and the list learns its final status.
  const followedData = followedId === undefined ? undefined : followed.data;
  useEffect(() => {
    if (!followedData || isImportActive(followedData.status)) return;
    setResult(importResultText(followedData));
    setAnnouncement(importSummary(followedData));
    setFollowedId(undefined);
    void queryClient.invalidateQueries({ queryKey: TRANSLATION_KEYS.imports, exact: true });
  }, [followedData, queryClient]);

  // A refused poll (the import is gone, the session ended) will not succeed by asking again.
  const pollError = followedId === undefined ? null : followed.error;
  useEffect(() => {
    if (!(pollError instanceof ApiError && pollError.status >= 400 && pollError.status < 500)) return;
    setResult(`Error: ${pollError.message}`);
    setAnnouncement(`Error: ${pollError.message}`);
    setFollowedId(undefined);
  }, [pollError]);

  function showError(message: string) {
    setResult(`Error: ${message}`);
    setAnnouncement(`Error: ${message}`);
  }

  function showFailure(error: unknown, fallback: string) {
    if (!(error instanceof ApiError)) console.warn(fallback, error);
    showError(apiErrorText(error, fallback));
  }

  /** The upload when it can be sent; otherwise says why in the box and sends nothing (admin.md §5). */
  function checkedUpload(action: UploadAction): Upload | undefined {
    const problem = uploadProblem({ mode, source, target, file, action });
    if (problem !== undefined || !file) {
      showError(problem ?? NO_FILE);
      return undefined;
    }
    return { fields: { mode, source, target }, file };
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    setResult('');
    setAnnouncement('');
    if (picked && !hasDumpExtension(picked.name)) {
      // Cleared, so the refused file is not shown as chosen.
      event.target.value = '';
      setFile(undefined);
      showError(WRONG_EXTENSION);
      return;
    }
    setFile(picked);
  }

  async function handlePreview() {
    const upload = checkedUpload('preview');
    if (!upload) return;
    setRequest('preview');
    setResult('');
    setAnnouncement('');
    try {
      const { answer, reply } = await previewDump(upload.fields, upload.file);
      setResult(JSON.stringify(reply, null, 2));
      setAnnouncement(
        `Preview ready: ${countOf(answer.entries, 'entry', 'entries')} in ` +
          `${countOf(answer.lines, 'line', 'lines')}, ${formatCount(answer.skipped)} skipped.`,
      );
    } catch (error) {
      showFailure(error, 'Failed to preview the file');
    } finally {
      setRequest(undefined);
    }
  }

  function handleImport() {
    const upload = checkedUpload('import');
    if (upload) setConfirming(upload);
  }

  async function runImport(upload: Upload) {
    setRequest('import');
    setResult('');
    setAnnouncement('Uploading the file...');
    try {
      const { answer, reply } = await startImport(upload.fields, upload.file);
      queryClient.setQueryData(TRANSLATION_KEYS.import(answer.import.id), answer.import);
      setFollowedId(answer.import.id);
      setResult(JSON.stringify(reply, null, 2));
      setAnnouncement('The file is uploaded; the import has started.');
      void queryClient.invalidateQueries({ queryKey: TRANSLATION_KEYS.imports, exact: true });
    } catch (error) {
      showFailure(error, 'Failed to start the import');
    } finally {
      setRequest(undefined);
    }
  }

  async function cancelImport(importId: number) {
    const answer = await api(`/api/admin/translations/imports/${importId}/`, {
      method: 'DELETE',
      schema: DictionaryImport,
    });
    // The finished answer ends the polling and fills the box, like a last poll would.
    queryClient.setQueryData(TRANSLATION_KEYS.import(answer.id), answer);
  }

  const languageOptions = (languages.data ?? []).map((language) => ({
    value: language.code,
    label: `${language.name} (${language.code})`,
  }));
  const isLoadingLanguages = languages.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Translations
        </CardTitle>
        <CardDescription>
          Import a dictionary for one language pair from a Wiktextract dump. Preview reads the first 1,000
          lines; an import replaces the pair's dictionary when it finishes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {languages.isError ? <InlineAlert message="Failed to load languages" /> : null}

        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label="Source language"
            options={languageOptions}
            value={source}
            onValueChange={setSource}
            placeholder={isLoadingLanguages ? 'Loading languages...' : 'Select source'}
            disabled={isLoadingLanguages || isRequesting}
          />
          <Select
            label="Target language"
            options={languageOptions}
            value={target}
            onValueChange={setTarget}
            placeholder={isLoadingLanguages ? 'Loading languages...' : 'Select target'}
            disabled={isLoadingLanguages || isRequesting}
          />
          <Select
            label="Format"
            options={DUMP_FORMATS}
            value={mode}
            onValueChange={(value) => setMode(value as DumpFormat)}
            disabled={isRequesting}
          />
        </div>

        <FileInput
          label="File"
          accept={DUMP_ACCEPT}
          onChange={handleFileChange}
          disabled={isRequesting}
          hint={FILE_HINT}
        />

        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            loading={request === 'preview'}
            disabled={!file || isBusy}
            onClick={() => void handlePreview()}
          >
            {request === 'preview' ? 'Previewing...' : 'Preview'}
          </Button>
          <Button
            loading={request === 'import' || running !== undefined}
            disabled={!file || isBusy}
            onClick={handleImport}
          >
            {request === 'import' ? 'Uploading...' : running ? 'Importing...' : 'Import'}
          </Button>
        </div>

        {running ? (
          <ImportProgress item={running} names={names} onCancel={() => setIsConfirmingCancel(true)} />
        ) : null}

        <Textarea
          label="Result"
          rows={12}
          readOnly
          value={result}
          aria-busy={isRequesting || undefined}
          className="resize-y font-mono text-sm"
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>

        <RecentImports
          items={recent.data}
          isPending={recent.isPending}
          isError={recent.isError}
          running={running}
          names={names}
        />
      </CardContent>

      {confirming ? (
        <ConfirmDialog
          title="Import Translations"
          description={
            `Import "${confirming.file.name}" as the ${pairName(confirming.fields, names)} dictionary? ` +
            'When the import finishes, it replaces the current dictionary of this pair.'
          }
          confirmLabel="Import"
          busyLabel="Importing..."
          fallback="Failed to start the import"
          onConfirm={() => void runImport(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
      {isConfirmingCancel && running ? (
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
          onConfirm={() => cancelImport(running.id)}
          onClose={() => setIsConfirmingCancel(false)}
        />
      ) : null}
    </Card>
  );
}

/** 'Spanish → English', with the codes for languages this site does not know (any more). */
function pairName(pair: { source: string; target: string }, names: LanguageNames): string {
  return `${names.get(pair.source) ?? pair.source} → ${names.get(pair.target) ?? pair.target}`;
}

function ImportProgress({
  item,
  names,
  onCancel,
}: {
  item: DictionaryImport;
  names: LanguageNames;
  onCancel: () => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Importing {pairName(item, names)}
      </h3>
      <p className="text-sm break-all text-slate-600">{item.file_name}</p>
      <ProgressBar value={importPercent(item)} label="Import progress" tone="blue" />
      <p className="text-sm text-slate-700 tabular-nums">{progressLine(item)}</p>
      <Button variant="outline" size="sm" className="self-start max-sm:min-h-11" onClick={onCancel}>
        Cancel import
      </Button>
    </section>
  );
}

const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function RecentImports({
  items,
  isPending,
  isError,
  running,
  names,
}: {
  items: DictionaryImport[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The import being polled: fresher than its row in the list. */
  running: DictionaryImport | undefined;
  names: LanguageNames;
}) {
  const headingId = useId();
  let content: ReactNode;
  if (isPending) {
    content = <Spinner label="Loading imports..." showLabel size="sm" className="text-slate-600" />;
  } else if (isError || !items) {
    content = <p className="text-sm font-medium text-red-700">Failed to load imports</p>;
  } else if (items.length === 0) {
    content = <p className="text-sm text-slate-600">No imports yet.</p>;
  } else {
    content = (
      <ul
        aria-labelledby={headingId}
        className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {items.map((listed) => {
          const item = listed.id === running?.id ? running : listed;
          const badge = IMPORT_STATUS_BADGES[item.status];
          const entries = item.progress?.entries;
          return (
            <li
              key={item.id}
              className="flex flex-col gap-1.5 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium text-slate-900">{pairName(item, names)}</p>
                <p className="text-sm break-all text-slate-600">{item.file_name}</p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                <Badge variant={badge.variant}>{badge.label}</Badge>
                {entries === undefined ? null : (
                  <span className="tabular-nums">{countOf(entries, 'entry', 'entries')}</span>
                )}
                <time dateTime={item.created_at}>{dates.format(new Date(item.created_at))}</time>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Recent imports
      </h3>
      {content}
    </section>
  );
}
