// The bulk import of story ideas (admin.md §3, §7): the fields of POST /api/admin/bulk-import-stories/ beside
// its file, and its answers.
import { z } from 'zod';
import { lazy } from '../lazy.ts';
import { formatCount } from '../plural.ts';
import { DIFFICULTIES } from '../stories.ts';
import { serialId } from './ids.ts';

/** The longest prompt template accepted: a page of instructions is a few thousand characters. */
export const MAX_TEMPLATE_LENGTH = 10_000;
/** The five style guides together, as the tab joins them. */
export const MAX_DIFFICULTY_PROMPTS_LENGTH = 30_000;

export const BULK_MODES = ['preview', 'import'] as const;
export type BulkMode = (typeof BULK_MODES)[number];

export const NO_LANGUAGE = 'Choose the language of the stories.';
// The sentences of admin.md §5, said by the tab before sending and by the server.
export const NO_FILE = 'Please select a file';
export const NOT_EXCEL = 'Please upload an Excel file (.xlsx or .xls)';
export const NO_CHAPTERS = 'No chapters found in the file. Please check your Excel format.';

/** The largest workbook accepted (admin.md §7 names no size; a sheet of story ideas is a few hundred KB). */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;
export const WORKBOOK_TOO_LARGE = 'The workbook is larger than 10 MB.';

/** Whether a file's name is an Excel workbook's (the bytes are checked by the server). */
export function hasExcelExtension(fileName: string): boolean {
  return /\.xlsx?$/i.test(fileName);
}

export const TEMPLATE_TOO_LONG = `The prompt template is longer than ${formatCount(MAX_TEMPLATE_LENGTH)} characters.`;
export const DIFFICULTY_PROMPTS_TOO_LONG = `The difficulty prompts are longer than ${formatCount(MAX_DIFFICULTY_PROMPTS_LENGTH)} characters in all.`;

/** The multipart fields beside the file. An absent template or prompt set means the defaults. */
export const BulkImportFields = lazy(() =>
  z.object({
    mode: z.enum(BULK_MODES, { error: 'mode must be preview or import.' }),
    language: z.coerce.number({ error: NO_LANGUAGE }).pipe(serialId(NO_LANGUAGE)),
    template: z
      .string({ error: 'template must be text.' })
      .max(MAX_TEMPLATE_LENGTH, {
        error: TEMPLATE_TOO_LONG,
      })
      .optional(),
    difficulty_prompts: z
      .string({ error: 'difficulty_prompts must be text.' })
      .max(MAX_DIFFICULTY_PROMPTS_LENGTH, {
        error: DIFFICULTY_PROMPTS_TOO_LONG,
      })
      .optional(),
  }),
);
export type BulkImportFields = z.infer<typeof BulkImportFields>;

/** What the import does, or would do, with one chapter of the workbook. */
export const BULK_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A chapter card of the preview (admin.md §3), and what importing it would do. */
export const BulkPreviewItem = lazy(() =>
  z.object({
    title: z.string(),
    level: z.enum(DIFFICULTIES),
    story_description: z.string(),
    chapter_number: z.number().int(),
    chapter_title: z.string(),
    chapter_purpose: z.string(),
    generation_prompt: z.string(),
    is_adult: z.boolean(),
    action: z.enum(BULK_ACTIONS),
  }),
);
export type BulkPreviewItem = z.infer<typeof BulkPreviewItem>;

/**
 * The counts of admin.md §3: what an import did, or what a preview's import would do. `total_chapters` is
 * every chapter the workbook holds that can be imported, unchanged ones included.
 */
export const BulkImportCounts = lazy(() =>
  z.object({
    created_stories: z.number().int(),
    updated_stories: z.number().int(),
    created_chapters: z.number().int(),
    updated_chapters: z.number().int(),
    total_chapters: z.number().int(),
    warnings: z.array(z.string()),
  }),
);
export type BulkImportCounts = z.infer<typeof BulkImportCounts>;

/** The preview: the first chapter cards (at most BULK_PREVIEW_LIMIT), and the counts an import would give. */
export const BulkPreviewAnswer = lazy(() =>
  BulkImportCounts.extend({
    mode: z.literal('preview'),
    preview: z.array(BulkPreviewItem),
  }),
);
export type BulkPreviewAnswer = z.infer<typeof BulkPreviewAnswer>;

/**
 * The import's counts, and each story of the workbook, for the tab to link to the editor: what happened to
 * its own fields (as created_stories and updated_stories count it), and how many of its chapters were created
 * or updated.
 */
export const BulkImportAnswer = lazy(() =>
  BulkImportCounts.extend({
    mode: z.literal('import'),
    stories: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        action: z.enum(BULK_ACTIONS),
        changed_chapters: z.number().int(),
      }),
    ),
  }),
);
export type BulkImportAnswer = z.infer<typeof BulkImportAnswer>;

/** How many chapter cards a preview shows (admin.md §9). */
export const BULK_PREVIEW_LIMIT = 15;

/** The name the template workbook downloads under. */
export const TEMPLATE_FILE_NAME = 'catamaran-story-ideas.xlsx';
