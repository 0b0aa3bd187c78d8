// Importing the words a learner already knows (issue 22): a list pasted or a file chosen, a preview of what
// would change (POST /api/terms/import/preview/), then the import (POST /api/terms/import/), which moves the
// library's "You know" shares and the known words on /progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { importKnown, previewKnownImport } from '#common/endpoints/terms.ts';
import { formatCount, type PluralForms, plural } from '#common/plural.ts';
import { type ImportKnownResult, MAX_IMPORT_TEXT_LENGTH } from '#common/schemas/terms.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { FileInput } from '#web/components/ui/FileInput.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { useLanguages } from '#web/features/dashboard/queries.ts';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

export const IMPORT_TITLE = 'Import known words';
export const IMPORT_FAILED = 'The words could not be imported. Please try again.';
/** A file's size cap: its text must fit the list's cap (UTF-8 takes at least a byte per character). */
const MAX_FILE_BYTES = MAX_IMPORT_TEXT_LENGTH;
export const FILE_TOO_LARGE = `The file is too large: at most ${MAX_FILE_BYTES / 1_000_000} MB.`;
export const FILE_EMPTY = 'The file is empty: choose a file with one word per line.';
const FILE_UNREADABLE = 'The file could not be read. Choose a text or CSV file.';

const WORDS: PluralForms = { one: 'word', other: 'words' };

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

/** What the preview found, as sentences a learner reads before deciding. */
function PreviewSummary({ preview }: { preview: ImportKnownResult }) {
  const changes = preview.to_known + preview.to_learning;
  return (
    <div className="flex flex-col gap-3 text-base text-slate-700">
      <p>
        {plural(preview.rows, { one: 'line', other: 'lines' })} read: {plural(preview.terms, WORDS)}
        {preview.terms === preview.rows - preview.skipped ? '' : ' (forms of one word counted once)'}.
      </p>
      <ul className="flex flex-col gap-1.5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
        <li>
          <strong className="font-semibold text-slate-900">{plural(preview.to_known, WORDS)}</strong> will
          become known
          {preview.from_learning > 0 ? ` (${formatCount(preview.from_learning)} you were learning)` : ''}
        </li>
        {preview.to_learning > 0 ? (
          <li>
            <strong className="font-semibold text-slate-900">{plural(preview.to_learning, WORDS)}</strong>{' '}
            will be marked as learning, at the level in the file
          </li>
        ) : null}
        {preview.unchanged > 0 ? (
          <li>
            {plural(preview.unchanged, { one: 'word stays', other: 'words stay' })} as they are (known,
            ignored or further along)
          </li>
        ) : null}
        {preview.skipped > 0 ? (
          <li>
            {plural(preview.skipped, { one: 'line was', other: 'lines were' })} skipped: phrases of several
            words, or not a word
          </li>
        ) : null}
      </ul>
      {preview.examples.length > 0 ? (
        <p className="break-words">
          For example: <span lang={preview.language}>{preview.examples.join(', ')}</span>
        </p>
      ) : null}
      {changes === 0 ? <p>Nothing to change: you already know every word in the list.</p> : null}
    </div>
  );
}

/** The language and the list: pasted, or a file's text. */
function ListFields({
  language,
  onLanguage,
  text,
  onText,
  file,
  onFile,
  onRemoveFile,
}: {
  language: string;
  onLanguage: (code: string) => void;
  text: string;
  onText: (text: string) => void;
  file: ChosenFile | undefined;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemoveFile: () => void;
}) {
  const languages = useLanguages();
  const selectId = useId();
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
          Language
        </label>
        <select
          id={selectId}
          value={language}
          onChange={(event) => onLanguage(event.target.value)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
        >
          {(languages.data ?? []).map((each) => (
            <option key={each.code} value={each.code}>
              {each.native_name} ({each.name})
            </option>
          ))}
          {languages.data?.some((each) => each.code === language) ? null : (
            <option value={language}>{language}</option>
          )}
        </select>
      </div>
      <Textarea
        label="Words you know"
        hint={file ? `Using the file ${file.name}; remove it to paste instead.` : 'One word per line.'}
        rows={6}
        lang={language}
        value={file ? '' : text}
        disabled={file !== undefined}
        onChange={(event) => onText(event.target.value)}
      />
      {file ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
          <span className="min-w-0 break-all text-sm text-slate-700">
            {file.name} · {formatCount(Math.ceil(file.size / 1024))} KB
          </span>
          <Button variant="outline" size="sm" onClick={onRemoveFile}>
            Remove file
          </Button>
        </div>
      ) : (
        <FileInput
          label="Or upload a file"
          hint="A text or CSV file with one word per line, LingQ's vocabulary export, or Anki's Notes in Plain Text export."
          accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
          onChange={onFile}
        />
      )}
    </>
  );
}

/** A file's text as UTF-8 (a byte order mark dropped), through FileReader, which every browser has. */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Reads a chosen file's text, refusing one that is empty or too large before anything is sent. */
async function readChosen(file: File): Promise<ChosenFile> {
  if (file.size === 0) throw new Error(FILE_EMPTY);
  if (file.size > MAX_FILE_BYTES) throw new Error(FILE_TOO_LARGE);
  let text: string;
  try {
    text = await textOf(file);
  } catch {
    throw new Error(FILE_UNREADABLE);
  }
  if (text.trim() === '') throw new Error(FILE_EMPTY);
  return { name: file.name, size: file.size, text };
}

/** The import's calls: a preview, then the import, which renews every view of what the learner knows. */
function useImportCalls() {
  const queryClient = useQueryClient();
  const preview = useMutation({
    mutationFn: (body: { language: string; text: string }) => call(previewKnownImport, { body }),
  });
  const apply = useMutation({
    mutationFn: (body: { language: string; text: string }) => call(importKnown, { body }),
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.stories(),
        queryKeys.chapters(),
        queryKeys.words(),
        queryKeys.knownWordsAll(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
  return { preview, apply };
}

/** What the import did, announced. */
function Imported({ result }: { result: ImportKnownResult }) {
  return (
    <p role="status" className="rounded-xl bg-emerald-50 p-4 text-base font-semibold text-emerald-900">
      {plural(result.to_known, { one: 'word is', other: 'words are' })} now known
      {result.to_learning > 0 ? `, ${plural(result.to_learning, WORDS)} marked as learning` : ''}.
    </p>
  );
}

/** The dialog's buttons at each step: Cancel and Preview, Back and Import, then Done. */
function ImportFooter({
  step,
  busy,
  changes,
  onBack,
}: {
  step: 'list' | 'preview' | 'done';
  busy: boolean;
  changes: number;
  onBack: () => void;
}) {
  const label = { list: 'Preview', preview: `Import ${plural(changes, WORDS)}`, done: 'Done' }[step];
  return (
    <DialogFooter>
      {step === 'preview' ? (
        <Button variant="outline" disabled={busy} onClick={onBack}>
          Back
        </Button>
      ) : step === 'list' ? (
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
      ) : null}
      <Button type="submit" loading={busy} disabled={step === 'preview' && changes === 0}>
        {label}
      </Button>
    </DialogFooter>
  );
}

/**
 * The dialog: the list (language, pasted words or a file), then its preview with counts, then the import's
 * result. Mount it while open.
 */
export function ImportKnownWords({
  defaultLanguage,
  onClose,
}: {
  defaultLanguage: string;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState(defaultLanguage);
  const [text, setText] = useState('');
  const [file, setFile] = useState<ChosenFile>();
  const [problem, setProblem] = useState<string>();
  const { preview, apply } = useImportCalls();
  const body = { language, text: file?.text ?? text };
  const shown = apply.data ?? preview.data;
  const busy = preview.isPending || apply.isPending;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setProblem(undefined);
    setFile(undefined);
    if (!chosen) return;
    try {
      setFile(await readChosen(chosen));
    } catch (error) {
      event.target.value = '';
      setProblem(error instanceof Error ? error.message : FILE_UNREADABLE);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(undefined);
    if (apply.data) return onClose();
    if (body.text.trim() === '') return setProblem('The list is empty: paste words, one per line.');
    const step = preview.data ? apply : preview;
    step.mutate(body, { onError: (error) => setProblem(failureText(error, IMPORT_FAILED)) });
  }

  const changes = shown ? shown.to_known + shown.to_learning : 0;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        title={IMPORT_TITLE}
        description="Bring the words you already know, so the library shows how much of each story you understand."
        className="sm:max-w-xl"
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          {apply.data ? (
            <Imported result={apply.data} />
          ) : preview.data ? (
            <PreviewSummary preview={preview.data} />
          ) : (
            <ListFields
              language={language}
              onLanguage={setLanguage}
              text={text}
              onText={setText}
              file={file}
              onFile={handleFile}
              onRemoveFile={() => setFile(undefined)}
            />
          )}
          {problem ? <InlineAlert message={problem} /> : null}
          <ImportFooter
            step={apply.data ? 'done' : preview.data ? 'preview' : 'list'}
            busy={busy}
            changes={changes}
            onBack={() => {
              setProblem(undefined);
              preview.reset();
            }}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
