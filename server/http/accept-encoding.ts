// What a client's Accept-Encoding takes, for the answers the app compresses itself (the story list, decision
// 087; the reader's chapter, decision 088; the saved words, decision 097; the app's shell) rather than through
// the compression plugin, and those answers compressed as the plugin would.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Below this many bytes an answer goes as it is: the compression plugin's threshold (server/app.ts), which the
 * answers compressed by the app itself keep too.
 */
export const COMPRESS_FROM_BYTES = 1024;

/** As server/app.ts compresses every other answer: level 1 shrinks JSON almost as much, in far less time. */
const GZIP = { level: 1 };
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

/** How an answer the app compresses itself is sent: gzip, brotli, or as it is. */
export type AnswerEncoding = 'gzip' | 'br' | 'identity';

/** Whether the header accepts `coding` (by name, as `x-<coding>`, or `*`) with a weight above zero. */
export function acceptsEncoding(header: string | string[] | undefined, coding: string): boolean {
  if (typeof header !== 'string') return false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (name !== coding && name !== `x-${coding}` && name !== '*') continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  }
  return false;
}

/**
 * The encoding a client's headers ask for: `preferred` when it accepts both gzip and brotli (or `*`), the other
 * when it accepts only that one, none otherwise (no Accept-Encoding, `identity`, `deflate` only, or the
 * plugin's `x-no-compression`).
 */
export function chosenEncoding(
  headers: { 'accept-encoding'?: string | string[] | undefined; 'x-no-compression'?: unknown },
  preferred: 'gzip' | 'br',
): AnswerEncoding {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return 'identity';
  const other = preferred === 'gzip' ? 'br' : 'gzip';
  if (acceptsEncoding(header, preferred)) return preferred;
  return acceptsEncoding(header, other) ? other : 'identity';
}

/**
 * JSON bytes as `wanted` asks, compressed in one call on the buffer rather than through the compression plugin's
 * stream, which cut a 300 KB list into 16 KB chunks piped through a zlib stream and written as a chunked answer
 * (decision 087); an answer under the plugin's threshold stays as it is. Answers the bytes and the encoding
 * they are in.
 */
export function encodeAnswer(
  body: Buffer,
  wanted: AnswerEncoding,
): { bytes: Buffer; encoding: AnswerEncoding } {
  if (wanted === 'identity' || body.length < COMPRESS_FROM_BYTES)
    return { bytes: body, encoding: 'identity' };
  if (wanted === 'gzip') return { bytes: gzipSync(body, GZIP), encoding: 'gzip' };
  return { bytes: brotliCompressSync(body, BROTLI), encoding: 'br' };
}
