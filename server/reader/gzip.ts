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
  /** What appending `length` bytes does to a CRC-32 before this piece's own is added (crc32Combine), made once. */
  shift: number[];
}

const LEVEL = { level: 1 };
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** `text` compressed as a piece that more pieces follow. */
export function deflatePiece(text: string): Deflated {
  const raw = Buffer.from(text);
  return {
    // Once per version of a chapter: the best compression deflate has, to come nearer brotli's size.
    bytes: deflateRawSync(raw, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(raw),
    length: raw.length,
    shift: zerosOperator(raw.length),
  };
}

/** A short text as stored (uncompressed) deflate blocks: nothing to set up, a few bytes more on the wire. */
function stored(raw: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < raw.length || at === 0; at += 0xffff) {
    const part = raw.subarray(at, at + 0xffff);
    const header = Buffer.from([
      0,
      part.length & 0xff,
      part.length >> 8,
      ~part.length & 0xff,
      (~part.length >> 8) & 0xff,
    ]);
    blocks.push(header, part);
    if (raw.length === 0) break;
  }
  return blocks;
}

/**
 * The gzip member of `pieces` in order, `last` (written now, compressed) finishing it. A piece given as text is
 * written now too, stored: the short parts between the large ones.
 */
export function gzipOf(pieces: readonly (Deflated | string)[], last: string): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    // Nothing to add; and Node 20's crc32 of no bytes answered 0, not the CRC given, once optimized.
    if (piece.length === 0) continue;
    if (typeof piece === 'string') {
      const raw = Buffer.from(piece);
      parts.push(...stored(raw));
      crc = crc32(raw, crc);
      length += raw.length;
    } else {
      parts.push(piece.bytes);
      crc = (times(piece.shift, crc) ^ piece.crc) >>> 0;
      length += piece.length;
    }
  }
  const raw = Buffer.from(last);
  parts.push(deflateRawSync(raw, LEVEL));
  if (raw.length > 0) crc = crc32(raw, crc);
  length += raw.length;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

// zlib's crc32_combine: the CRC-32 of A followed by B from each one's CRC and B's length. Appending n zero bytes
// to a CRC's state is linear over GF(2): a 32×32 matrix (each entry the image of one bit), made by squaring the
// one-zero-bit operator, O(log n) products. A cached piece keeps its matrix, so a combine costs 32 steps.
function times(matrix: readonly number[], vector: number): number {
  let sum = 0;
  let rest = vector >>> 0;
  for (let index = 0; rest !== 0; index += 1, rest >>>= 1) if (rest & 1) sum ^= matrix[index] ?? 0;
  return sum >>> 0;
}

/** `outer` after `inner`. */
function compose(outer: readonly number[], inner: readonly number[]): number[] {
  return inner.map((image) => times(outer, image));
}

const IDENTITY = Array.from({ length: 32 }, (_, n) => (1 << n) >>> 0);

/** The operator appending `length` zero bytes to a CRC-32's state. */
export function zerosOperator(length: number): number[] {
  // One zero bit, then a byte (eight bits) by squaring three times; then binary powers of bytes.
  let power = [0xedb88320, ...IDENTITY.slice(0, 31)];
  for (let n = 0; n < 3; n += 1) power = compose(power, power);
  let result = IDENTITY;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = compose(power, result);
    if (rest > 1) power = compose(power, power);
  }
  return result;
}

export function crc32Combine(first: number, second: number, secondLength: number): number {
  return (times(zerosOperator(secondLength), first) ^ second) >>> 0;
}
