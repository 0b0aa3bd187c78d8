import { Transform } from 'node:stream';
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
