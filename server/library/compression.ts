import type { FastifyRequest } from 'fastify';
import { type AnswerEncoding, chosenEncoding } from '#server/http/accept-encoding.ts';

/** How the story list is sent: gzip, brotli, or as it is (compressed by encodeAnswer). */
export type ListEncoding = AnswerEncoding;

/**
 * The encoding the client asks for, as the compression plugin chose it, but gzip, not brotli, for a browser
 * that accepts both: brotli at quality 1 took 2.4 times as long for a 330 KB list (1.0 ms against 0.43;
 * decision 087), and a list is compressed again whenever the library or the learner's progress moves.
 */
export function listEncoding(request: FastifyRequest): ListEncoding {
  return chosenEncoding(request.headers, 'gzip');
}
