import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import {
  type BulkImportAnswer,
  type BulkPreviewAnswer,
  hasExcelExtension,
  NO_CHAPTERS,
  NO_FILE,
  NOT_EXCEL,
} from '#common/schemas/bulk.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import {
  type BulkPrompts,
  type BulkUpload,
  importSummary,
  importWorkbook,
  loadPrompts,
  previewSummary,
  previewWorkbook,
  savePrompts,
  uploadProblem,
  warningsOf,
} from './import.ts';

const PREVIEW_FAILED = 'Failed to preview file';

/**
 * The bulk import's state (admin.md §4, §5): the workbook, language and prompts chosen, then a preview of what
 * an import would do, then the import's result. Anything that changes what an import would do drops the
 * preview, so what is confirmed is always what was previewed.
 */
export function useBulkImport() {
  const queryClient = useQueryClient();
  const outcome = useOutcome();
  const { preview, clearOutcome, setProblem, setWarnings, setPreview } = outcome;
  const workbook = useWorkbookFile(clearOutcome, setProblem);
  const { file } = workbook;
  const [languageId, setLanguageId] = useState('');
  const [prompts, setPrompts] = useState<BulkPrompts>(loadPrompts);
  const [isPreviewing, setIsPreviewing] = useState(false);

  useEffect(() => savePrompts(prompts), [prompts]);

  function handleLanguageChange(value: string) {
    clearOutcome();
    setLanguageId(value);
  }

  function handlePromptsChange(next: BulkPrompts) {
    if (preview) clearOutcome();
    setPrompts(next);
  }

  async function handlePreview() {
    // The upload when it can be sent; otherwise says why and sends nothing (admin.md §5).
    const missing = uploadProblem({ file, languageId, prompts });
    if (missing !== undefined || !file) {
      setProblem(missing ?? NO_FILE);
      return;
    }
    const upload = { file, languageId, prompts };
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
      setProblem(failureText(error, PREVIEW_FAILED));
      setWarnings(warningsOf(error));
    } finally {
      setIsPreviewing(false);
    }
  }

  async function runImport(upload: BulkUpload) {
    const answer = await importWorkbook(upload);
    setPreview(undefined);
    workbook.clear();
    outcome.setResult(answer);
    setWarnings(answer.warnings);
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminStories(), exact: true });
  }

  return {
    ...outcome,
    languageId,
    prompts,
    isPreviewing,
    fileInput: workbook.fileInput,
    handleFileChange: workbook.handleFileChange,
    handleLanguageChange,
    handlePromptsChange,
    handlePreview,
    runImport,
  };
}

/** What the last preview or import came to: its problem, warnings, preview or result, and what to announce. */
function useOutcome() {
  const [problem, setProblem] = useState<string>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ answer: BulkPreviewAnswer; upload: BulkUpload }>();
  const [result, setResult] = useState<BulkImportAnswer>();
  const resultHeading = useRef<HTMLHeadingElement>(null);
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

  /** Anything that changes what an import would do makes the preview stale (admin.md §4). */
  function clearOutcome() {
    setPreview(undefined);
    setResult(undefined);
    setWarnings([]);
    setProblem(undefined);
  }

  return {
    problem,
    setProblem,
    warnings,
    setWarnings,
    preview,
    setPreview,
    result,
    setResult,
    resultHeading,
    announcement,
    clearOutcome,
  };
}

/** The workbook chosen, and its file input; a file that is not a workbook is refused at once (admin.md §5). */
function useWorkbookFile(onChange: () => void, onProblem: (problem: string) => void) {
  const [file, setFile] = useState<File>();
  const fileInput = useRef<HTMLInputElement>(null);

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    onChange();
    if (picked && !hasExcelExtension(picked.name)) {
      // Cleared, so the refused file is not shown as chosen.
      event.target.value = '';
      setFile(undefined);
      onProblem(NOT_EXCEL);
      return;
    }
    setFile(picked);
  }

  /** Forgets the file once it is imported. */
  function clear() {
    setFile(undefined);
    if (fileInput.current) fileInput.current.value = '';
  }

  return { file, fileInput, handleFileChange, clear };
}
