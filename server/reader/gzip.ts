import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer spliced from pieces (decision 088): a chapter's large part is compressed once per version and
 * the learner's part per request, instead of compressing a whole 100–300 KB answer on every read. Each piece is
 * raw deflate ending in a sync flush (byte-aligned, not final, referring to nothing before it), so pieces follow
 * one another in one deflate stream; the last is finished; gzip's trailer takes the whole text's CRC-32, combined
 * from the pieces' own, and its length.
 */
export interface Deflated {
  bytes: Buffer;
  crc: number;
  /** The UTF-8 length of the text it holds. */
  length: number;
}

const LEVEL = { level: 1 };
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** `text` compressed as a piece that more pieces follow. */
export function deflatePiece(text: string): Deflated {
  const raw = Buffer.from(text);
  return {
    bytes: deflateRawSync(raw, { ...LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(raw),
    length: raw.length,
  };
}

/** The gzip member of `pieces` in order, `last` (written now) finishing it. */
export function gzipOf(pieces: readonly Deflated[], last: string): Buffer {
  const raw = Buffer.from(last);
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  crc = crc32Combine(crc, crc32(raw), raw.length);
  length += raw.length;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const finished = deflateRawSync(raw, LEVEL);
  return Buffer.concat([GZIP_HEADER, ...pieces.map((piece) => piece.bytes), finished, trailer]);
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with no q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...parameters] = part.split(';').map((value) => value.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

// zlib's crc32_combine: the CRC-32 of A followed by B from each one's CRC and B's length, by squaring the
// operator that appends a zero bit (GF(2) 32×32 matrices), in O(log length).
function times(matrix: number[], vector: number): number {
  let sum = 0;
  let rest = vector >>> 0;
  for (let index = 0; rest !== 0; index += 1, rest >>>= 1) if (rest & 1) sum ^= matrix[index] ?? 0;
  return sum >>> 0;
}

function square(matrix: number[]): number[] {
  return matrix.map((row) => times(matrix, row));
}

export function crc32Combine(first: number, second: number, secondLength: number): number {
  if (secondLength <= 0) return first >>> 0;
  // The operator for one zero bit, then two, then four: the first applied to bytes is for eight.
  let odd = [0xedb88320, ...Array.from({ length: 31 }, (_, n) => (1 << n) >>> 0)];
  let even = square(odd);
  odd = square(even);
  let crc = first >>> 0;
  let length = secondLength;
  for (;;) {
    even = square(odd);
    if (length % 2 === 1) crc = times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    odd = square(even);
    if (length % 2 === 1) crc = times(odd, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
  }
  return (crc ^ second) >>> 0;
}
