// Reading the bulk import's workbook (admin.md §2, §7) safely: what the bytes are, not what the name says; an
// .xlsx (a zip) is unpacked here first, entry by entry with a budget, so that a zip bomb stops at the limit
// rather than inside the parser; then SheetJS reads it, cells as their values (a formula gives its result).
import { inflateRawSync } from 'node:zlib';
import type { WorkBook } from '@e965/xlsx';
import { CHAPTER_SHEET, headerKey, STORY_SHEET } from './columns.ts';
import { loadXlsx } from './xlsx.ts';

const MB = 1024 * 1024;
/** What an .xlsx may unpack to: its XML is 5–20 times its zip. */
export const MAX_UNPACKED_BYTES = 100 * MB;

import { MAX_WORKBOOK_BYTES, NOT_EXCEL, WORKBOOK_TOO_LARGE } from '#common/schemas/bulk.ts';

/** A workbook that cannot be read; the message is the sentence the admin sees. */
export class WorkbookError extends Error {}

export type WorkbookKind = 'xlsx' | 'xls';

/** What the bytes are: a zip (an .xlsx) or an OLE2 compound file (an .xls); undefined for anything else. */
export function workbookKind(bytes: Uint8Array): WorkbookKind | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'xls';
  return undefined;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * Unpacks every entry of a zip within a budget of `maxBytes` in all, whatever sizes its headers declare (a zip
 * bomb may lie about them): an entry inflating past what is left of the budget stops the work. Throws a
 * WorkbookError for a zip that is damaged, truncated or too large unpacked.
 */
export function checkZip(bytes: Buffer, maxBytes = MAX_UNPACKED_BYTES): void {
  const damaged = new WorkbookError(
    'The file is not a complete Excel workbook: it may be damaged or cut short.',
  );
  // The end-of-directory record is the last 22 bytes, before a comment of at most 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw damaged;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let budget = maxBytes;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged;
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const localAt = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL_HEADER) throw damaged;
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw damaged;
    const data = bytes.subarray(dataAt, dataAt + compressedSize);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxBytes);
        throw damaged;
      }
    } else {
      throw new WorkbookError(
        'The workbook is compressed in a way Excel does not use: save it again from Excel.',
      );
    }
    budget -= size;
    if (budget < 0) throw tooLarge(maxBytes);
  }
}

function tooLarge(maxBytes: number): WorkbookError {
  return new WorkbookError(
    `The workbook unpacks to more than ${Math.round(maxBytes / MB)} MB: split it into smaller workbooks.`,
  );
}

/** A row of a sheet: its number as Excel shows it (from 1) and its cells' values. */
export interface SheetRow {
  number: number;
  cells: unknown[];
}

/** The rows of the two sheets (blank rows left out); undefined: no such sheet. */
export interface WorkbookRows {
  kind: WorkbookKind;
  stories: SheetRow[] | undefined;
  chapters: SheetRow[] | undefined;
}

/**
 * Reads the story and chapter sheets of a workbook (sheets found by name without regard to case, spaces or
 * underscores). Throws a WorkbookError with the admin's sentence for anything that is not a readable workbook.
 */
export async function readWorkbook(
  bytes: Buffer,
  options: { maxUnpackedBytes?: number } = {},
): Promise<WorkbookRows> {
  const kind = workbookKind(bytes);
  if (!kind) throw new WorkbookError(NOT_EXCEL);
  if (bytes.length > MAX_WORKBOOK_BYTES) {
    throw new WorkbookError(WORKBOOK_TOO_LARGE);
  }
  if (kind === 'xlsx') checkZip(bytes, options.maxUnpackedBytes);
  const XLSX = await loadXlsx();
  let workbook: WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw new WorkbookError(
      'The file could not be read as an Excel workbook: open it in Excel and save it again.',
    );
  }
  const rowsOf = (wanted: string): SheetRow[] | undefined => {
    const name = workbook.SheetNames.find(
      (sheetName) => headerKey(sheetName) === headerKey(wanted) && Object.hasOwn(workbook.Sheets, sheetName),
    );
    const sheet = name === undefined ? undefined : workbook.Sheets[name];
    if (!sheet) return undefined;
    // Blank rows kept until numbered: the n-th row is the sheet's n-th from the first row of its range. A row
    // of empty strings is blank too.
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      blankrows: true,
      defval: null,
      raw: true,
    });
    const firstRow = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r : 0;
    return rows
      .map((cells, index) => ({ number: firstRow + index + 1, cells }))
      .filter(({ cells }) =>
        cells.some((cell) => cell !== null && cell !== undefined && String(cell).trim() !== ''),
      );
  };
  return { kind, stories: rowsOf(STORY_SHEET), chapters: rowsOf(CHAPTER_SHEET) };
}
