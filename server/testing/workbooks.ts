// Workbooks for the bulk import's tests, written as Excel would save them.
import * as XLSX from '@e965/xlsx';

/** A workbook with the given sheets, each a list of rows, as .xlsx or .xls bytes. */
export function workbook(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  }
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}
