import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { cancelImport as cancelImportEndpoint } from '#common/endpoints/dictionary.ts';
import { formatCount, plural } from '#common/plural.ts';
import type { DictionaryImport } from '#common/schemas/dictionary.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useTranslationImport, useTranslationImports } from '../queries.ts';
import { ENTRIES, importResultText, importSummary, isImportActive, LINES } from './imports.ts';
import {
  type DumpFormat,
  hasDumpExtension,
  NO_FILE,
  previewDump,
  startImport,
  type UploadAction,
  uploadProblem,
  WRONG_EXTENSION,
} from './upload.ts';

/** A dump ready to send: the pair and format chosen, and the file. */
export interface DumpUpload {
  fields: { mode: DumpFormat; source: string; target: string };
  file: File;
}

/**
 * The Translations tab's state (admin.md §4, §5, §8): the pair, format and file chosen, the request being
 * sent, and the result box with what a screen reader hears of it. An import, once started, is followed by
 * useImportFollower.
 */
export function useDumpImport() {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<UploadAction>();
  const [result, setResult] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const follower = useImportFollower(setResult, setAnnouncement);
  const choices = useDumpChoices(show);

  function show(text: string, said = text) {
    setResult(text);
    setAnnouncement(said);
  }

  function showFailure(error: unknown, fallback: string) {
    if (!(error instanceof ApiError)) console.warn(fallback, error);
    show(`Error: ${failureText(error, fallback)}`);
  }

  /** Sends the upload, with what the box says meanwhile; the request's own step shows its answer. */
  async function send(action: UploadAction, said: string, step: () => Promise<void>, fallback: string) {
    setRequest(action);
    show('', said);
    try {
      await step();
    } catch (error) {
      showFailure(error, fallback);
    } finally {
      setRequest(undefined);
    }
  }

  async function handlePreview() {
    const upload = choices.checkedUpload('preview');
    if (!upload) return;
    await send(
      'preview',
      '',
      async () => {
        const { answer, reply } = await previewDump(upload.fields, upload.file);
        show(
          JSON.stringify(reply, null, 2),
          `Preview ready: ${plural(answer.entries, ENTRIES)} in ` +
            `${plural(answer.lines, LINES)}, ${formatCount(answer.skipped)} skipped.`,
        );
      },
      'Failed to preview the file',
    );
  }

  async function runImport(upload: DumpUpload) {
    await send(
      'import',
      'Uploading the file...',
      async () => {
        const { answer, reply } = await startImport(upload.fields, upload.file);
        follower.follow(answer.import);
        show(JSON.stringify(reply, null, 2), 'The file is uploaded; the import has started.');
        void queryClient.invalidateQueries({ queryKey: queryKeys.dictionaryImports(), exact: true });
      },
      'Failed to start the import',
    );
  }

  return {
    ...choices,
    request,
    result,
    announcement,
    ...follower,
    handlePreview,
    runImport,
  };
}

/**
 * The import being run, polled until it finishes (admin.md §4): one started here, or one found running when the
 * page opened (before a reload, or by another admin). Its end is written into the result box.
 */
function useImportFollower(
  setResult: Dispatch<SetStateAction<string>>,
  setAnnouncement: Dispatch<SetStateAction<string>>,
) {
  const queryClient = useQueryClient();
  const recent = useTranslationImports();
  const [followedId, setFollowedId] = useState<number>();
  const hasLookedForRunning = useRef(false);
  const followed = useTranslationImport(followedId);
  const running =
    followedId !== undefined && isImportActive(followed.data?.status) ? followed.data : undefined;

  // Once per visit: an import started earlier (before a reload, or by another admin) is followed here too.
  useEffect(() => {
    if (hasLookedForRunning.current || !recent.data) return;
    hasLookedForRunning.current = true;
    const active =
      recent.data.find((item) => item.status === 'running') ??
      recent.data.find((item) => item.status === 'queued');
    if (!active || followedId !== undefined) return;
    queryClient.setQueryData(queryKeys.dictionaryImport(active.id), active);
    setFollowedId(active.id);
    setResult(JSON.stringify(active, null, 2));
  }, [recent.data, followedId, queryClient, setResult]);

  // A finished import puts its counts (or its error) in the box, and the list learns its final status.
  const followedData = followedId === undefined ? undefined : followed.data;
  useEffect(() => {
    if (!followedData || isImportActive(followedData.status)) return;
    setResult(importResultText(followedData));
    setAnnouncement(importSummary(followedData));
    setFollowedId(undefined);
    void queryClient.invalidateQueries({ queryKey: queryKeys.dictionaryImports(), exact: true });
  }, [followedData, queryClient, setResult, setAnnouncement]);

  // A refused poll (the import is gone, the session ended) will not succeed by asking again.
  const pollError = followedId === undefined ? null : followed.error;
  useEffect(() => {
    if (!(pollError instanceof ApiError && pollError.status >= 400 && pollError.status < 500)) return;
    setResult(`Error: ${pollError.message}`);
    setAnnouncement(`Error: ${pollError.message}`);
    setFollowedId(undefined);
  }, [pollError, setResult, setAnnouncement]);

  /** Follows an import just started. */
  function follow(started: DictionaryImport) {
    queryClient.setQueryData(queryKeys.dictionaryImport(started.id), started);
    setFollowedId(started.id);
  }

  async function cancelImport(importId: number) {
    const answer = await call(cancelImportEndpoint, { params: { id: importId } });
    // The finished answer ends the polling and fills the box, like a last poll would.
    queryClient.setQueryData(queryKeys.dictionaryImport(answer.id), answer);
  }

  return { recent, running, follow, cancelImport };
}

/** The pair, format and file chosen; a file that is not a dump is refused at once, said in the box. */
function useDumpChoices(show: (text: string) => void) {
  const [mode, setMode] = useState<DumpFormat>('wiktextract');
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [file, setFile] = useState<File>();

  /** The upload when it can be sent; otherwise says why in the box and sends nothing (admin.md §5). */
  function checkedUpload(action: UploadAction): DumpUpload | undefined {
    const problem = uploadProblem({ mode, source, target, file, action });
    if (problem !== undefined || !file) {
      show(`Error: ${problem ?? NO_FILE}`);
      return undefined;
    }
    return { fields: { mode, source, target }, file };
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    show('');
    if (picked && !hasDumpExtension(picked.name)) {
      // Cleared, so the refused file is not shown as chosen.
      event.target.value = '';
      setFile(undefined);
      show(`Error: ${WRONG_EXTENSION}`);
      return;
    }
    setFile(picked);
  }

  return {
    fields: { mode, source, target },
    setMode,
    setSource,
    setTarget,
    file,
    checkedUpload,
    handleFileChange,
  };
}
