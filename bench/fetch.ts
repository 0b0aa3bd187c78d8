// One request as the wire carries it, for the benchmarks that check an answer before they load it (bench/api,
// bench/reading): its status, the raw bytes and their encoding, and the decoded text.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LoadRequest } from './load.ts';

export interface Answer {
  status: number;
  encoding: string;
  /** The bytes as they came over the wire (compressed if they were). */
  raw: Buffer;
  body: string;
}

/** Sends `sent` with `headers` (a browser's, say) under its own, and reads the whole answer. */
export function fetchRaw(
  origin: string,
  sent: LoadRequest,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const all = {
      ...headers,
      ...sent.headers,
      ...(sent.body === undefined ? {} : { 'content-length': Buffer.byteLength(sent.body) }),
    };
    const request = httpRequest(
      `${origin}${sent.path}`,
      { method: sent.method, headers: all },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          done({ status: response.statusCode ?? 0, encoding, raw, body: decoded.toString() });
        });
      },
    );
    request.on('error', fail);
    request.end(sent.body);
  });
}
