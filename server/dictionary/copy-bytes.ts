// A batch's COPY text gathered as UTF-8 bytes, entry by entry, rather than as one string per batch: each
// entry's text is encoded as soon as it is made, so that it dies young with the entry's parsed line and mapped
// rows (docs/decisions/105). A string grown over a batch is a rope of thousands of pieces that every minor GC
// met while the batch is being worked on copies, and promotes the second time.

/** Where the bytes are gathered: kept from batch to batch, grown to the largest batch's text. */
const FIRST_BYTES = 256 * 1024;
/** Over this, the gathering buffer is dropped after its batch rather than kept (a batch of huge lines). */
const KEPT_BYTES = 4 * 1024 * 1024;
/** The most bytes UTF-8 takes for one UTF-16 code unit. */
const MAX_BYTES_PER_UNIT = 3;

export class CopyBytes {
  private bytes = Buffer.allocUnsafe(FIRST_BYTES);
  private length = 0;

  /** Adds a piece of COPY text, UTF-8. */
  append(text: string): void {
    if (text.length === 0) return;
    if (this.bytes.length - this.length < text.length * MAX_BYTES_PER_UNIT) {
      this.grow(this.length + text.length * MAX_BYTES_PER_UNIT);
    }
    this.length += this.bytes.write(text, this.length, 'utf8');
  }

  /** The bytes gathered, in a buffer of their own (it can be moved to another thread); the next batch starts empty. */
  take(): Uint8Array {
    const taken = new Uint8Array(this.length);
    taken.set(this.bytes.subarray(0, this.length));
    this.length = 0;
    if (this.bytes.length > KEPT_BYTES) this.bytes = Buffer.allocUnsafe(FIRST_BYTES);
    return taken;
  }

  private grow(needed: number): void {
    const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }
}
