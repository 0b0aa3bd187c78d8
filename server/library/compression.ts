import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this an answer goes as it is, as the compression plugin's threshold (server/app.ts) would send it. */
const THRESHOLD = 1024;
/** As server/app.ts compresses every other answer: level 1 shrinks JSON almost as much, in far less time. */
const GZIP = { level: 1 };

/** Whether the Accept-Encoding header accepts `coding` (or everything, `*`) with a weight above zero. */
function accepts(header: string, coding: string): boolean {
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (name !== coding && name !== `x-${coding}` && name !== '*') continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  }
  return false;
}

/**
 * Sends the story list's JSON bytes compressed as the client accepts, in one call on a buffer rather than
 * through the compression plugin's stream: above its synchronous threshold (a 300 KB list) the plugin cut the
 * buffer into 16 KB chunks piped through a zlib stream and written as a chunked answer, whose stream hops,
 * thread-pool round trips and writes were most of the list's cost (decision 087). gzip, not brotli, for a
 * browser that accepts both: brotli at quality 1 took 2.4 times as long for a 330 KB list (1.0 ms against
 * 0.43). Headers as the plugin sets them: Vary and Content-Encoding on a compressed answer, neither otherwise.
 */
export function sendListBytes(request: FastifyRequest, reply: FastifyReply, body: Buffer): Buffer {
  const header = request.headers['accept-encoding'];
  const isCompressed =
    body.length >= THRESHOLD &&
    typeof header === 'string' &&
    request.headers['x-no-compression'] === undefined &&
    (accepts(header, 'gzip') || accepts(header, 'br'));
  if (!isCompressed) return body;
  const isGzip = accepts(header, 'gzip');
  // route() sends the bytes as JSON; it checks an answer against the schema (in tests) only when not encoded.
  reply.header('Vary', 'accept-encoding').header('Content-Encoding', isGzip ? 'gzip' : 'br');
  return isGzip
    ? gzipSync(body, GZIP)
    : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
}
