// What a client's Accept-Encoding takes, for the answers the app compresses itself (the story list, decision
// 087; the reader's chapter, decision 088; the saved words, decision 095) rather than through the compression
// plugin, and those answers compressed as the plugin would.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** Below this an answer goes as it is, as the compression plugin's threshold (server/app.ts) would send it. */
const THRESHOLD = 1024;
/** As server/app.ts compresses every other answer: level 1 shrinks JSON almost as much, in far less time. */
const GZIP = { level: 1 };
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

/** How an answer the app compresses itself is sent: gzip, brotli, or as it is. */
export type AnswerEncoding = 'gzip' | 'br' | 'identity';

/**
 * JSON bytes as `wanted` asks, compressed in one call on the buffer rather than through the compression plugin's
 * stream (decision 087); an answer under the plugin's threshold stays as it is. Answers the bytes and the
 * encoding they are in.
 */
export function encodeAnswer(
  body: Buffer,
  wanted: AnswerEncoding,
): { bytes: Buffer; encoding: AnswerEncoding } {
  if (wanted === 'identity' || body.length < THRESHOLD) return { bytes: body, encoding: 'identity' };
  if (wanted === 'gzip') return { bytes: gzipSync(body, GZIP), encoding: 'gzip' };
  return { bytes: brotliCompressSync(body, BROTLI), encoding: 'br' };
}
