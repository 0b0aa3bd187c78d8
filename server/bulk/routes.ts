import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as bulk from '#common/endpoints/bulk.ts';
import { DEFAULT_PROMPT_TEMPLATE, parseDifficultyPrompts, templateWarnings } from '#common/prompts.ts';
import {
  BulkImportFields,
  type BulkImportFields as Fields,
  hasExcelExtension,
  MAX_WORKBOOK_BYTES,
  NO_CHAPTERS,
  NO_FILE,
  NOT_EXCEL,
  TEMPLATE_FILE_NAME,
  WORKBOOK_TOO_LARGE,
} from '#common/schemas/bulk.ts';
import { route } from '#server/http/contract.ts';
import { HttpError, parseInput } from '#server/http/errors.ts';
import { formReadError } from '#server/http/multipart.ts';
import { capWarnings } from './ideas.ts';
import { readIdeasOffThread } from './off-thread.ts';
import type { ImportInput } from './plan.ts';
import { findImportLanguage, previewImport, runImport } from './service.ts';
import { templateWorkbook } from './template.ts';
import { WorkbookError } from './workbook.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook's chapters imported at once: a season of stories, well within one transaction's few seconds. */
export const MAX_IMPORT_CHAPTERS = 5000;
export const MAX_IMPORT_STORIES = 1000;

/**
 * The bulk import of story ideas (admin.md §2, §7), under /api/admin: POST /bulk-import-stories/ previews or
 * imports a workbook; GET /bulk-import-stories/template/ downloads the template workbook.
 */
export async function adminBulkImportRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // Fields are short but for the template and the five prompts (at most 30,000 characters, in UTF-8). A
    // second file is let through to be refused with a sentence rather than busboy's limit error.
    limits: { files: 2, fields: 8, fieldSize: 128 * 1024, parts: 10, fileSize: MAX_WORKBOOK_BYTES + 1 },
  });

  route(app, bulk.bulkImportStories, async (_input, request) => {
    if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
    const { raw, file } = await receiveForm(request.parts());
    const fields = parseInput(BulkImportFields, raw);
    if (!file || (file.bytes.length === 0 && !file.name)) throw new HttpError(400, NO_FILE);
    if (!hasExcelExtension(file.name)) throw new HttpError(400, NOT_EXCEL);

    const input = await importInput(app, fields, file.bytes);
    if (fields.mode === 'preview') return previewImport(app.db, input);
    const result = await runImport(app.db, input);
    request.log.info(
      {
        language: input.language.code,
        stories: { created: result.created_stories, updated: result.updated_stories },
        chapters: { created: result.created_chapters, updated: result.updated_chapters },
        warnings: result.warnings.length,
      },
      'bulk import of story ideas',
    );
    return result;
  });

  // Built at the first download (not at start-up: see xlsx.ts), then the same bytes for every one.
  let template: Promise<Buffer> | undefined;
  route(app, bulk.downloadBulkTemplate, async (_input, _request, reply) => {
    template ??= templateWorkbook();
    const bytes = await template;
    reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`);
    return bytes;
  });
}

/**
 * The form's fields and its one file, read whole (at most MAX_WORKBOOK_BYTES: the workbook is read from
 * memory), in whatever order the parts come.
 */
async function receiveForm(
  parts: ReturnType<FastifyRequest['parts']>,
): Promise<{ raw: Record<string, unknown>; file: { name: string; bytes: Buffer } | undefined }> {
  const raw: Record<string, unknown> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  let current: MultipartFile | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        // A value cut at the field limit is longer than any field may be: the schema refuses it by its length.
        raw[part.fieldname] = part.value;
        continue;
      }
      current = part;
      if (part.fieldname !== 'file' || file)
        throw new HttpError(400, 'Send one workbook, in a field named file.');
      file = { name: part.filename ?? '', bytes: await readWhole(part) };
      current = undefined;
    }
  } catch (error) {
    // A refusal before the file was read must not leave it unread: busboy would stop reading the request, and
    // its connection would hang on the rest of the body.
    current?.file.resume();
    throw formReadError(error);
  }
  return { raw, file };
}

async function readWhole(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_WORKBOOK_BYTES) throw new HttpError(413, WORKBOOK_TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The workbook's ideas, the prompts and the language, checked; warnings so far gathered in order. */
async function importInput(app: FastifyInstance, fields: Fields, bytes: Buffer): Promise<ImportInput> {
  // Before the workbook: a wrong language must not take the worker's turn.
  const language = await findImportLanguage(app.pool, fields.language);
  let read: Awaited<ReturnType<typeof readIdeasOffThread>>;
  try {
    read = await readIdeasOffThread({
      bytes,
      maxStories: MAX_IMPORT_STORIES,
      maxChapters: MAX_IMPORT_CHAPTERS,
    });
  } catch (error) {
    if (error instanceof WorkbookError) throw new HttpError(400, error.message);
    throw error;
  }
  const difficulty = parseDifficultyPrompts(fields.difficulty_prompts ?? '');
  const template = fields.template?.trim() ? fields.template : DEFAULT_PROMPT_TEMPLATE;
  const { warnings: readWarnings, omittedWarnings } = 'ideas' in read ? read.ideas : read;
  const warnings = [...templateWarnings(template), ...difficulty.warnings, ...readWarnings];
  if ('tooMany' in read) {
    const { stories, chapters } = read.tooMany;
    const [count, limit, what] =
      chapters > MAX_IMPORT_CHAPTERS
        ? [chapters, MAX_IMPORT_CHAPTERS, 'chapters']
        : [stories, MAX_IMPORT_STORIES, 'stories'];
    // Refused with the warnings that explain it (a missing sheet or column, say), beside the sentence.
    throw new HttpError(
      400,
      `The workbook has ${count.toLocaleString('en-US')} ${what}; import at most ` +
        `${limit.toLocaleString('en-US')} at a time, in several workbooks.`,
      { warnings: capWarnings(warnings, omittedWarnings) },
    );
  }
  if (read.ideas.chapters.length === 0) {
    throw new HttpError(400, NO_CHAPTERS, { warnings: capWarnings(warnings, omittedWarnings) });
  }
  return {
    language,
    stories: read.ideas.stories,
    chapters: read.ideas.chapters,
    warnings,
    omittedWarnings,
    template,
    difficultyPrompts: difficulty.prompts,
  };
}
