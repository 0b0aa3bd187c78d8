import { z } from 'zod';
import { bulkImportStories } from '#common/endpoints/bulk.ts';
import { type PluralForms, plural } from '#common/plural.ts';
import {
  DEFAULT_DIFFICULTY_PROMPTS,
  DEFAULT_PROMPT_TEMPLATE,
  joinDifficultyPrompts,
} from '#common/prompts.ts';
import {
  type BulkImportAnswer,
  BulkImportCounts,
  type BulkMode,
  type BulkPreviewAnswer,
  DIFFICULTY_PROMPTS_TOO_LONG,
  MAX_DIFFICULTY_PROMPTS_LENGTH,
  MAX_TEMPLATE_LENGTH,
  MAX_WORKBOOK_BYTES,
  NO_FILE,
  NO_LANGUAGE,
  TEMPLATE_TOO_LONG,
  WORKBOOK_TOO_LARGE,
} from '#common/schemas/bulk.ts';
import { DIFFICULTIES, type Difficulty } from '#common/stories.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';

/** What the file picker offers: Excel workbooks, old and new (admin.md §2). */
export const EXCEL_ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** The prompts the tab sends: a style guide per level and the template every chapter's prompt is made from. */
export interface BulkPrompts {
  difficulty: Record<Difficulty, string>;
  template: string;
}

export const DEFAULT_PROMPTS: BulkPrompts = {
  difficulty: DEFAULT_DIFFICULTY_PROMPTS,
  template: DEFAULT_PROMPT_TEMPLATE,
};

const STORAGE_KEY = 'catamaran:bulk-import-prompts';

const StoredPrompts = z.object({
  difficulty: z.object(
    Object.fromEntries(DIFFICULTIES.map((level) => [level, z.string()])) as Record<Difficulty, z.ZodString>,
  ),
  template: z.string(),
});

/** The prompts this browser last imported with, so an admin's own wording outlives the page; else the defaults. */
export function loadPrompts(): BulkPrompts {
  try {
    const stored = StoredPrompts.safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return stored.success ? stored.data : DEFAULT_PROMPTS;
  } catch {
    return DEFAULT_PROMPTS;
  }
}

/** Keeps the admin's prompts in this browser, or forgets them when they are the defaults again. */
export function savePrompts(prompts: BulkPrompts): void {
  try {
    if (isDefault(prompts)) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(prompts));
  } catch {
    // Storage full or refused (a private window): the prompts still work for this visit.
  }
}

export function isDefault(prompts: BulkPrompts): boolean {
  return (
    prompts.template === DEFAULT_PROMPTS.template &&
    DIFFICULTIES.every((level) => prompts.difficulty[level] === DEFAULT_PROMPTS.difficulty[level])
  );
}

/** Why the prompts cannot be sent, as a sentence; undefined when they can. */
export function promptsProblem(prompts: BulkPrompts): string | undefined {
  if (prompts.template.length > MAX_TEMPLATE_LENGTH) return TEMPLATE_TOO_LONG;
  if (joinDifficultyPrompts(prompts.difficulty).length > MAX_DIFFICULTY_PROMPTS_LENGTH) {
    return DIFFICULTY_PROMPTS_TOO_LONG;
  }
  return undefined;
}

/** Why the tab cannot send this upload yet (admin.md §5), in the order a person would fix it; undefined when it can. */
export function uploadProblem(upload: {
  file: File | undefined;
  languageId: string;
  prompts: BulkPrompts;
}): string | undefined {
  if (!upload.file) return NO_FILE;
  if (upload.file.size > MAX_WORKBOOK_BYTES) return WORKBOOK_TOO_LARGE;
  if (!upload.languageId) return NO_LANGUAGE;
  return promptsProblem(upload.prompts);
}

export interface BulkUpload {
  file: File;
  languageId: string;
  prompts: BulkPrompts;
}

// The fields before the file, as admin.md §7 lists them.
function bulkForm(mode: BulkMode, upload: BulkUpload): FormData {
  const form = new FormData();
  form.append('mode', mode);
  form.append('language', upload.languageId);
  form.append('template', upload.prompts.template);
  form.append('difficulty_prompts', joinDifficultyPrompts(upload.prompts.difficulty));
  form.append('file', upload.file, upload.file.name);
  return form;
}

/** Sends the workbook for `mode`; the answer is the one of that mode, or the call fails. */
async function sendWorkbook<Mode extends BulkMode>(mode: Mode, upload: BulkUpload) {
  const answer = await call(bulkImportStories, { body: bulkForm(mode, upload) });
  if (answer.mode !== mode) throw new Error(`The server answered a ${answer.mode} to a ${mode}.`);
  return answer as Extract<BulkPreviewAnswer | BulkImportAnswer, { mode: Mode }>;
}

export function previewWorkbook(upload: BulkUpload): Promise<BulkPreviewAnswer> {
  return sendWorkbook('preview', upload);
}

export function importWorkbook(upload: BulkUpload): Promise<BulkImportAnswer> {
  return sendWorkbook('import', upload);
}

/** The warnings a refusal carried (a missing sheet or column explains 'No chapters found'), if any. */
export function warningsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = BulkImportCounts.pick({ warnings: true }).safeParse(error.payload);
  return parsed.success ? parsed.data.warnings : [];
}

/** The line under the cards when the workbook has more chapters than the preview shows (admin.md §2). */
export function moreChapters(total: number, shown: number): string | undefined {
  const more = total - shown;
  // 'other' is the spec's own text; one chapter more reads in the singular beside it.
  return more > 0
    ? plural(more, { one: '... and {count} more chapter', other: '... and {count} more chapters' })
    : undefined;
}

const STORIES: PluralForms = { one: 'story', other: 'stories' };
const CHAPTERS: PluralForms = { one: 'chapter', other: 'chapters' };

function storiesAndChapters(stories: number, chapters: number): string {
  const parts = [
    stories > 0 ? plural(stories, STORIES) : '',
    chapters > 0 ? plural(chapters, CHAPTERS) : '',
  ].filter(Boolean);
  return parts.join(' and ');
}

/** What importing the previewed workbook would do, in a sentence. */
export function previewSummary(counts: BulkImportCounts): string {
  const created = storiesAndChapters(counts.created_stories, counts.created_chapters);
  const updated = storiesAndChapters(counts.updated_stories, counts.updated_chapters);
  if (!created && !updated) {
    const chapters = plural(counts.total_chapters, {
      one: 'the {count} chapter of this workbook is already imported as it is',
      other: 'the {count} chapters of this workbook are already imported as they are',
    });
    return `Nothing to change: ${chapters}.`;
  }
  const actions = [created ? `create ${created}` : '', updated ? `update ${updated}` : ''].filter(Boolean);
  return `Importing will ${actions.join(' and ')} (${plural(counts.total_chapters, CHAPTERS)} in the workbook).`;
}

/** What an import did, in a sentence, for screen readers (the counts themselves are shown). */
export function importSummary(counts: BulkImportCounts): string {
  const created = storiesAndChapters(counts.created_stories, counts.created_chapters);
  const updated = storiesAndChapters(counts.updated_stories, counts.updated_chapters);
  if (!created && !updated) return 'Nothing changed: the workbook was already imported as it is.';
  const sentence = [created ? `created ${created}` : '', updated ? `updated ${updated}` : '']
    .filter(Boolean)
    .join(' and ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** The counts of admin.md §3, labelled, in the order the result shows them. */
export function resultCounts(counts: BulkImportCounts): { label: string; value: number }[] {
  return [
    { label: 'Stories created', value: counts.created_stories },
    { label: 'Stories updated', value: counts.updated_stories },
    { label: 'Chapters created', value: counts.created_chapters },
    { label: 'Chapters updated', value: counts.updated_chapters },
    { label: 'Chapters in the workbook', value: counts.total_chapters },
  ];
}
