import { z } from 'zod';
import { DictionaryImport, DumpCounts, TranslationUploadFields } from '#common/schemas/dictionary.ts';
import { api } from '#web/lib/api.ts';

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

function isGzip(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.gz');
}

/** Whether the name ends in one of DUMP_EXTENSIONS, in any case ('ES.JSONL.GZ' is fine). */
export function hasDumpExtension(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return DUMP_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/**
 * What a preview uploads. The server previews only the first 1,000 lines and tolerates a line cut off at the
 * end, so a plain dump over PREVIEW_BYTES is cut to its first PREVIEW_BYTES (a 2 GB dump previews in seconds).
 * A gzipped dump is sent whole: a gzip stream cut short fails as truncated before any line is read. The
 * server stops reading once it has its lines, so the rest of the upload costs bandwidth, not server time.
 */
export function previewPart(file: File): File {
  if (file.size <= PREVIEW_BYTES || isGzip(file.name)) return file;
  return new File([file.slice(0, PREVIEW_BYTES)], file.name, { type: file.type });
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

/** The preview's answer (the box shows the reply itself, so nothing the server said is dropped). */
export const PreviewAnswer = DumpCounts.extend({
  action: z.literal('preview'),
  truncated: z.boolean(),
  sample: z.array(z.unknown()),
});
export type PreviewAnswer = z.infer<typeof PreviewAnswer>;

/** The answer to an accepted import (202): the queued import, to follow. */
export const ImportAnswer = z.object({ action: z.literal('import'), import: DictionaryImport });
export type ImportAnswer = z.infer<typeof ImportAnswer>;

interface UploadFields {
  mode: DumpFormat;
  source: string;
  target: string;
}

// The fields go before the file: the server reads the parts in order and previews while the file arrives.
function uploadForm(fields: UploadFields, action: UploadAction, file: File): FormData {
  const form = new FormData();
  form.append('mode', fields.mode);
  form.append('source', fields.source);
  form.append('target', fields.target);
  form.append('action', action);
  form.append('file', file);
  return form;
}

const UPLOAD_PATH = '/api/admin/translations/upload/';

/** An upload's answer, checked, and the reply as the server wrote it (its key order too), for the box. */
export interface UploadReply<T> {
  answer: T;
  reply: unknown;
}

async function upload<T>(form: FormData, schema: z.ZodType<T>): Promise<UploadReply<T>> {
  const reply = await api<unknown>(UPLOAD_PATH, { method: 'POST', body: form });
  return { answer: schema.parse(reply), reply };
}

/** Previews the first lines of a dump: counts, skipped lines, languages and a sample. */
export function previewDump(fields: UploadFields, file: File): Promise<UploadReply<PreviewAnswer>> {
  return upload(uploadForm(fields, 'preview', previewPart(file)), PreviewAnswer);
}

/** Uploads the whole dump and queues its import; the answer is the import to follow. */
export function startImport(fields: UploadFields, file: File): Promise<UploadReply<ImportAnswer>> {
  return upload(uploadForm(fields, 'import', file), ImportAnswer);
}
