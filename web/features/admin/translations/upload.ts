import { type DumpPreview, type QueuedImport, uploadDictionary } from '#common/endpoints/dictionary.ts';
import { TranslationUploadFields } from '#common/schemas/dictionary.ts';
import { callForReply } from '#web/lib/call.ts';

/** The dump files the Translations tab takes (admin.md §2): one JSON entry per line, gzipped or not. */
export const DUMP_EXTENSIONS = ['.json', '.jsonl', '.json.gz', '.jsonl.gz'] as const;
export const DUMP_ACCEPT = DUMP_EXTENSIONS.join(',');

/** The formats of the Format select (admin.md §2): only wiktextract, the default mode. */
export const DUMP_FORMATS = [{ value: 'wiktextract', label: 'Wiktextract JSON(.gz)' }] as const;
export type DumpFormat = (typeof DUMP_FORMATS)[number]['value'];

export type UploadAction = 'preview' | 'import';

/** How much of a plain dump a preview sends: far more than the 1,000 lines the server reads. */
export const PREVIEW_BYTES = 8 * 1024 * 1024;

export const WRONG_EXTENSION = 'Please choose a .json, .jsonl, .json.gz or .jsonl.gz file.';
export const NO_FILE = 'Choose a file: a wiktextract dump, one entry per line.';

/** Gzip by its name or, as the server tells it, by its first two bytes: a cut gzip stream cannot be read. */
async function isGzip(file: Blob, fileName: string): Promise<boolean> {
  if (fileName.toLowerCase().endsWith('.gz')) return true;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x1f && head[1] === 0x8b;
}

/** Whether the name ends in one of DUMP_EXTENSIONS, in any case ('ES.JSONL.GZ' is fine). */
export function hasDumpExtension(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return DUMP_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** What a preview uploads: the file, or its start, then `isPartial` says so. */
export interface PreviewPart {
  file: File;
  isPartial: boolean;
}

/** How much of a slice's end is read at a time while looking for its last line break. */
const TAIL_BYTES = 64 * 1024;
const LINE_FEED = 0x0a;

/**
 * What a preview uploads. The server previews only the first 1,000 lines, so a plain dump over PREVIEW_BYTES
 * is cut to its first PREVIEW_BYTES (a 2 GB dump previews in seconds), after the last whole line in them: a
 * wiktextract line is ~10 KB, and one cut in the middle would be counted as malformed. The part is sent as
 * partial, so the server reports its counts as those of a sample. A gzipped dump is sent whole: a gzip stream
 * cut short fails as truncated before any line is read. The server answers once it has its lines, and throws
 * the rest of the upload away.
 */
export async function previewPart(file: File): Promise<PreviewPart> {
  if (file.size <= PREVIEW_BYTES) return { file, isPartial: false };
  if (await isGzip(file, file.name)) return { file, isPartial: false };
  const start = file.slice(0, PREVIEW_BYTES);
  const lineEnd = await lastLineFeed(start);
  // No line ends within it (a line longer than the sample): sent as it is; the server leaves out the unfinished
  // line of a partial file.
  const part = lineEnd === -1 ? start : start.slice(0, lineEnd + 1);
  return { file: new File([part], file.name, { type: file.type }), isPartial: true };
}

/** The offset of the last '\n' in the blob, or -1; reads only as much of its end as it takes. */
async function lastLineFeed(blob: Blob): Promise<number> {
  for (let end = blob.size; end > 0; end -= TAIL_BYTES) {
    const start = Math.max(0, end - TAIL_BYTES);
    const bytes = new Uint8Array(await blob.slice(start, end).arrayBuffer());
    const at = bytes.lastIndexOf(LINE_FEED);
    if (at !== -1) return start + at;
  }
  return -1;
}

/**
 * Why an upload cannot be sent yet (admin.md §5), as a sentence for the result box; undefined when it can.
 * The source-differs-from-target rule is the server's own schema, so both say the same sentence.
 */
export function uploadProblem(input: {
  mode: DumpFormat;
  source: string | undefined;
  target: string | undefined;
  file: File | undefined;
  action: UploadAction;
}): string | undefined {
  if (!input.source) return 'Choose the source language.';
  if (!input.target) return 'Choose the target language.';
  if (!input.file) return NO_FILE;
  if (!hasDumpExtension(input.file.name)) return WRONG_EXTENSION;
  const fields = TranslationUploadFields.safeParse(input);
  return fields.success ? undefined : fields.error.issues[0]?.message;
}

interface UploadFields {
  mode: DumpFormat;
  source: string;
  target: string;
}

// The fields go before the file: the server reads the parts in order and previews while the file arrives.
function uploadForm(fields: UploadFields, action: UploadAction, file: File, isPartial = false): FormData {
  const form = new FormData();
  form.append('mode', fields.mode);
  form.append('source', fields.source);
  form.append('target', fields.target);
  form.append('action', action);
  if (isPartial) form.append('partial', 'true');
  form.append('file', file);
  return form;
}

/**
 * An upload's answer, checked, and the reply as the server wrote it (its key order too), for the box: it
 * shows the reply itself, so nothing the server said is dropped.
 */
export interface UploadReply<T> {
  answer: T;
  reply: unknown;
}

/** Sends the form for `action`; the answer is the one of that action, or the call fails. */
async function upload<Action extends UploadAction>(action: Action, form: FormData) {
  const { answer, reply } = await callForReply(uploadDictionary, { body: form });
  if (answer.action !== action) throw new Error(`The server answered a ${answer.action} to a ${action}.`);
  return { answer: answer as Extract<DumpPreview | QueuedImport, { action: Action }>, reply };
}

/** Previews the first lines of a dump: counts, skipped lines, languages and a sample. */
export async function previewDump(fields: UploadFields, file: File): Promise<UploadReply<DumpPreview>> {
  const part = await previewPart(file);
  return upload('preview', uploadForm(fields, 'preview', part.file, part.isPartial));
}

/** Uploads the whole dump and queues its import; the answer is the import to follow. */
export function startImport(fields: UploadFields, file: File): Promise<UploadReply<QueuedImport>> {
  return upload('import', uploadForm(fields, 'import', file));
}
