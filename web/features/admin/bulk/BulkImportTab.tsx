import { useQueryClient } from '@tanstack/react-query';
import { Download, TriangleAlert } from 'lucide-react';
import { type ChangeEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { PROMPT_VARIABLES } from '#common/prompts.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import {
  type BulkAction,
  type BulkImportAnswer,
  type BulkPreviewAnswer,
  type BulkPreviewItem,
  hasExcelExtension,
  NO_CHAPTERS,
  NO_FILE,
  NOT_EXCEL,
  TEMPLATE_FILE_NAME,
} from '#common/schemas/bulk.ts';
import { DIFFICULTIES, type Difficulty } from '#common/stories.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { DisclosureButton } from '#web/components/ui/DisclosureButton.tsx';
import { FileInput } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { difficultyBadge, difficultyLabel } from '#web/features/library/difficulty.ts';
import { ApiError, apiFile } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import { ADMIN_KEYS, useAdminLanguages } from '../queries.ts';
import {
  type BulkPrompts,
  type BulkUpload,
  DEFAULT_PROMPTS,
  EXCEL_ACCEPT,
  importSummary,
  importWorkbook,
  isDefault,
  loadPrompts,
  moreChapters,
  previewSummary,
  previewWorkbook,
  resultCounts,
  savePrompts,
  TEMPLATE_PATH,
  uploadProblem,
  warningsOf,
} from './import.ts';

const PREVIEW_FAILED = 'Failed to preview file';
const IMPORT_FAILED = 'Failed to import stories';
const TEMPLATE_FAILED = 'Failed to download the template';

const VARIABLES_HINT =
  `Variables: ${PROMPT_VARIABLES.map((name) => `{${name}}`).join(', ')}. ` +
  'Write {{ and }} for a literal brace. Stories marked adult get a note on adult content added at the end.';

/**
 * The Bulk import stories tab (admin.md §2, §4, §5, §7, §9): an Excel workbook of story and chapter ideas is
 * previewed (the first 15 chapters with their generated prompts, and what an import would change), then, after
 * a confirmation, imported into one language. The prompts are the admin's to change, and kept in this browser.
 */
export function BulkImportTab() {
  const queryClient = useQueryClient();
  const languages = useAdminLanguages();
  const [languageId, setLanguageId] = useState('');
  const [file, setFile] = useState<File>();
  const [prompts, setPrompts] = useState<BulkPrompts>(loadPrompts);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ answer: BulkPreviewAnswer; upload: BulkUpload }>();
  const [result, setResult] = useState<BulkImportAnswer>();
  const [isConfirming, setIsConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const isBusy = isPreviewing || isConfirming;
  // What a screen reader hears once a preview or an import is done.
  const announcement = result
    ? `Import complete. ${importSummary(result)}`
    : preview
      ? `Preview ready. ${previewSummary(preview.answer)}`
      : '';

  // After an import the dialog and the button that opened it are gone or disabled: the result takes the focus.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  useEffect(() => {
    if (languages.error) console.warn('Could not load the languages.', languages.error);
  }, [languages.error]);

  useEffect(() => savePrompts(prompts), [prompts]);

  /** Anything that changes what an import would do makes the preview stale (admin.md §4). */
  function clearOutcome() {
    setPreview(undefined);
    setResult(undefined);
    setWarnings([]);
    setProblem(undefined);
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    clearOutcome();
    if (picked && !hasExcelExtension(picked.name)) {
      // Cleared, so the refused file is not shown as chosen.
      event.target.value = '';
      setFile(undefined);
      setProblem(NOT_EXCEL);
      return;
    }
    setFile(picked);
  }

  function handleLanguageChange(value: string) {
    clearOutcome();
    setLanguageId(value);
  }

  function handlePromptsChange(next: BulkPrompts) {
    if (preview) clearOutcome();
    setPrompts(next);
  }

  /** The upload when it can be sent; otherwise says why and sends nothing (admin.md §5). */
  function checkedUpload(): BulkUpload | undefined {
    const missing = uploadProblem({ file, languageId, prompts });
    if (missing !== undefined || !file) {
      setProblem(missing ?? NO_FILE);
      return undefined;
    }
    return { file, languageId, prompts };
  }

  async function handlePreview() {
    const upload = checkedUpload();
    if (!upload) return;
    clearOutcome();
    setIsPreviewing(true);
    try {
      const answer = await previewWorkbook(upload);
      setWarnings(answer.warnings);
      if (answer.preview.length === 0) {
        setProblem(NO_CHAPTERS);
        return;
      }
      setPreview({ answer, upload });
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(PREVIEW_FAILED, error);
      setProblem(apiErrorText(error, PREVIEW_FAILED));
      setWarnings(warningsOf(error));
    } finally {
      setIsPreviewing(false);
    }
  }

  async function runImport(upload: BulkUpload) {
    const answer = await importWorkbook(upload);
    setPreview(undefined);
    setFile(undefined);
    if (fileInput.current) fileInput.current.value = '';
    setResult(answer);
    setWarnings(answer.warnings);
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stories, exact: true });
  }

  async function handleTemplate() {
    setIsDownloading(true);
    setProblem(undefined);
    try {
      saveFile(await apiFile(TEMPLATE_PATH), TEMPLATE_FILE_NAME);
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(TEMPLATE_FAILED, error);
      setProblem(apiErrorText(error, TEMPLATE_FAILED));
    } finally {
      setIsDownloading(false);
    }
  }

  const languageOptions = (languages.data ?? []).map((language) => ({
    value: String(language.id),
    label: `${language.name} (${language.code})`,
  }));
  const nameOf = (id: string) => languages.data?.find((language) => String(language.id) === id)?.name;

  return (
    <Card>
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
      <CardContent className="flex flex-col gap-6">
        {languages.isError ? <InlineAlert message="Failed to load languages" /> : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <FileInput
            ref={fileInput}
            label="Excel file"
            accept={EXCEL_ACCEPT}
            onChange={handleFileChange}
            disabled={isBusy}
            hint=".xlsx or .xls, at most 10 MB, with the sheets story_ideas and chapter_ideas."
          />
          <Select
            label="Language"
            options={languageOptions}
            value={languageId}
            onValueChange={handleLanguageChange}
            placeholder={languages.isPending ? 'Loading languages...' : 'Select language'}
            disabled={languages.isPending || isBusy}
            hint="The stories are created in this language, and matched by title within it."
          />
        </div>

        <PromptFields prompts={prompts} onChange={handlePromptsChange} disabled={isBusy} />

        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            loading={isPreviewing}
            disabled={isBusy}
            onClick={() => void handlePreview()}
          >
            {isPreviewing ? 'Previewing...' : 'Preview'}
          </Button>
          <Button disabled={!preview || isBusy} onClick={() => setIsConfirming(true)}>
            Import to Database
          </Button>
        </div>

        {problem ? <InlineAlert message={problem} /> : null}
        <p role="status" className="sr-only">
          {announcement}
        </p>

        {result ? <ImportResult result={result} headingRef={resultHeading} /> : null}
        {warnings.length > 0 ? <Warnings warnings={warnings} /> : null}
        {preview ? <PreviewList answer={preview.answer} /> : null}
      </CardContent>

      {isConfirming && preview ? (
        <ConfirmDialog
          title="Import Stories"
          description={
            `Import "${preview.upload.file.name}" into ${nameOf(preview.upload.languageId) ?? 'the chosen language'}? ` +
            `${previewSummary(preview.answer)} Chapter texts already written are kept.`
          }
          confirmLabel="Import"
          busyLabel="Importing..."
          fallback={IMPORT_FAILED}
          onConfirm={() => runImport(preview.upload)}
          onClose={() => setIsConfirming(false)}
        />
      ) : null}
    </Card>
  );
}

/** Hands a downloaded file to the browser, as a link the person clicked would. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function PromptFields({
  prompts,
  onChange,
  disabled,
}: {
  prompts: BulkPrompts;
  onChange: (prompts: BulkPrompts) => void;
  disabled: boolean;
}) {
  const headingId = useId();
  const contentId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const isDefaultWording = isDefault(prompts);
  const setLevel = (level: Difficulty, text: string) =>
    onChange({ ...prompts, difficulty: { ...prompts.difficulty, [level]: text } });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            <DisclosureButton
              isOpen={isOpen}
              onToggle={() => setIsOpen((open) => !open)}
              controls={contentId}
              className="-ml-1"
            >
              Generation prompts
            </DisclosureButton>
          </h3>
          <p className="text-sm text-slate-600">
            {isDefaultWording
              ? "The default style guide per level, and the template each chapter's prompt is made from."
              : "Your own wording, kept in this browser: a style guide per level and the template each chapter's prompt is made from."}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="max-sm:min-h-11"
          disabled={disabled || isDefaultWording}
          onClick={() => onChange(DEFAULT_PROMPTS)}
        >
          Restore defaults
        </Button>
      </div>
      <div id={contentId} hidden={!isOpen}>
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 lg:grid-cols-2">
            {DIFFICULTIES.map((level) => (
              <Textarea
                key={level}
                label={`${difficultyLabel(level)} prompt`}
                rows={5}
                value={prompts.difficulty[level]}
                onChange={(event) => setLevel(level, event.target.value)}
                disabled={disabled}
                className="resize-y text-sm"
              />
            ))}
          </div>
          <Textarea
            label="Prompt template"
            rows={10}
            value={prompts.template}
            onChange={(event) => onChange({ ...prompts, template: event.target.value })}
            disabled={disabled}
            hint={VARIABLES_HINT}
            className="resize-y font-mono text-sm"
          />
        </div>
      </div>
    </section>
  );
}

function Warnings({ warnings }: { warnings: string[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-amber-900">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Warnings:
      </h3>
      <ul className="list-disc space-y-1 pl-6 text-sm break-words text-amber-900">
        {warnings.map((warning, index) => (
          // Warnings can repeat word for word (two rows with one mistake); their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}

function PreviewList({ answer }: { answer: BulkPreviewAnswer }) {
  const headingId = useId();
  const more = moreChapters(answer.total_chapters, answer.preview.length);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Preview
        </h3>
        <p className="text-sm text-slate-700">{previewSummary(answer)}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {answer.preview.map((item) => (
          <li key={`${item.title}\u0000${item.chapter_number}`}>
            <PreviewCard item={item} />
          </li>
        ))}
      </ul>
      {more ? <p className="text-sm font-medium text-slate-700">{more}</p> : null}
    </section>
  );
}

const ACTION_BADGES: Record<BulkAction, { label: string; variant: BadgeVariant }> = {
  create: { label: 'New', variant: 'green' },
  update: { label: 'Update', variant: 'blue' },
  unchanged: { label: 'No change', variant: 'neutral' },
};

function PreviewCard({ item }: { item: BulkPreviewItem }) {
  const [isOpen, setIsOpen] = useState(false);
  const promptId = useId();
  const action = ACTION_BADGES[item.action];
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="mr-1 text-base font-semibold break-words text-slate-900">{item.title}</h4>
        <Badge variant={difficultyBadge(item.level)}>{difficultyLabel(item.level)}</Badge>
        {item.is_adult ? <Badge variant="red">18+</Badge> : null}
        <Badge variant={action.variant}>{action.label}</Badge>
      </div>
      {item.story_description ? (
        <p className="text-sm break-words text-slate-600">{item.story_description}</p>
      ) : null}
      <p className="font-medium break-words text-slate-900">
        Chapter {item.chapter_number}: {item.chapter_title}
      </p>
      {item.chapter_purpose ? (
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium">Purpose:</span> {item.chapter_purpose}
        </p>
      ) : null}
      <div>
        <DisclosureButton
          isOpen={isOpen}
          onToggle={() => setIsOpen((open) => !open)}
          controls={promptId}
          className="-ml-1 text-sm font-semibold text-brand-800"
          iconClassName="size-4"
        >
          Generated prompt
          <span className="sr-only">
            {' '}
            for chapter {item.chapter_number} of {item.title}
          </span>
        </DisclosureButton>
        <div id={promptId} hidden={!isOpen}>
          <pre className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset">
            {item.generation_prompt}
          </pre>
        </div>
      </div>
    </article>
  );
}

function ImportResult({
  result,
  headingRef,
}: {
  result: BulkImportAnswer;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  const changed = result.stories.filter(
    (story) => story.action !== 'unchanged' || story.changed_chapters > 0,
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-200 ring-inset"
    >
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-green-900 focus:outline-none"
      >
        Import complete
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {resultCounts(result).map(({ label, value }) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-sm text-green-900">{label}</dt>
            <dd className="text-2xl font-bold text-green-950 tabular-nums">
              {value.toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
      {changed.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-green-900">
            Open a story to write its chapters (new stories are drafts):
          </p>
          <ul className="flex flex-wrap gap-2">
            {changed.map((story) => (
              <li key={story.id}>
                <Link
                  to={generatePath(CLIENT_ROUTES.adminStory, { storyId: String(story.id) })}
                  className="inline-flex min-h-11 items-center rounded-lg bg-white px-3 text-sm font-semibold text-brand-800 underline-offset-2 ring-1 ring-green-200 hover:underline"
                >
                  {story.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-green-900">{importSummary(result)}</p>
      )}
    </section>
  );
}
