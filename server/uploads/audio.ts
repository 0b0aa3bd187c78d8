import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';

/**
 * The audio's length in whole seconds, or undefined when its bytes do not tell; reads `body` to its end either
 * way, as a reader alongside storage must (server/uploads/streams.ts copyAlongside).
 */
export async function durationSeconds(body: Readable, contentType: string): Promise<number | undefined> {
  try {
    const metadata = await parseStream(body, { mimeType: contentType }, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return seconds === undefined || !Number.isFinite(seconds) ? undefined : Math.round(seconds);
  } catch {
    return undefined;
  } finally {
    body.resume();
  }
}
