import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors.ts';
import { copyAlongside, limitBytes } from './streams.ts';

const chunks = (count: number, size: number) => Array.from({ length: count }, () => Buffer.alloc(size, 1));

describe('limitBytes', () => {
  it('passes a body of exactly the limit', async () => {
    const out = limitBytes(300, 'Too large.');
    const done = buffer(out);
    await pipeline(Readable.from(chunks(3, 100)), out);

    expect((await done).length).toBe(300);
  });

  it('fails with a 413 and its sentence as soon as one byte more has passed', async () => {
    let read = 0;
    const source = Readable.from(
      (function* () {
        for (const chunk of chunks(10, 100)) {
          read += 1;
          yield chunk;
        }
      })(),
    );

    const failure = await pipeline(source, limitBytes(250, 'Too large.')).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 413, message: 'Too large.' });
    expect(read).toBeLessThan(10);
  });
});

describe('copyAlongside', () => {
  it('gives storage and the reader alongside the same bytes', async () => {
    const body = Buffer.concat(chunks(50, 1000).map((chunk, index) => chunk.fill(index)));
    const { main, copy } = copyAlongside(Readable.from([body.subarray(0, 20_000), body.subarray(20_000)]));

    const [stored, read] = await Promise.all([buffer(main), buffer(copy)]);

    expect(stored.equals(body)).toBe(true);
    expect(read.equals(body)).toBe(true);
  });

  it('fails both with an error of the source', async () => {
    const source = new Readable({ read() {} });
    const { main, copy } = copyAlongside(source);
    const stored = buffer(main).catch((error: Error) => error.message);
    const read = buffer(copy).catch((error: Error) => error.message);

    source.push(Buffer.from('start'));
    source.destroy(new Error('cut short'));

    expect(await stored).toBe('cut short');
    expect(await read).toBe('cut short');
  });
});
