import { PassThrough } from 'node:stream';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { loadDump } from './importer.ts';
import { readJsonLines } from './json-lines.ts';
import { ImportWriter } from './store.ts';

const limits = { uploadBytes: 1024 * 1024, decompressedBytes: 1024 * 1024, lineBytes: 64 * 1024 };

/** A pool whose first connection is handed out and whose second is refused (the pool is full). */
function poolWithOneConnection() {
  const client = { release: vi.fn(), query: vi.fn() };
  const refusal = new Error('timeout exceeded when trying to connect');
  const connect = vi.fn().mockResolvedValueOnce(client).mockRejectedValueOnce(refusal);
  return { pool: { connect } as unknown as pg.Pool, client, refusal };
}

describe('ImportWriter.open', () => {
  it('gives back the connection it got when it cannot get the second', async () => {
    const { pool, client, refusal } = poolWithOneConnection();

    await expect(ImportWriter.open(pool, 1)).rejects.toBe(refusal);

    expect(client.release).toHaveBeenCalledTimes(1);
    expect(client.query).not.toHaveBeenCalled();
  });
});

describe('loadDump', () => {
  it('destroys its input when it fails before reading it', async () => {
    const { pool, refusal } = poolWithOneConnection();
    const input = new PassThrough();

    await expect(loadDump(pool, 1, { input, source: 'es', limits })).rejects.toBe(refusal);

    expect(input.destroyed).toBe(true);
  });
});

describe('readJsonLines', () => {
  it('destroys its input when it is stopped before it starts', async () => {
    const input = new PassThrough();
    const stopped = AbortSignal.abort(new Error('The server is stopping.'));
    const lines = readJsonLines(input, {
      limits: { maxDecompressedBytes: 1024, maxLineBytes: 1024 },
      signal: stopped,
    });

    await expect(lines.next()).rejects.toThrow('The server is stopping.');

    expect(input.destroyed).toBe(true);
  });
});

describe('readJsonLines of a partial file', () => {
  it('leaves out the unfinished last line, and reads a whole last line', async () => {
    const read = async (text: string) => {
      const texts: string[] = [];
      const input = new PassThrough();
      input.end(text);
      const options = { limits: { maxDecompressedBytes: 1024, maxLineBytes: 1024 }, isPartial: true };
      for await (const batch of readJsonLines(input, options)) texts.push(...batch.map((line) => line.text));
      return texts;
    };

    expect(await read('{"a": 1}\n{"b": 2}\n{"c": ')).toEqual(['{"a": 1}', '{"b": 2}']);
    expect(await read('{"a": 1}\n{"b": 2}\n')).toEqual(['{"a": 1}', '{"b": 2}']);
  });
});
