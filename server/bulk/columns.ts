// The workbook of the bulk import (admin.md §2, §7): the columns a writer fills on its two sheets, and how a
// header row is matched to them: without regard to case, spaces or underscores ('Story Title', 'story_title'
// and 'STORYTITLE' are one column).

export interface Column {
  /** The header the template workbook writes. */
  header: string;
  isRequired: boolean;
}

export const STORY_SHEET = 'story_ideas';
export const CHAPTER_SHEET = 'chapter_ideas';

export const STORY_COLUMNS = {
  title: { header: 'title', isRequired: true },
  level: { header: 'level', isRequired: true },
  story_description: { header: 'story_description', isRequired: false },
  is_adult: { header: 'is_adult', isRequired: false },
  topics: { header: 'topics', isRequired: false },
  author: { header: 'author', isRequired: false },
} as const satisfies Record<string, Column>;

export const CHAPTER_COLUMNS = {
  story_title: { header: 'story_title', isRequired: true },
  chapter_number: { header: 'chapter_number', isRequired: true },
  chapter_title: { header: 'chapter_title', isRequired: true },
  chapter_purpose: { header: 'chapter_purpose', isRequired: false },
} as const satisfies Record<string, Column>;

/** A header as it is matched: lower case, without spaces (of any kind) or underscores. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_]+/gu, '');
}

/**
 * Where each column is in a header row (cells in order, anything in them), and which required columns are
 * missing. The first cell matching a column wins; cells matching none are ignored.
 */
export function matchColumns<Name extends string>(
  headerRow: readonly unknown[],
  columns: Record<Name, Column>,
): { positions: Partial<Record<Name, number>>; missing: Name[] } {
  const byKey = new Map<string, Name>();
  for (const name of Object.keys(columns) as Name[]) byKey.set(headerKey(columns[name].header), name);
  const positions: Partial<Record<Name, number>> = {};
  headerRow.forEach((cell, index) => {
    if (typeof cell !== 'string' && typeof cell !== 'number') return;
    const name = byKey.get(headerKey(String(cell)));
    if (name !== undefined && positions[name] === undefined) positions[name] = index;
  });
  const missing = (Object.keys(columns) as Name[]).filter(
    (name) => columns[name].isRequired && positions[name] === undefined,
  );
  return { positions, missing };
}
