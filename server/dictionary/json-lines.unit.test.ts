import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { DumpError, type JsonLine, type JsonLinesLimits, readJsonLines } from './json-lines.ts';

const MB = 1024 * 1024;
const roomyLimits: JsonLinesLimits = { maxDecompressedBytes: 1024 * MB, maxLineBytes: 10 * MB };

interface ReadOptions {
  limits?: JsonLinesLimits;
  fileName?: string;
  onProgress?: (bytesRead: number) => void;
  signal?: AbortSignal;
}

/** The bytes cut into chunks of `chunkBytes` (the whole buffer as one chunk when omitted). */
function streamOf(bytes: Buffer, chunkBytes = bytes.length): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes) chunks.push(bytes.subarray(at, at + chunkBytes));
  return Readable.from(chunks);
}

async function readAll(input: Readable, options: ReadOptions = {}): Promise<JsonLine[]> {
  const lines: JsonLine[] = [];
  for await (const batch of readJsonLines(input, { limits: roomyLimits, ...options })) lines.push(...batch);
  return lines;
}

async function expectDumpError(reading: Promise<unknown>, message: string): Promise<void> {
  const error = await reading.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DumpError);
  expect((error as DumpError).message).toBe(message);
}

/** Deterministic noise (a linear congruential generator), so a failure can be replayed. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    bytes[i] = state >>> 16;
  }
  return bytes;
}

const entries = [
  '{"word": "casa", "pos": "noun", "senses": [{"glosses": ["house"]}]}',
  '{"word": "año", "pos": "noun", "senses": [{"glosses": ["year"]}]}',
  '{"word": "قدم", "pos": "verb", "senses": [{"glosses": ["to precede"]}]}',
] as const;
const dump = Buffer.from(`${entries[0]}\n\n${entries[1]}\n   \n${entries[2]}\n`);
const expectedLines: JsonLine[] = [
  { lineNumber: 1, text: entries[0] },
  { lineNumber: 3, text: entries[1] },
  { lineNumber: 5, text: entries[2] },
];

describe('readJsonLines', () => {
  it('yields the same lines and line numbers for plain and gzipped input', async () => {
    expect(await readAll(streamOf(dump), { fileName: 'es.jsonl' })).toEqual(expectedLines);
    expect(await readAll(streamOf(gzipSync(dump)), { fileName: 'es.jsonl.gz' })).toEqual(expectedLines);
  });

  it('detects gzip by its bytes, whatever the file is called', async () => {
    expect(await readAll(streamOf(gzipSync(dump)), { fileName: 'es.json' })).toEqual(expectedLines);
    expect(await readAll(streamOf(gzipSync(dump)))).toEqual(expectedLines);
  });

  it('strips \\r\\n line endings and reads a last line that has no line ending', async () => {
    const text = Buffer.from(`${entries[0]}\r\n${entries[1]}\r\n\r\n${entries[2]}`);
    expect(await readAll(streamOf(text))).toEqual([
      { lineNumber: 1, text: entries[0] },
      { lineNumber: 2, text: entries[1] },
      { lineNumber: 4, text: entries[2] },
    ]);
  });

  it('strips a byte-order mark from the first line', async () => {
    const text = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), dump]);
    expect(await readAll(streamOf(text))).toEqual(expectedLines);
    expect(await readAll(streamOf(gzipSync(text)))).toEqual(expectedLines);
  });

  it('skips blank lines but counts them in the numbering', async () => {
    const text = Buffer.from(`\n \t\n\r\n${entries[0]}\n\n\n${entries[1]}\n\n`);
    expect(await readAll(streamOf(text))).toEqual([
      { lineNumber: 4, text: entries[0] },
      { lineNumber: 7, text: entries[1] },
    ]);
  });

  it('joins a line that arrives in many tiny chunks, even inside a multi-byte character', async () => {
    const text = Buffer.from(`\uFEFF${entries[0]}\r\n\r\n${entries[1]}\r\n\n${entries[2]}\r\n`);
    expect(await readAll(streamOf(text, 1))).toEqual(expectedLines);
    expect(await readAll(streamOf(text, 3))).toEqual(expectedLines);
    expect(await readAll(streamOf(gzipSync(text), 1))).toEqual(expectedLines);
  });

  it('reads a long line arriving in small chunks in linear time, joining its pieces once', async () => {
    const long = `{"word": "larga", "glosses": "${'x'.repeat(10 * MB)}"}`;
    const input = streamOf(Buffer.from(`${long}\n${entries[0]}\n`), 4 * 1024);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const lines = await readAll(input, {
        limits: { maxDecompressedBytes: 100 * MB, maxLineBytes: 11 * MB },
      });
      expect(lines.map((line) => line.text)).toEqual([long, entries[0]]);
      // Re-joining the pending line on every chunk would copy 5 MB on average × 2,560 chunks ≈ 13 GB.
      const copied = concat.mock.results.reduce((sum, result) => sum + (result.value as Buffer).length, 0);
      expect(copied).toBeLessThan(2 * long.length);
    } finally {
      concat.mockRestore();
    }
  });

  it('replaces invalid UTF-8 with U+FFFD and leaves the verdict to the JSON parser', async () => {
    const text = Buffer.concat([Buffer.from('{"word": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]);
    expect(await readAll(streamOf(text, 1))).toEqual([{ lineNumber: 1, text: '{"word": "\uFFFD("}' }]);
  });

  it('checks only the first line: later lines are the importer’s to skip', async () => {
    const text = Buffer.from(`${entries[0]}\nnot json\n[1, 2]\n`);
    expect((await readAll(streamOf(text))).map((line) => line.text)).toEqual([
      entries[0],
      'not json',
      '[1, 2]',
    ]);
  });

  it('hands over lines in batches of at most 1,000, even from one huge chunk', async () => {
    const text = Buffer.from(`${entries[0]}\n`.repeat(5_500));
    const sizes: number[] = [];
    for await (const batch of readJsonLines(streamOf(text), { limits: roomyLimits }))
      sizes.push(batch.length);
    expect(sizes).toEqual([1_000, 1_000, 1_000, 1_000, 1_000, 500]);
  });

  it('hands over long lines in batches of about 256 KB of text', async () => {
    const line = `{"word": "larga", "glosses": "${'x'.repeat(10_000)}"}`;
    const batches: JsonLine[][] = [];
    for await (const batch of readJsonLines(streamOf(Buffer.from(`${line}\n`.repeat(1_000))), {
      limits: roomyLimits,
    })) {
      batches.push(batch);
    }
    expect(batches.flat()).toHaveLength(1_000);
    for (const batch of batches) expect(batch.length * line.length).toBeLessThan(MB / 4 + line.length);
    // 10 MB of lines: 40 batches of 25 lines.
    expect(batches.length).toBeLessThanOrEqual(40);
  });

  it('reads a gzip file made of several members', async () => {
    const members = Buffer.concat([
      gzipSync(`${entries[0]}\n\n`),
      gzipSync(`${entries[1]}\n   `),
      gzipSync(`\n${entries[2]}\n`),
    ]);
    expect(await readAll(streamOf(members, 7))).toEqual(expectedLines);
  });

  it('refuses a file named .gz that is not gzip-compressed', async () => {
    await expectDumpError(
      readAll(streamOf(dump), { fileName: 'es-extract.JSONL.GZ' }),
      'The file is named .gz but is not gzip-compressed.',
    );
  });

  it('refuses a truncated gzip file', async () => {
    const gzipped = gzipSync(Buffer.from(`${entries[0]}\n`.repeat(2_000)));
    await expectDumpError(
      readAll(streamOf(gzipped.subarray(0, gzipped.length >> 1))),
      'The file is truncated: its gzip stream ends early.',
    );
  });

  it('refuses a gzip file whose compressed data is corrupt', async () => {
    const gzipped = gzipSync(Buffer.from(`${entries[0]}\n`.repeat(2_000)));
    const corrupt = Buffer.concat([gzipped.subarray(0, 10), noise(1_000, 7), gzipped.subarray(1_010)]);
    const error = await readAll(streamOf(corrupt)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DumpError);
    expect((error as DumpError).message).toMatch(/^The file is not valid gzip: .+\.$/);
  });

  it('refuses binary junk', async () => {
    const junk = noise(64 * 1024, 42);
    junk[0] = 0x42;
    const error = await readAll(streamOf(junk)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DumpError);
    expect((error as DumpError).message).toMatch(
      /^This is not a JSON-lines file: line \d+ contains binary data\.$/,
    );
  });

  it('refuses a PNG image, naming the line where its binary data starts', async () => {
    // \x89PNG\r\n \x1a\n \0…: the signature's two line feeds put the first NUL on line 3.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await expectDumpError(
      readAll(streamOf(png), { fileName: 'es.jsonl' }),
      'This is not a JSON-lines file: line 3 contains binary data.',
    );
  });

  it('refuses a file whose first line does not start a JSON object', async () => {
    await expectDumpError(
      readAll(streamOf(Buffer.from(`\n  \nword,pos\n${entries[0]}\n`))),
      'This is not a JSON-lines file: line 3 does not start a JSON object.',
    );
    await expectDumpError(
      readAll(streamOf(Buffer.from([0xef, 0xbb, 0x7b, 0x7d, 0x0a]))),
      'This is not a JSON-lines file: line 1 does not start a JSON object.',
    );
  });

  it('refuses a JSON array as soon as it starts, however long its one line is', async () => {
    const message = 'This is a JSON array, not JSON lines: export one entry per line.';
    await expectDumpError(readAll(streamOf(Buffer.from(` \n[${entries[0]},\n${entries[1]}]\n`))), message);
    await expectDumpError(readAll(streamOf(gzipSync(Buffer.from(`\uFEFF[${entries.join(',')}]`)))), message);
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('[');
        for (;;) yield Buffer.from(`${entries[0]},`.repeat(1_000));
      })(),
    );
    await expectDumpError(readAll(endless, { limits: { ...roomyLimits, maxLineBytes: MB } }), message);
  });

  it('refuses an empty file or one with only blank lines', async () => {
    await expectDumpError(readAll(streamOf(Buffer.alloc(0))), 'The file is empty.');
    await expectDumpError(readAll(Readable.from([])), 'The file is empty.');
    await expectDumpError(readAll(streamOf(Buffer.from('\n \r\n\t\n'), 2)), 'The file is empty.');
    await expectDumpError(readAll(streamOf(Buffer.from('\uFEFF\n'))), 'The file is empty.');
    await expectDumpError(
      readAll(streamOf(gzipSync(Buffer.alloc(0))), { fileName: 'es.jsonl.gz' }),
      'The file is empty.',
    );
  });

  it('refuses a line over the limit with its number while the line is still arriving', async () => {
    let produced = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const block = Buffer.from(`${entries[0]}\n`.repeat(900));
    // 100 MB if it were read to the end: line 3 is 3 MB long, then come ordinary lines.
    const input = Readable.from(
      (function* () {
        const head = Buffer.from(`${entries[0]}\n\n{"word": "`);
        produced += head.length;
        yield head;
        for (let i = 0; i < 48; i++) {
          produced += chunk.length;
          yield chunk;
        }
        produced += 3;
        yield Buffer.from('"}\n');
        while (produced < 100 * MB) {
          produced += block.length;
          yield block;
        }
      })(),
    );
    await expectDumpError(
      readAll(input, { limits: { ...roomyLimits, maxLineBytes: MB } }),
      'Line 3 is longer than 1 MB.',
    );
    // The limit is passed at 1 MB; what was read beyond that is the stream's read-ahead.
    expect(produced).toBeLessThan(2.5 * MB);
    expect(input.destroyed).toBe(true);
  });

  it('refuses a line over the limit that arrives in one piece', async () => {
    const text = Buffer.from(`${entries[0]}\n{"glosses": "${'x'.repeat(3 * MB)}"}\n${entries[1]}\n`);
    await expectDumpError(
      readAll(streamOf(text), { limits: { ...roomyLimits, maxLineBytes: MB } }),
      'Line 2 is longer than 1 MB.',
    );
    await expectDumpError(
      readAll(streamOf(gzipSync(text)), { limits: { ...roomyLimits, maxLineBytes: 1.5 * MB } }),
      'Line 2 is longer than 1.5 MB.',
    );
  });

  it('stops a gzip bomb once the decompressed limit is passed', async () => {
    // 200 members of 1 MB of lines each: 200 MB once decompressed, a few hundred KB as sent.
    const member = gzipSync(Buffer.from(`${'{"word": "bomb"}'.padEnd(1023, ' ')}\n`.repeat(1024)), {
      level: 9,
    });
    let membersSent = 0;
    const input = Readable.from(
      (function* () {
        for (let i = 0; i < 200; i++) {
          membersSent++;
          yield member;
        }
      })(),
    );
    await expectDumpError(
      readAll(input, {
        fileName: 'bomb.jsonl.gz',
        limits: { maxDecompressedBytes: 10 * MB, maxLineBytes: MB },
      }),
      'The file is larger than 10 MB once decompressed.',
    );
    expect(membersSent).toBeLessThan(40);
  });

  it('stops a gzip bomb of zeros as binary data on its first line', async () => {
    // 200 MB of zeros as 200 members of ~1 KB each.
    const member = gzipSync(Buffer.alloc(MB), { level: 9 });
    const zeros = Buffer.concat(Array.from({ length: 200 }, () => member));
    expect(zeros.length).toBeLessThan(300 * 1024);
    // Read on, it would stop at 10 MB with another sentence: this one says it stopped on the first line.
    await expectDumpError(
      readAll(streamOf(zeros, 64 * 1024), { limits: { maxDecompressedBytes: 10 * MB, maxLineBytes: MB } }),
      'This is not a JSON-lines file: line 1 contains binary data.',
    );
  });

  it('refuses plain input over the decompressed limit without reading on', async () => {
    let produced = 0;
    const block = Buffer.from(`${entries[0]}\n`.repeat(1_000));
    const input = Readable.from(
      (function* () {
        for (;;) {
          produced += block.length;
          yield block;
        }
      })(),
    );
    let linesRead = 0;
    const reading = (async () => {
      for await (const batch of readJsonLines(input, {
        limits: { maxDecompressedBytes: 3 * MB, maxLineBytes: MB },
      })) {
        linesRead += batch.length;
      }
    })();
    await expectDumpError(reading, 'The file is larger than 3 MB once decompressed.');
    expect(linesRead).toBeLessThan((3 * MB) / entries[0].length);
    expect(produced).toBeLessThan(5 * MB);
  });

  it('destroys the source when the consumer stops early, without an error', async () => {
    for (const encode of [(bytes: Buffer) => bytes, (bytes: Buffer) => gzipSync(bytes)]) {
      let isSourceClosed = false;
      const block = encode(Buffer.from(`${entries[0]}\n`.repeat(2_000)));
      const input = Readable.from(
        (function* () {
          try {
            for (;;) yield block;
          } finally {
            isSourceClosed = true;
          }
        })(),
      );
      let seen = 0;
      for await (const batch of readJsonLines(input, { limits: roomyLimits })) {
        seen += batch.length;
        if (seen >= 200) break;
      }
      expect(input.destroyed).toBe(true);
      await expect.poll(() => isSourceClosed).toBe(true);
    }
  });

  it('reports increasing compressed byte counts, at most every 64 KB, ending at the file size', async () => {
    const text = Buffer.from(
      Array.from({ length: 4_000 }, (_, i) => `{"word": "${noise(48, i).toString('hex')}"}`).join('\n'),
    );
    for (const bytes of [text, gzipSync(text)]) {
      const reports: number[] = [];
      await readAll(streamOf(bytes, 16 * 1024), { onProgress: (bytesRead) => reports.push(bytesRead) });
      expect(reports.length).toBeGreaterThan(2);
      expect(reports.at(-1)).toBe(bytes.length);
      for (let i = 1; i < reports.length; i++) {
        const step = (reports[i] ?? 0) - (reports[i - 1] ?? 0);
        expect(step).toBeGreaterThan(0);
        if (i < reports.length - 1) expect(step).toBeGreaterThanOrEqual(64 * 1024);
      }
    }
  });

  it('passes on an error of the input stream', async () => {
    for (const encode of [(bytes: Buffer) => bytes, (bytes: Buffer) => gzipSync(bytes)]) {
      const failure = new Error('the upload was aborted');
      const input = Readable.from(
        (function* () {
          yield encode(Buffer.from(`${entries[0]}\n`.repeat(10)));
          throw failure;
        })(),
      );
      await expect(readAll(input)).rejects.toBe(failure);
    }
  });

  it('stops with the signal’s reason when aborted, even while the input is silent', async () => {
    const controller = new AbortController();
    const silent = new Readable({ read() {} });
    silent.push(`${entries[0]}\n`);
    const lines = readJsonLines(silent, { limits: roomyLimits, signal: controller.signal });
    const next = lines.next();
    const reason = new Error('the admin cancelled the import');
    setTimeout(() => controller.abort(reason), 10);
    await expect(next).rejects.toBe(reason);
    expect(silent.destroyed).toBe(true);

    const input = streamOf(dump);
    await expect(readAll(input, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
