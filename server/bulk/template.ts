// The workbook the bulk import tab offers to download: both sheets with their headers and two example stories,
// so a writer starts from something the import reads without a warning.
import type { WorkSheet } from '@e965/xlsx';
import { CHAPTER_COLUMNS, CHAPTER_SHEET, STORY_COLUMNS, STORY_SHEET } from './columns.ts';
import { loadXlsx } from './xlsx.ts';

const STORY_EXAMPLES: Record<keyof typeof STORY_COLUMNS, string>[] = [
  {
    title: 'The Lighthouse Keeper',
    level: 'child',
    story_description:
      'Lucía spends the summer with her grandfather, who keeps the last lighthouse on the coast. When a storm ' +
      'cuts the power, she must keep the light burning for a fishing boat still at sea.',
    is_adult: 'no',
    topics: 'family, adventure',
    author: 'Catamaran',
  },
  {
    title: 'The Night Train',
    level: 'adult',
    story_description:
      'Seven strangers share a sleeper car from Paris to Vienna. By morning one of them is gone, and each of ' +
      'the others has a reason to lie about the night.',
    is_adult: 'yes',
    topics: 'mystery',
    author: 'Catamaran',
  },
];

const CHAPTER_EXAMPLES: Record<keyof typeof CHAPTER_COLUMNS, string | number>[] = [
  {
    story_title: 'The Lighthouse Keeper',
    chapter_number: 1,
    chapter_title: 'Arrival',
    chapter_purpose: 'Lucía arrives at the lighthouse; introduce her grandfather, the sea and the old lamp.',
  },
  {
    story_title: 'The Lighthouse Keeper',
    chapter_number: 2,
    chapter_title: 'The Storm',
    chapter_purpose: 'The storm cuts the power; Lucía lights the lamp by hand and sees the boat come home.',
  },
  {
    story_title: 'The Night Train',
    chapter_number: 1,
    chapter_title: 'Compartment Seven',
    chapter_purpose:
      'Meet the passengers through the narrator, a retired customs officer who notices things.',
  },
  {
    story_title: 'The Night Train',
    chapter_number: 2,
    chapter_title: 'The Empty Berth',
    chapter_purpose:
      'Morning: the young violinist is missing; each passenger gives an account that does not fit.',
  },
];

function sheet<Name extends string>(
  XLSX: Awaited<ReturnType<typeof loadXlsx>>,
  columns: Record<Name, { header: string }>,
  rows: Record<Name, unknown>[],
): WorkSheet {
  const names = Object.keys(columns) as Name[];
  const sheet = XLSX.utils.aoa_to_sheet([
    names.map((name) => columns[name].header),
    ...rows.map((row) => names.map((name) => row[name])),
  ]);
  // Wide enough to read the examples without resizing the columns.
  sheet['!cols'] = names.map((name) => ({
    wch: name.endsWith('description') || name.endsWith('purpose') ? 80 : 22,
  }));
  return sheet;
}

/** The template workbook, as .xlsx bytes. */
export async function templateWorkbook(): Promise<Buffer> {
  const XLSX = await loadXlsx();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet(XLSX, STORY_COLUMNS, STORY_EXAMPLES), STORY_SHEET);
  XLSX.utils.book_append_sheet(book, sheet(XLSX, CHAPTER_COLUMNS, CHAPTER_EXAMPLES), CHAPTER_SHEET);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
