// The workbook's rows as story and chapter ideas (admin.md §2, §7): each checked, a row that cannot be used
// skipped with a warning naming its sheet and row, so one mistake never loses the rest of the workbook.
import { plural } from '#common/plural.ts';
import { DIFFICULTIES, type Difficulty } from '#common/stories.ts';
import {
  CHAPTER_COLUMNS,
  CHAPTER_SHEET,
  type Column,
  matchColumns,
  STORY_COLUMNS,
  STORY_SHEET,
} from './columns.ts';
import type { SheetRow, WorkbookRows } from './workbook.ts';

/** As long as the story editor accepts (common/schemas/stories.ts). */
const MAX_TITLE = 300;
const MAX_AUTHOR = 200;
const MAX_DESCRIPTION = 5000;
const MAX_TOPICS = 500;
/** A purpose is a note to the writer, not the chapter: a few paragraphs at most. */
const MAX_PURPOSE = 5000;
const MAX_CHAPTER_NUMBER = 1000;

export interface StoryIdea {
  row: number;
  title: string;
  level: Difficulty;
  description: string;
  /** As the is_adult cell says; null when it is blank (a story already imported keeps its flag). */
  isAdult: boolean | null;
  topics: string;
  author: string | null;
}

export interface ChapterIdea {
  row: number;
  /** The story as the chapter row names it. */
  storyTitle: string;
  /** Its row on the story sheet; none for a story the sheet leaves out (it may exist already: see service.ts). */
  story: StoryIdea | undefined;
  number: number;
  title: string;
  purpose: string;
}

/** A cell as text: trimmed, a number as written, nothing for an empty cell. */
function text(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  if (typeof cell === 'string') return cell.trim();
  return '';
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'adult', 'sí', 'si', 'oui']);
const NO = new Set(['no', 'n', 'false', '0', '-']);

/** The most warnings an answer lists: of a workbook with a million bad rows, the first ones tell enough. */
export const MAX_WARNINGS = 200;

/** The first MAX_WARNINGS warnings, then a line counting the rest (and any left out before). */
export function capWarnings(warnings: string[], omitted = 0): string[] {
  const total = omitted + Math.max(0, warnings.length - MAX_WARNINGS);
  if (total === 0) return warnings;
  return [
    ...warnings.slice(0, MAX_WARNINGS),
    plural(total, { one: '... and {count} more warning.', other: '... and {count} more warnings.' }),
  ];
}

/** A title as stories are matched by: any case, spaces folded. */
export function titleKey(title: string): string {
  return title.normalize('NFC').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim();
}

/** The rows under a sheet's header row, each as its cells by column name; a warning if the sheet is unusable. */
function sheetRecords<Name extends string>(
  sheetName: string,
  rows: SheetRow[] | undefined,
  columns: Record<Name, Column>,
  warnings: string[],
  options: { isOptional?: boolean } = {},
): { row: number; get: (name: Name) => unknown }[] {
  if (!rows) {
    if (!options.isOptional) warnings.push(`The workbook has no sheet named "${sheetName}".`);
    return [];
  }
  const [header, ...body] = rows;
  if (!header) return [];
  const { positions, missing } = matchColumns(header.cells, columns);
  if (missing.length > 0) {
    warnings.push(
      `Sheet "${sheetName}" has no ${missing.map((name) => `"${columns[name].header}"`).join(', ')} column ` +
        `(its first row names the columns): its rows were skipped.`,
    );
    return [];
  }
  return body.map(({ number, cells }) => ({
    row: number,
    get: (name: Name) => {
      const position = positions[name];
      return position === undefined ? undefined : cells[position];
    },
  }));
}

/**
 * The story and chapter ideas of a workbook, in sheet order, and warnings for what was skipped or read
 * leniently. A story title appears once (the first row wins); a chapter names its story by title in any case,
 * and appears once per story and number. A chapter may name a story the story sheet leaves out (more chapters
 * for a story imported before): the import looks for it among the language's stories. A workbook of chapters
 * alone may then leave out the story sheet.
 */
export function readIdeas(workbook: WorkbookRows): {
  stories: StoryIdea[];
  chapters: ChapterIdea[];
  warnings: string[];
} {
  const warnings: string[] = [];
  const stories = readStoryIdeas(workbook, warnings);
  const byTitle = new Map(stories.map((story) => [titleKey(story.title), story]));
  const chapters = readChapterIdeas(workbook, byTitle, warnings);
  return { stories, chapters, warnings };
}

/** The story sheet's ideas, each title once (the first row wins); a row that cannot be used is warned about. */
function readStoryIdeas(workbook: WorkbookRows, warnings: string[]): StoryIdea[] {
  const stories: StoryIdea[] = [];
  const byTitle = new Map<string, StoryIdea>();
  const storyRecords = sheetRecords(STORY_SHEET, workbook.stories, STORY_COLUMNS, warnings, {
    isOptional: workbook.chapters !== undefined,
  });
  for (const record of storyRecords) {
    const where = `${STORY_SHEET} row ${record.row}`;
    const title = text(record.get('title'));
    if (!title) {
      warnings.push(`${where}: no title; skipped.`);
      continue;
    }
    const named = `${where} ("${title.slice(0, 60)}")`;
    if (title.length > MAX_TITLE) {
      warnings.push(`${named}: the title is longer than ${MAX_TITLE} characters; skipped.`);
      continue;
    }
    const levelText = text(record.get('level')).toLowerCase();
    const level = DIFFICULTIES.find((candidate) => candidate === levelText);
    if (!level) {
      warnings.push(
        `${named}: ${levelText ? `unknown level "${levelText}"` : 'no level'} ` +
          `(${DIFFICULTIES.join(', ')}); skipped.`,
      );
      continue;
    }
    if (byTitle.has(titleKey(title))) {
      warnings.push(`${named}: the same title as an earlier row; skipped.`);
      continue;
    }
    const adultText = text(record.get('is_adult')).toLowerCase();
    const isAdult = adultText === '' ? null : YES.has(adultText);
    if (isAdult === false && !NO.has(adultText)) {
      warnings.push(`${named}: is_adult "${adultText}" is neither yes nor no; taken as no.`);
    }
    const clipped = (name: string, value: string, max: number) => {
      if (value.length <= max) return value;
      warnings.push(`${named}: ${name} cut to ${max} characters.`);
      return value.slice(0, max);
    };
    const author = clipped('author', text(record.get('author')), MAX_AUTHOR);
    const story: StoryIdea = {
      row: record.row,
      title,
      level,
      description: clipped('story_description', text(record.get('story_description')), MAX_DESCRIPTION),
      isAdult,
      topics: clipped('topics', text(record.get('topics')), MAX_TOPICS),
      author: author || null,
    };
    stories.push(story);
    byTitle.set(titleKey(title), story);
  }
  return stories;
}

/** The chapter sheet's ideas, each story and number once, each with its story idea when the sheet has it. */
function readChapterIdeas(
  workbook: WorkbookRows,
  byTitle: ReadonlyMap<string, StoryIdea>,
  warnings: string[],
): ChapterIdea[] {
  const chapters: ChapterIdea[] = [];
  const seen = new Set<string>();
  for (const record of sheetRecords(CHAPTER_SHEET, workbook.chapters, CHAPTER_COLUMNS, warnings)) {
    const where = `${CHAPTER_SHEET} row ${record.row}`;
    const storyTitle = text(record.get('story_title'));
    if (!storyTitle) {
      warnings.push(`${where}: no story_title; skipped.`);
      continue;
    }
    const story = byTitle.get(titleKey(storyTitle));
    const numberCell = record.get('chapter_number');
    const number = typeof numberCell === 'number' ? numberCell : Number(text(numberCell) || Number.NaN);
    if (!Number.isInteger(number) || number < 1 || number > MAX_CHAPTER_NUMBER) {
      warnings.push(
        `${where}: chapter_number "${text(numberCell)}" is not a whole number from 1 to ${MAX_CHAPTER_NUMBER}; skipped.`,
      );
      continue;
    }
    const title = text(record.get('chapter_title'));
    if (!title || title.length > MAX_TITLE) {
      warnings.push(
        `${where}: ${title ? `the chapter title is longer than ${MAX_TITLE} characters` : 'no chapter_title'}; skipped.`,
      );
      continue;
    }
    const key = `${titleKey(storyTitle)}\u0000${number}`;
    if (seen.has(key)) {
      warnings.push(`${where}: chapter ${number} of "${storyTitle.slice(0, 60)}" again; skipped.`);
      continue;
    }
    seen.add(key);
    let purpose = text(record.get('chapter_purpose'));
    if (purpose.length > MAX_PURPOSE) {
      warnings.push(`${where}: chapter_purpose cut to ${MAX_PURPOSE} characters.`);
      purpose = purpose.slice(0, MAX_PURPOSE);
    }
    chapters.push({ row: record.row, storyTitle: story?.title ?? storyTitle, story, number, title, purpose });
  }
  return chapters;
}
