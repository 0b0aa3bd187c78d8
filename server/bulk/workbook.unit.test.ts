import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { NOT_EXCEL } from '#common/schemas/bulk.ts';
import { workbook } from '#server/testing/workbooks.ts';
import { checkZip, readWorkbook, WorkbookError, workbookKind } from './workbook.ts';

const stories = [
  ['Title', 'Level', 'Story description'],
  ['El faro', 'child', 'Una niña cuida un faro.'],
];
const chapters = [
  ['story_title', 'chapter_number', 'chapter_title'],
  ['El faro', 1, 'La luz'],
];

describe('workbookKind', () => {
  it('tells an .xlsx and an .xls by their bytes, and nothing else', () => {
    expect(workbookKind(workbook({ story_ideas: stories }))).toBe('xlsx');
    expect(workbookKind(workbook({ story_ideas: stories }, 'xls'))).toBe('xls');
    expect(workbookKind(Buffer.from('title,level\nEl faro,child\n'))).toBeUndefined();
    expect(workbookKind(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('readWorkbook', () => {
  it.each(['xlsx', 'xls'] as const)(
    'reads both sheets of an .%s, whatever the case and spacing of their names',
    async (type) => {
      const rows = await readWorkbook(workbook({ 'Story Ideas': stories, CHAPTER_IDEAS: chapters }, type));
      expect(rows.kind).toBe(type);
      expect(rows.stories).toEqual(stories.map((cells, index) => ({ number: index + 1, cells })));
      expect(rows.chapters?.map((row) => row.cells)).toEqual(chapters);
    },
  );

  it('gives formula cells their values and leaves blank rows out', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(chapters);
    sheet.B3 = { t: 'n', v: 2, f: 'B2+1' };
    sheet.A3 = { t: 's', v: 'El faro' };
    sheet.C3 = { t: 's', v: 'La tormenta' };
    sheet.A5 = { t: 's', v: '   ' };
    sheet['!ref'] = 'A1:C6';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'chapter_ideas');
    const rows = await readWorkbook(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(rows.chapters).toEqual([
      { number: 1, cells: chapters[0] },
      { number: 2, cells: chapters[1] },
      { number: 3, cells: ['El faro', 2, 'La tormenta'] },
    ]);
    expect(rows.stories).toBeUndefined();
  });

  it('numbers rows as Excel does, blank rows counted', async () => {
    const rows = await readWorkbook(
      workbook({ chapter_ideas: [chapters[0] as unknown[], [], [null, '  '], chapters[1] as unknown[]] }),
    );
    expect(rows.chapters?.map((row) => row.number)).toEqual([1, 4]);
  });

  it('refuses what is not a workbook, or a damaged one, with a sentence', async () => {
    const readable = workbook({ story_ideas: stories });
    const refusal = async (bytes: Buffer) => {
      try {
        await readWorkbook(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(WorkbookError);
        return (error as Error).message;
      }
      throw new Error('read');
    };
    expect(await refusal(Buffer.from('title,level\n'))).toBe(NOT_EXCEL);
    expect(await refusal(readable.subarray(0, readable.length / 2))).toMatch(/damaged or cut short/);
    const junk = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(600, 7),
    ]);
    expect(await refusal(junk)).toMatch(/could not be read as an Excel workbook|damaged/);
  });

  it('stops a workbook that unpacks past the limit before parsing it', async () => {
    const huge = Array.from({ length: 20_000 }, (_, index) => [
      `Historia ${index}`,
      'child',
      'x'.repeat(100),
    ]);
    const bytes = workbook({ story_ideas: huge });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(() => checkZip(bytes, 1024 * 1024)).toThrow(/unpacks to more than 1 MB/);
    await expect(readWorkbook(bytes, { maxUnpackedBytes: 1024 * 1024 })).rejects.toThrow(WorkbookError);
    expect((await readWorkbook(bytes)).stories).toHaveLength(20_000);
  });

  it('changes nothing outside the import for a workbook with __proto__ and constructor names', async () => {
    const rows = await readWorkbook(
      workbook({
        __proto__: [['polluted'], ['yes']],
        constructor: [['x']],
        story_ideas: [
          ['__proto__', 'constructor', 'title'],
          ['{"polluted":true}', 'x', 'El faro'],
        ],
      }),
    );
    expect(rows.stories?.[1]?.cells).toEqual(['{"polluted":true}', 'x', 'El faro']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
