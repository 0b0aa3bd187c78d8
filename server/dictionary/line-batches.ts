// How json-lines.ts hands over a file's lines: in batches of decoded lines (a preview, tests), or of lines
// left as UTF-8 bytes in a buffer of the batch's own (the import, whose worker threads decode them).

/** A line of the file. */
export interface JsonLine {
  /** 1-based line number in the (decompressed) text. */
  lineNumber: number;
  /** The line's text, without its line terminator (\n or \r\n); blank lines are not yielded. */
  text: string;
}

/**
 * A batch of lines as UTF-8 bytes, one after the other in `bytes`: line i ends at `ends[i]` and starts where
 * line i - 1 ends (at 0 for the first), and is line `lineNumbers[i]` of the file. Each array has a buffer of
 * its own, which can be moved to another thread.
 */
export interface RawLines {
  bytes: Uint8Array;
  ends: Int32Array;
  lineNumbers: Int32Array;
}

/** Gathers the non-blank lines the splitter finds into batches. */
export interface LineBatcher<Batch> {
  /** Adds a line (its bytes from `start` to `end`, without its terminator); true when the batch is full. */
  add(bytes: Buffer, start: number, end: number, lineNumber: number): boolean;
  isEmpty(): boolean;
  /** The batch so far; the next line starts a new one. */
  take(): Batch;
}

const MB = 1024 * 1024;
/**
 * A batch is handed over once it holds this many lines or characters (bytes, for RawLines). Small enough that
 * a batch, its parsed entries and their COPY text die young: every minor GC while a batch is being worked on
 * copies what of it is still alive, and promotes it to old space the second time. 1 MB batches (rather than
 * 4) already cost ~10 % less CPU and ~70 MB less peak RSS than 4 MB; 256 KB (≈ 150 generated lines, 10 to 100
 * real ones) brought the importer's GC from 1.1 s to 0.3 s on the benchmark's 500,000 entries, its CPU down
 * by 1.5 s and its peak RSS down by 60 MB; smaller did no better (bench/dictionary, docs/decisions/011).
 */
const BATCH_LINES = 1000;
const BATCH_CHARS = MB / 4;

const TAB = 0x09;
const CR = 0x0d;
const SPACE = 0x20;

/** Batches of decoded lines. A bad UTF-8 sequence becomes U+FFFD. */
export class TextBatcher implements LineBatcher<JsonLine[]> {
  private batch: JsonLine[] = [];
  private chars = 0;

  add(bytes: Buffer, start: number, end: number, lineNumber: number): boolean {
    const text = bytes.toString('utf8', start, end);
    if (isBlank(text)) return false;
    this.batch.push({ lineNumber, text });
    this.chars += text.length;
    return this.batch.length >= BATCH_LINES || this.chars >= BATCH_CHARS;
  }

  isEmpty(): boolean {
    return this.batch.length === 0;
  }

  take(): JsonLine[] {
    const batch = this.batch;
    this.batch = [];
    this.chars = 0;
    return batch;
  }
}

/** Batches of lines left as bytes, copied into a buffer of the batch's own (RawLines). */
export class RawBatcher implements LineBatcher<RawLines> {
  private bytes = Buffer.allocUnsafeSlow(BATCH_CHARS);
  private used = 0;
  private ends: number[] = [];
  private lineNumbers: number[] = [];

  add(bytes: Buffer, start: number, end: number, lineNumber: number): boolean {
    if (isBlankBytes(bytes, start, end)) return false;
    const length = end - start;
    if (this.used + length > this.bytes.length) {
      // A long line: the batch's buffer grows to hold it (a line is at most DICT_LINE_MAX_KB).
      const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    bytes.copy(this.bytes, this.used, start, end);
    this.used += length;
    this.ends.push(this.used);
    this.lineNumbers.push(lineNumber);
    return this.ends.length >= BATCH_LINES || this.used >= BATCH_CHARS;
  }

  isEmpty(): boolean {
    return this.ends.length === 0;
  }

  take(): RawLines {
    const batch = {
      bytes: new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.used),
      ends: Int32Array.from(this.ends),
      lineNumbers: Int32Array.from(this.lineNumbers),
    };
    this.bytes = Buffer.allocUnsafeSlow(BATCH_CHARS);
    this.used = 0;
    this.ends = [];
    this.lineNumbers = [];
    return batch;
  }
}

/** Only spaces, tabs and carriage returns: what JSON itself would skip. */
function isBlank(text: string): boolean {
  return text.charCodeAt(0) > SPACE ? false : /^[ \t\r]*$/.test(text);
}

/** isBlank of a line's bytes: UTF-8 never writes a space, tab or carriage return inside another character. */
function isBlankBytes(bytes: Buffer, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const byte = bytes[at];
    if (byte !== SPACE && byte !== TAB && byte !== CR) return false;
  }
  return true;
}
