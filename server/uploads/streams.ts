// The stream pieces of the upload pipeline (receive.ts): a byte limit counted as bytes pass, and a copy of the
// bytes for a reader that works in the same pass as storage.
import { PassThrough, type Readable, Transform } from 'node:stream';
import { HttpError } from '#server/http/errors.ts';

/** Fails the stream with a 413 and `message` once more than `max` bytes have passed, while they still arrive. */
export function limitBytes(max: number, message: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) return done(new HttpError(413, message));
      done(null, chunk);
    },
  });
}

/**
 * The same bytes twice: `main` for storage and `copy` for a reader alongside it (audio measured while it is
 * stored). Storage sets the pace: while `main` is behind, the source waits, so nothing piles up in memory; the
 * copy's reader must keep reading (or resume the copy) until it ends. An error of the source fails both.
 */
export function copyAlongside(source: Readable): { main: Readable; copy: Readable } {
  const main = new PassThrough();
  const copy = new PassThrough();
  source.on('data', (chunk: Buffer) => {
    copy.write(chunk);
    if (!main.write(chunk)) {
      source.pause();
      main.once('drain', () => source.resume());
    }
  });
  source.on('end', () => {
    main.end();
    copy.end();
  });
  source.on('error', (error) => {
    main.destroy(error);
    copy.destroy(error);
  });
  return { main, copy };
}

/**
 * Waits until `source` has a first chunk, has ended empty, or has failed, without taking the chunk: it is put
 * back, so whoever reads next sees every byte. Answers whether there were bytes; rejects with the stream's
 * error (also one `failure` says was emitted earlier, before anyone listened here). A stream that ended
 * before a listener came would otherwise leave a reader waiting on 'readable' for ever (file-type does).
 */
export function hasBytes(source: Readable, failure: () => unknown): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      const error = failure() ?? source.errored;
      if (error) return done(() => reject(error));
      const chunk: Buffer | null = source.read();
      if (chunk !== null) {
        source.unshift(chunk);
        return done(() => resolve(true));
      }
      if (source.readableEnded || source.destroyed) return done(() => resolve(false));
    };
    const fail = (error: unknown) => done(() => reject(error));
    const done = (answer: () => void) => {
      source.off('readable', settle);
      source.off('end', settle);
      source.off('error', fail);
      source.off('close', settle);
      answer();
    };
    source.on('readable', settle);
    source.on('end', settle);
    source.on('error', fail);
    source.on('close', settle);
    settle(); // it may have ended, or failed, before this listened
  });
}
