// An import's rows made on a worker thread of its own (docs/decisions/102): the thread that runs the import (the
// server's event loop, or the command line's) only reads the file's compressed bytes and hands them over, and
// writes the COPY text that comes back to PostgreSQL. Gunzip, split, prune, parse, map and COPY text
// (import-rows.ts) run on the worker, which shares the batches with a line worker of its own
// (lines-off-thread.ts). Its heap is bounded by its own resourceLimits, so the server's young generation (npm
// start's --max-semi-space-size, decision 030, sized for the lookups) is not where an import's lines die.
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { DictionaryLimits } from '#server/config.ts';
import { type DumpCounts, emptyCounts, GlossLanguageError } from './dump-lines.ts';
import { type CopyRows, type DumpSource, type MadeRows, makeRows } from './import-rows.ts';
import { DumpError } from './json-lines.ts';
import { linesOffThread, startImportWorker, workerLimits } from './lines-off-thread.ts';

/** What the import's worker is started with (dictionary-import-worker.ts tells it from a line worker's by `role`). */
export interface ImportWorkerData {
  role: 'import';
  importId: number;
  source: string;
  target?: string;
  fileName?: string;
  limits: DictionaryLimits;
  isPartial?: boolean;
}

/** What the import's thread tells its worker: the file's bytes as asked for, and that a batch is written. */
type ToWorker =
  | { kind: 'chunk'; bytes: Uint8Array }
  | { kind: 'input-end' }
  | { kind: 'input-error'; message: string }
  | { kind: 'written' };

/** What the worker tells the import's thread. */
type FromWorker =
  | { kind: 'more' }
  | { kind: 'rows'; entries: Uint8Array; forms: Uint8Array; counts: DumpCounts }
  | { kind: 'end'; made: MadeRows; counts: DumpCounts }
  | { kind: 'failure'; type: 'gloss' | 'dump' | 'other'; message: string; stack: string | undefined };

/**
 * How many compressed bytes the worker asks for ahead of what it has read: a file's chunk or two (the command
 * line and the benchmark read 1 MB at a time), several MB of lines once gunzipped.
 */
const INPUT_AHEAD_BYTES = 1024 * 1024;

/**
 * How many batches' rows the worker posts ahead of the one being written: the import's thread has the next
 * rows to write as soon as PostgreSQL takes the last, rather than asking for them then (docs/decisions/127).
 */
const POSTS_AHEAD = 3;

/**
 * makeRows on the import's worker: `counts` follows the worker's after each batch, `write` is called with each
 * batch's rows in the file's order, one after the other, the worker at most POSTS_AHEAD batches ahead. A bad
 * file, glosses in another language or an input that fails throw as on this thread; an abort of `dump.signal`
 * throws its reason at once and stops the worker.
 */
export async function rowsOffThread(
  dump: DumpSource & { importId: number },
  counts: DumpCounts,
  write: (rows: CopyRows) => Promise<void>,
): Promise<MadeRows> {
  const { input, signal } = dump;
  const worker = startImportWorker(
    {
      role: 'import',
      importId: dump.importId,
      source: dump.source,
      target: dump.target,
      fileName: dump.fileName,
      limits: dump.limits,
      isPartial: dump.isPartial,
    } satisfies ImportWorkerData,
    workerLimits(dump.limits.lineBytes),
  );
  const chunks = (input as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  let inputFailure: { error: unknown } | undefined;
  const tell = (message: ToWorker, moved: ArrayBuffer[] = []) => worker.postMessage(message, moved);
  /** The input's next chunk, copied into a buffer of its own that is moved to the worker. */
  const feed = async () => {
    let next: IteratorResult<unknown>;
    try {
      next = await chunks.next();
      if (next.done) return tell({ kind: 'input-end' });
      const bytes = copyOf(next.value);
      tell({ kind: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      // The worker fails on it as the reader would; the input's own error is the one thrown here.
      inputFailure ??= { error };
      tell({ kind: 'input-error', message: String(error) });
    }
  };
  let onAbort = () => {};
  /** The batches' writes, chained in their order; a failure stops the chain (and rejects the import). */
  let writing = Promise.resolve();
  try {
    return await new Promise<MadeRows>((resolve, reject) => {
      onAbort = () => reject(signal?.reason);
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`An import's worker stopped (exit code ${code}).`)));
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'more') void feed();
        else if (message.kind === 'rows') {
          const rows = { entries: asBuffer(message.entries), forms: asBuffer(message.forms) };
          const rowCounts = message.counts;
          // Written one after the other in the order they came, each told to the worker once written.
          writing = writing.then(async () => {
            Object.assign(counts, rowCounts);
            await write(rows);
            if (signal?.aborted) onAbort();
            else tell({ kind: 'written' });
          });
          writing.catch(reject);
        } else if (message.kind === 'end') {
          // The last batches may still be being written.
          writing.then(() => {
            Object.assign(counts, message.counts);
            resolve(message.made);
          }, reject);
        } else reject(inputFailure ? inputFailure.error : failureOf(message));
      });
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    void worker.terminate();
    // As the reader on this thread does when it ends, whichever way: nothing may keep reading the file.
    input.destroy();
  }
}

/** A chunk of the input as bytes of their own (the stream's buffer may be a slice of a shared pool). */
function copyOf(chunk: unknown): Uint8Array {
  if (typeof chunk === 'string') return new Uint8Array(Buffer.from(chunk, 'utf8'));
  if (chunk instanceof Uint8Array) return new Uint8Array(chunk);
  throw new TypeError('readJsonLines reads a byte stream, not an object stream.');
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The worker's failure as the error the reader would have thrown on this thread (their sentences are the admin's). */
function failureOf(failure: Extract<FromWorker, { kind: 'failure' }>): Error {
  const error =
    failure.type === 'gloss'
      ? new GlossLanguageError(failure.message)
      : failure.type === 'dump'
        ? new DumpError(failure.message)
        : new Error(failure.message);
  if (failure.stack !== undefined) error.stack = failure.stack;
  return error;
}

/** The worker's side: makes the rows of the bytes it is sent, and answers each batch's, then the end. */
export function serveImport(port: MessagePort, data: ImportWorkerData): void {
  /** Batches posted whose rows the import's thread has not yet written. */
  let unwritten = 0;
  let written: (() => void) | undefined;
  const input = new Readable({
    highWaterMark: INPUT_AHEAD_BYTES,
    read: () => port.postMessage({ kind: 'more' } satisfies FromWorker),
  });
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'chunk') input.push(asBuffer(message.bytes));
    else if (message.kind === 'input-end') input.push(null);
    else if (message.kind === 'input-error') input.destroy(new Error(message.message));
    else {
      unwritten--;
      const wake = written;
      written = undefined;
      wake?.();
    }
  });
  const counts = emptyCounts();
  const languages = { importId: data.importId, source: data.source, target: data.target };
  const dump = {
    ...languages,
    input,
    fileName: data.fileName,
    limits: data.limits,
    isPartial: data.isPartial,
  };
  const post = (message: FromWorker, moved: ArrayBuffer[] = []) => port.postMessage(message, moved);
  makeRows(
    dump,
    counts,
    linesOffThread(languages, workerLimits(data.limits.lineBytes)),
    async ({ entries, forms }) => {
      while (unwritten >= POSTS_AHEAD) {
        await new Promise<void>((resolve) => {
          written = resolve;
        });
      }
      unwritten++;
      post({ kind: 'rows', entries, forms, counts }, movable(entries, forms));
    },
  ).then(
    (made) => post({ kind: 'end', made, counts }),
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      const type =
        failure instanceof GlossLanguageError ? 'gloss' : failure instanceof DumpError ? 'dump' : 'other';
      post({ kind: 'failure', type, message: failure.message, stack: failure.stack });
    },
  );
}

/** The buffers of these views that can be moved rather than copied: each view's whole, and its own. */
function movable(...views: Uint8Array[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    const { buffer } = view;
    if (buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === buffer.byteLength) {
      if (view.byteLength > 0) buffers.add(buffer);
    }
  }
  return [...buffers];
}
