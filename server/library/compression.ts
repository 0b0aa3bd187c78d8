import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { acceptsEncoding, COMPRESS_FROM_BYTES } from '#server/http/accept-encoding.ts';

/** As server/app.ts compresses every other answer: level 1 shrinks JSON almost as much, in far less time. */
const GZIP = { level: 1 };

/** How the story list is sent: gzip, brotli, or as it is. */
export type ListEncoding = 'gzip' | 'br' | 'identity';

/**
 * The encoding the client asks for, as the compression plugin chose it: gzip when it accepts gzip (or `*`,
 * `x-gzip`), brotli when it accepts brotli but not gzip, none otherwise (no Accept-Encoding, `identity`,
 * `deflate` only, `x-no-compression`). gzip, not brotli, for a browser that accepts both: brotli at quality 1
 * took 2.4 times as long for a 330 KB list (1.0 ms against 0.43; decision 087).
 */
export function listEncoding(request: FastifyRequest): ListEncoding {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return 'identity';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return acceptsEncoding(header, 'br') ? 'br' : 'identity';
}

/**
 * The story list's JSON bytes as `wanted` asks, compressed in one call on the buffer rather than through the
 * compression plugin's stream, which cut a 300 KB list into 16 KB chunks piped through a zlib stream and
 * written as a chunked answer (decision 087); an answer under the plugin's threshold stays as it is. Answers
 * the bytes and the encoding they are in.
 */
export function encodeList(body: Buffer, wanted: ListEncoding): { bytes: Buffer; encoding: ListEncoding } {
  if (wanted === 'identity' || body.length < COMPRESS_FROM_BYTES)
    return { bytes: body, encoding: 'identity' };
  if (wanted === 'gzip') return { bytes: gzipSync(body, GZIP), encoding: 'gzip' };
  const params = { [constants.BROTLI_PARAM_QUALITY]: 1 };
  return { bytes: brotliCompressSync(body, { params }), encoding: 'br' };
}
