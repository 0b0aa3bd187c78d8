import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { previewDump } from './importer.ts';
import { DumpError, type JsonLine, readJsonLines } from './json-lines.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * A gzip bomb of blank lines, made as it is read: `megabytes` gzip members of 1 MB of '\n' each (about 1 KB
 * each as sent). `sent()` says how many members the reader has pulled.
 */
function blankBomb(megabytes: number): { input: Readable; sent: () => number } {
  const member = gzipSync(Buffer.alloc(MB, '\n'), { level: 9 });
  let sent = 0;
  const input = Readable.from(
    (function* () {
      for (let index = 0; index < megabytes; index++) {
        sent++;
        yield member;
      }
    })(),
  );
  return { input, sent: () => sent };
}

describe('readJsonLines with stopAfter', () => {
  it('stops after so many lines, blank ones too, without an error, and reads little of a gzip bomb', async () => {
    const bomb = blankBomb(200);
    let stoppedEarly = false;
    const lines: JsonLine[] = [];

    for await (const batch of readJsonLines(bomb.input, {
      limits: { maxDecompressedBytes: 20 * GB, maxLineBytes: 10 * MB },
      fileName: 'bomb.jsonl.gz',
      stopAfter: { lines: 10_000, bytes: 64 * MB },
      onStoppedEarly: () => {
        stoppedEarly = true;
      },
    })) {
      lines.push(...batch);
    }

    expect(lines).toEqual([]);
    expect(stoppedEarly).toBe(true);
    expect(bomb.sent()).toBeLessThan(40);
    expect(bomb.input.destroyed).toBe(true);
  });

  it('stops after so many decompressed bytes, handing over whole lines only', async () => {
    const line = `${JSON.stringify({ word: 'largo', text: 'x'.repeat(1000) })}\n`;
    const lines: JsonLine[] = [];
    let stoppedEarly = false;

    for await (const batch of readJsonLines(Readable.from([Buffer.from(line.repeat(3000))]), {
      limits: { maxDecompressedBytes: 20 * GB, maxLineBytes: 10 * MB },
      stopAfter: { lines: 1_000_000, bytes: MB },
      onStoppedEarly: () => {
        stoppedEarly = true;
      },
    })) {
      lines.push(...batch);
    }

    expect(stoppedEarly).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(3000);
    for (const { text } of lines) expect(text).toBe(line.trimEnd());
  });

  it('leaves the decompressed limit to the import, which reads on without a bound', async () => {
    const bomb = blankBomb(200);
    const reading = (async () => {
      for await (const _batch of readJsonLines(bomb.input, {
        limits: { maxDecompressedBytes: 10 * MB, maxLineBytes: MB },
      })) {
        // nothing: the read fails first
      }
    })();

    await expect(reading).rejects.toThrow(new DumpError('The file is larger than 10 MB once decompressed.'));
  });
});

describe('previewDump', () => {
  it('answers a gzip bomb of blank lines at once, saying it found no lines and stopped early', async () => {
    const bomb = blankBomb(200);

    const preview = await previewDump({
      input: bomb.input,
      fileName: 'bomb.jsonl.gz',
      source: 'es',
      limits: { uploadBytes: 2 * GB, decompressedBytes: 20 * GB, lineBytes: 10 * MB },
    });

    expect(preview).toMatchObject({ lines: 0, entries: 0, skipped: 0, truncated: true, sample: [] });
    expect(bomb.sent()).toBeLessThan(40);
  });
});

describe('previewDump counts', () => {
  const limits = { uploadBytes: 10 * MB, decompressedBytes: 10 * MB, lineBytes: MB };

  it('counts every skipped line by its reason, fifty reasons apart at most', async () => {
    const lines = [
      ...Array.from({ length: 60 }, (_, index) => ({
        word: 'x',
        lang_code: `q${index}`,
        senses: [{ glosses: ['a'] }],
      })),
      ...Array.from({ length: 3 }, () => ({ word: 'y', lang_code: 'q0', senses: [{ glosses: ['a'] }] })),
      { word: 'z', lang_code: 'es' },
      'not an entry',
    ];
    const text = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n{broken\n`;
    const preview = await previewDump({ input: Readable.from([text]), source: 'es', limits });
    expect(preview.skipped).toBe(66);
    expect(preview.skipped_reasons['language q0, not es']).toBe(4);
    expect(Object.keys(preview.skipped_reasons)).toHaveLength(51);
    expect(preview.skipped_reasons['other reasons']).toBe(10 + 3);
    expect(Object.values(preview.skipped_reasons).reduce((sum, count) => sum + count, 0)).toBe(66);
  });

  it('counts the lines that are only forms of other words and their links', async () => {
    const lines = [
      { word: 'casa', lang_code: 'es', senses: [{ glosses: ['house'] }] },
      {
        word: 'casas',
        lang_code: 'es',
        senses: [{ glosses: ['plural of casa'], form_of: [{ word: 'casa' }] }],
      },
      {
        word: 'reciba',
        lang_code: 'es',
        senses: [{ glosses: ['form of recibir'], form_of: [{ word: 'recibir' }] }],
      },
    ];
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    const preview = await previewDump({ input: Readable.from([text]), source: 'es', target: 'en', limits });
    expect(preview).toMatchObject({ entries: 1, form_of_lines: 2, form_of_links: 2, missing_lemmas: null });
  });
});
