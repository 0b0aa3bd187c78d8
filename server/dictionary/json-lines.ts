import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createGunzip, type Gunzip } from 'node:zlib';
import { type JsonLine, type LineBatcher, RawBatcher, type RawLines, TextBatcher } from './line-batches.ts';

export type { JsonLine, RawLines } from './line-batches.ts';

export interface JsonLinesLimits {
  /** Bytes after decompression; over it the read fails (a gzip bomb stops early). */
  maxDecompressedBytes: number;
  /** One line's bytes (without its '\n'); over it the read fails with the line number. */
  maxLineBytes: number;
}

export interface ReadJsonLinesOptions {
  limits: JsonLinesLimits;
  /** The file's name, when known: a name ending in .gz that is not gzip is an error. */
  fileName?: string;
  /** Called with the compressed bytes consumed so far (for a progress bar), at most every ~64 KB. */
  onProgress?: (bytesRead: number) => void;
  signal?: AbortSignal;
  /**
   * The input is only the start of a longer file (a preview's sample): a last line without its '\n' was cut
   * short, so it is left out rather than read as a broken entry.
   */
  isPartial?: boolean;
  /**
   * Stops reading, without an error, once this many lines (blank ones too) or decompressed bytes have been
   * read: a preview of a file of blank lines, or of a gzip bomb, reads a bounded amount rather than the whole
   * file. The batches read so far are yielded (not a line cut short), then `onStoppedEarly` is called.
   */
  stopAfter?: { lines: number; bytes: number };
  onStoppedEarly?: () => void;
}

/** The whole file is refused; the message is a sentence an admin can read. */
export class DumpError extends Error {
  override name = 'DumpError';
}

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** A bigger chunk (a caller may push 100 MB at once) is split so it never becomes a pile of batches. */
const PIECE_BYTES = MB;
const PROGRESS_EVERY_BYTES = 64 * 1024;
/** zlib's default output chunk is 16 KB; bigger chunks mean fewer stream round trips per megabyte. */
const GUNZIP_CHUNK_BYTES = 256 * 1024;

const NUL = 0x00;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * Streams a JSON-lines file (plain or gzip, told apart by its first bytes) as batches of non-blank lines,
 * holding at most one line and one batch in memory; throws DumpError when the file as a whole is unusable.
 */
export function readJsonLines(
  input: Readable,
  options: ReadJsonLinesOptions,
): AsyncGenerator<JsonLine[], void, undefined> {
  return readLines(input, options, new TextBatcher());
}

/**
 * readJsonLines with each batch's lines left as UTF-8 bytes (RawLines), in a buffer of the batch's own: the
 * import hands them to a worker thread without copying them, and the worker decodes them (docs/decisions/090).
 */
export function readRawJsonLines(
  input: Readable,
  options: ReadJsonLinesOptions,
): AsyncGenerator<RawLines, void, undefined> {
  return readLines(input, options, new RawBatcher());
}

async function* readLines<Batch>(
  input: Readable,
  options: ReadJsonLinesOptions,
  batcher: LineBatcher<Batch>,
): AsyncGenerator<Batch, void, undefined> {
  const { limits, fileName, onProgress, signal, isPartial = false, stopAfter } = options;
  let gunzip: Gunzip | undefined;
  // Destroying the streams wakes up whatever await is pending; the catch below then throws the reason.
  const handleAbort = (): void => {
    input.destroy();
    gunzip?.destroy();
  };
  signal?.addEventListener('abort', handleAbort, { once: true });
  let isGzip = false;
  try {
    // Inside the try: a read stopped before it began still destroys its input (the finally below).
    signal?.throwIfAborted();
    const chunks = inputChunks(input, onProgress);
    const head = await readHead(chunks);
    if (head.length === 0) throw new DumpError('The file is empty.');
    isGzip = head[0] === 0x1f && head[1] === 0x8b;
    if (!isGzip && fileName?.toLowerCase().endsWith('.gz')) {
      throw new DumpError('The file is named .gz but is not gzip-compressed.');
    }
    const body = prepend(head, chunks);
    let text: AsyncIterable<Buffer> = body;
    if (isGzip) {
      gunzip = createGunzip({ chunkSize: GUNZIP_CHUNK_BYTES });
      // Every failure also destroys the gunzip, so it reaches the loop below: the callback has nothing to do.
      text = pipeline(body, gunzip, () => {});
    }
    const splitter = new LineSplitter(limits, batcher);
    for await (const chunk of text) {
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
        signal?.throwIfAborted();
        splitter.push(chunk.length <= PIECE_BYTES ? chunk : chunk.subarray(at, at + PIECE_BYTES));
        if (stopAfter && splitter.hasRead(stopAfter)) {
          splitter.cut();
          for (const batch of splitter.takeBatches()) yield batch;
          options.onStoppedEarly?.();
          return; // the finally below destroys the input and the gunzip: nothing more is read
        }
        for (const batch of splitter.takeBatches()) yield batch;
      }
    }
    signal?.throwIfAborted();
    splitter.finish(isPartial);
    for (const batch of splitter.takeBatches()) yield batch;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw isGzip ? fromZlibError(error) : error;
  } finally {
    signal?.removeEventListener('abort', handleAbort);
    // Also reached when the consumer stops early (return()): nothing may keep reading or hold memory.
    gunzip?.destroy();
    input.destroy();
  }
}

/** The input's bytes, counted for the progress callback. */
async function* inputChunks(
  input: Readable,
  onProgress: ((bytesRead: number) => void) | undefined,
): AsyncGenerator<Buffer, void, undefined> {
  let bytesRead = 0;
  let reported = 0;
  for await (const chunk of input as AsyncIterable<unknown>) {
    const bytes = toBuffer(chunk);
    bytesRead += bytes.length;
    if (onProgress && bytesRead - reported >= PROGRESS_EVERY_BYTES) {
      reported = bytesRead;
      onProgress(bytesRead);
    }
    yield bytes;
  }
  if (onProgress && reported !== bytesRead) onProgress(bytesRead);
}

/** The first chunks, enough to hold the two bytes of a gzip signature (fewer only if the input is shorter). */
async function readHead(chunks: AsyncGenerator<Buffer, void, undefined>): Promise<Buffer> {
  const head: Buffer[] = [];
  let length = 0;
  while (length < 2) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  return head.length === 1 && head[0] ? head[0] : Buffer.concat(head, length);
}

async function* prepend(
  head: Buffer,
  rest: AsyncGenerator<Buffer, void, undefined>,
): AsyncGenerator<Buffer, void, undefined> {
  yield head;
  yield* rest;
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('readJsonLines reads a byte stream, not an object stream.');
}

function fromZlibError(error: unknown): unknown {
  // zlib's own errors carry a Z_* code and a numeric errno; the input's errors pass through untouched.
  if (!(error instanceof Error) || !('errno' in error) || typeof error.errno !== 'number') return error;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code !== 'string' || !code.startsWith('Z_')) return error;
  if (code === 'Z_BUF_ERROR') return new DumpError('The file is truncated: its gzip stream ends early.');
  return new DumpError(`The file is not valid gzip: ${error.message}.`);
}

/**
 * Cuts decompressed bytes into lines. Lines are found with Buffer.indexOf (memchr) and decoded one at a
 * time: '\n' never occurs inside a UTF-8 sequence, so decoding whole lines equals streaming decoding, and a
 * bad sequence becomes U+FFFD. A line that spans chunks is kept as a list of pieces and joined once.
 */
class LineSplitter<Batch> {
  /** The number of the line the next byte belongs to. */
  private lineNumber = 1;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private decompressedBytes = 0;
  private hasContent = false;
  private bomBytes = 0;
  private batches: Batch[] = [];

  constructor(
    private readonly limits: JsonLinesLimits,
    private readonly batcher: LineBatcher<Batch>,
  ) {}

  push(piece: Buffer): void {
    const pieceOffset = this.decompressedBytes;
    this.decompressedBytes += piece.length;
    if (this.decompressedBytes > this.limits.maxDecompressedBytes) {
      throw new DumpError(
        `The file is larger than ${formatSize(this.limits.maxDecompressedBytes)} once decompressed.`,
      );
    }
    const nul = piece.indexOf(NUL);
    if (nul !== -1) {
      const line = this.lineNumber + countLineFeeds(piece, nul);
      throw new DumpError(`This is not a JSON-lines file: line ${line} contains binary data.`);
    }
    if (!this.hasContent) this.checkStart(piece, pieceOffset);

    let start = 0;
    let end = piece.indexOf(LF);
    while (end !== -1) {
      this.completeLine(piece, start, end);
      start = end + 1;
      end = piece.indexOf(LF, start);
    }
    if (start < piece.length) {
      this.pendingBytes += piece.length - start;
      if (this.pendingBytes > this.limits.maxLineBytes) throw this.lineTooLong();
      this.pending.push(start === 0 ? piece : piece.subarray(start));
    }
  }

  /**
   * The last line (one without a final '\n', unless the input was cut: then it is an unfinished line, left out)
   * and the last batch; refuses a file with no content.
   */
  finish(isCut: boolean): void {
    if (this.pendingBytes > 0 && isCut) {
      this.pending = [];
      this.pendingBytes = 0;
    } else if (this.pendingBytes > 0) {
      const line = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      this.addLine(line, 0, line.length);
    }
    if (!this.hasContent) throw new DumpError('The file is empty.');
    if (!this.batcher.isEmpty()) this.batches.push(this.batcher.take());
  }

  /** Whether at least this many lines (blank ones too) or decompressed bytes have been read. */
  hasRead(bound: { lines: number; bytes: number }): boolean {
    return this.lineNumber > bound.lines || this.decompressedBytes >= bound.bytes;
  }

  /** Ends the read where it is: the line in progress is left out, the last batch handed over. */
  cut(): void {
    this.pending = [];
    this.pendingBytes = 0;
    if (!this.batcher.isEmpty()) this.batches.push(this.batcher.take());
  }

  takeBatches(): Batch[] {
    if (this.batches.length === 0) return [];
    const batches = this.batches;
    this.batches = [];
    return batches;
  }

  private completeLine(piece: Buffer, start: number, end: number): void {
    const length = this.pendingBytes + end - start;
    if (length > this.limits.maxLineBytes) throw this.lineTooLong();
    if (this.pending.length === 0) {
      this.addLine(piece, start, end);
      return;
    }
    this.pending.push(piece.subarray(start, end));
    const line = Buffer.concat(this.pending, length);
    this.pending = [];
    this.pendingBytes = 0;
    this.addLine(line, 0, length);
  }

  private addLine(bytes: Buffer, start: number, end: number): void {
    const lineNumber = this.lineNumber++;
    const textEnd = end > start && bytes[end - 1] === CR ? end - 1 : end;
    if (textEnd === start) return;
    const textStart = lineNumber === 1 ? start + this.bomBytes : start;
    if (this.batcher.add(bytes, textStart, textEnd, lineNumber)) this.batches.push(this.batcher.take());
  }

  /**
   * Finds the first byte that is not a BOM or whitespace, as bytes arrive: a file that is one huge JSON
   * array or a binary blob is named as such at once, not after its first line has grown past the limit.
   */
  private checkStart(piece: Buffer, pieceOffset: number): void {
    let line = this.lineNumber;
    for (let i = 0; i < piece.length; i++) {
      const byte = piece[i];
      const offset = pieceOffset + i;
      if (offset < BOM.length && offset === this.bomBytes && byte === BOM[offset]) {
        this.bomBytes++;
        continue;
      }
      if (byte === LF) {
        line++;
        continue;
      }
      const isPartialBom = this.bomBytes > 0 && this.bomBytes < BOM.length;
      if (!isPartialBom && (byte === SPACE || byte === TAB || byte === CR)) continue;
      this.hasContent = true;
      if (byte === OPEN_BRACE && !isPartialBom) return;
      if (byte === OPEN_BRACKET && !isPartialBom) {
        throw new DumpError('This is a JSON array, not JSON lines: export one entry per line.');
      }
      throw new DumpError(`This is not a JSON-lines file: line ${line} does not start a JSON object.`);
    }
  }

  private lineTooLong(): DumpError {
    return new DumpError(`Line ${this.lineNumber} is longer than ${formatSize(this.limits.maxLineBytes)}.`);
  }
}

function countLineFeeds(bytes: Buffer, end: number): number {
  let count = 0;
  let at = bytes.indexOf(LF);
  while (at !== -1 && at < end) {
    count++;
    at = bytes.indexOf(LF, at + 1);
  }
  return count;
}

const sizeFormat = new Intl.NumberFormat('en', { maximumSignificantDigits: 3, useGrouping: false });

/** "20 GB", "1.5 MB": the limits are configured in whole MB, so a limit reads as it was set. */
export function formatSize(bytes: number): string {
  const [unit, size] = bytes >= GB ? ['GB', GB] : bytes >= MB ? ['MB', MB] : ['KB', 1024];
  return `${sizeFormat.format(bytes / size)} ${unit}`;
}
