// An import's line work (import-lines.ts) on worker threads of its own, sharing the batches with the
// import's thread: the same work either way, asked for batch by batch and answered in order.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { type BatchRows, ImportLines, type ImportLinesOptions, type LinesBatch } from './import-lines.ts';

/** What the import's thread asks of a line worker. */
export type LinesRequest = { kind: 'batch'; batch: LinesBatch } | { kind: 'end' };

/** What a line worker answers, one answer for each request, in their order. */
export type LinesAnswer =
  | { kind: 'batch'; rows: BatchRows }
  | { kind: 'end'; linked: string[] | null }
  | { kind: 'failure'; message: string; stack: string | undefined };

/** An import's line work: `works` line works, each answering its batches in the order it was given them. */
export interface LineWork {
  readonly works: number;
  /**
   * The line work that takes the next batch: a worker thread while it has fewer than WORKER_BATCHES_AHEAD
   * batches to do, else the import's own thread (work 0), which works on it at once.
   */
  next(): number;
  batch(work: number, batch: LinesBatch): Promise<BatchRows>;
  /** The words each line work's forms link to (LinkTargets.export), once every batch is answered. */
  finish(): Promise<(string[] | null)[]>;
  /** Stops the work (the import failed, or ended): nothing is answered afterwards. */
  close(): void;
}

/** One line work: its batches answered in the order they were given. */
export interface OneWork {
  batch(batch: LinesBatch): Promise<BatchRows>;
  finish(): Promise<string[] | null>;
  close(): void;
}

/** A line work on the import's own thread. */
function inThread(options: ImportLinesOptions): OneWork {
  const lines = new ImportLines(options);
  return {
    batch: async (batch) => lines.batch(batch),
    finish: async () => lines.finish().linked,
    close: () => undefined,
  };
}

/**
 * How many batches a worker thread is given ahead: the one it works on and the next, so that it never waits
 * for the import's thread, which meanwhile reads the file, works on the batches the workers have no room for,
 * and writes the rows (docs/decisions/127). Turn by turn (a batch each, in order), the worker waited a quarter
 * of the stream for the import's thread, which also gunzips and splits the file.
 */
export const WORKER_BATCHES_AHEAD = 2;

/** Line works sharing the batches: work 0 on the import's own thread, the others on worker threads. */
export function together(works: OneWork[]): LineWork {
  const work = (index: number) => {
    const found = works[index];
    if (found === undefined) throw new Error(`No line work ${index}.`);
    return found;
  };
  /** Per line work, its batches asked for and not yet answered. */
  const inFlight = works.map(() => 0);
  return {
    works: works.length,
    next: () => {
      let chosen = 0;
      let fewest = WORKER_BATCHES_AHEAD;
      for (let index = 1; index < works.length; index++) {
        const waiting = inFlight[index] ?? 0;
        if (waiting < fewest) {
          chosen = index;
          fewest = waiting;
        }
      }
      return chosen;
    },
    batch: (index, batch) => {
      inFlight[index] = (inFlight[index] ?? 0) + 1;
      const settle = () => {
        inFlight[index] = (inFlight[index] ?? 1) - 1;
      };
      const rows = work(index).batch(batch);
      rows.then(settle, settle);
      return rows;
    },
    finish: () => Promise.all(works.map((one) => one.finish())),
    close: () => {
      for (const one of works) one.close();
    },
  };
}

/** The line work on the import's own thread alone (tests and `npm run dict:import` run from source). */
export function linesInThread(options: Omit<ImportLinesOptions, 'works'>): LineWork {
  return together([inThread({ ...options, works: 1 })]);
}

const sourceExtension = /\.[cm]?[jt]s$/.exec(import.meta.url)?.[0] ?? '.js';
/** Whether this module runs from source (tests, tsx) rather than bundled (npm start, the benchmarks). */
export const isSource = sourceExtension === '.ts';

/**
 * How many worker threads parse and map the lines besides the import's thread, which takes a share too: one,
 * so that the two threads and PostgreSQL keep two cores busy, and one V8 heap more rather than two keeps the
 * import's memory down (docs/decisions/090). None on a single core.
 */
export const LINE_WORKERS = Math.min(1, availableParallelism() - 1);

/**
 * The worker's module: beside this one as TypeScript (tests, tsx), beside the bundle as JavaScript
 * (dist/server/, scripts/build-server.mjs; bench/child.ts bundles it beside every benchmark's children as .mjs).
 */
function workerUrl(): URL {
  return new URL(`./dictionary-import-worker${sourceExtension}`, import.meta.url);
}

/** Whether the worker's module is there: a bundle built without it beside it (a script of one's own) has none. */
export function hasImportWorker(): boolean {
  return existsSync(fileURLToPath(workerUrl()));
}

/**
 * Starts a thread on the worker's module (dictionary-import-worker.ts) with `workerData`, in a heap of its own
 * bounded by `resourceLimits`. From source, the worker first registers tsx's loader, which node's --import
 * does not do for a worker.
 */
export function startImportWorker(workerData: unknown, resourceLimits: ResourceLimits): Worker {
  const url = workerUrl();
  const restore = unsetSemiSpaceFlag();
  const worker = isSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true, workerData, resourceLimits },
      )
    : new Worker(url, { workerData, resourceLimits });
  worker.once('online', restore).once('error', restore).once('exit', restore);
  return worker;
}

/**
 * The semi-space size the process was started with (npm start's --max-semi-space-size=64, decision 030), from
 * its flags or NODE_OPTIONS; undefined when none (V8's default). A worker inherits them.
 */
const SEMI_SPACE_FLAG = (() => {
  let size: string | undefined;
  for (const word of [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]) {
    size = /^--max[-_]semi[-_]space[-_]size=(\d+)$/.exec(word)?.[1] ?? size;
  }
  return size;
})();

/**
 * V8 sizes each new isolate's young generation by that flag when it is set, over the worker's resourceLimits
 * (decision 102 measured the import's workers at 128 MB of new space each under npm start). So it is unset
 * while the worker's isolate is made (the isolates already made keep their sizes), and the returned function
 * sets it back once the worker runs (or failed to start). Two workers started at once may see it set back
 * before the second isolate is made: that one then has the server's young generation, no worse than before.
 */
export function unsetSemiSpaceFlag(): () => void {
  if (SEMI_SPACE_FLAG === undefined) return () => undefined;
  setFlagsFromString('--max-semi-space-size=0');
  let isRestored = false;
  return () => {
    if (isRestored) return;
    isRestored = true;
    setFlagsFromString(`--max-semi-space-size=${SEMI_SPACE_FLAG}`);
  };
}

/**
 * The line work on the import's thread and `workers` worker threads sharing the batches: the import's thread also
 * reads and splits the file and writes the COPY text to PostgreSQL. A failure of a worker fails every batch
 * still asked of it.
 */
export function linesOffThread(
  options: Omit<ImportLinesOptions, 'works'>,
  limits: ResourceLimits,
  workers: number = LINE_WORKERS,
): LineWork {
  // A bundle built without the worker beside it (a script of one's own) imports on its own thread rather than fail.
  const threads = hasImportWorker() ? workers : 0;
  const works = { ...options, works: threads + 1 };
  return together([inThread(works), ...Array.from({ length: threads }, () => lineWorker(works, limits))]);
}

/**
 * An import worker's heap. Its young generation: a batch's parsed lines die young, and a smaller nursery than
 * V8's default (up to 48 MB) keeps the two workers' memory down (docs/decisions/090). Its old generation holds
 * little but the line being worked on, whose parsed value, rows and COPY text take about ten times its bytes: a
 * 10 MB line (DICT_LINE_MAX_MB's default) of 270,000 table rows imports within 128 MB and fails within 64
 * (decision 105, lines-off-thread.test.ts). So the bound is 128 MB, more for a longer line limit; a heap bound
 * costs no memory until it is used.
 */
export function workerLimits(lineBytes: number): ResourceLimits {
  const lineMb = Math.ceil(lineBytes / (1024 * 1024));
  return { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: Math.max(128, 12 * lineMb + 8) };
}

/** One worker thread, its requests answered in order. */
function lineWorker(options: ImportLinesOptions, limits: ResourceLimits): OneWork {
  const worker = startImportWorker(options, limits);
  const waiting: { resolve(answer: LinesAnswer): void; reject(error: unknown): void }[] = [];
  let failure: unknown;
  let isClosed = false;
  const failAll = (error: unknown) => {
    failure ??= error;
    for (const { reject } of waiting.splice(0)) reject(failure);
  };
  worker.on('message', (answer: LinesAnswer) => waiting.shift()?.resolve(answer));
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    if (!isClosed) failAll(new Error(`An import's line worker stopped (exit code ${code}).`));
  });
  const ask = async (request: LinesRequest): Promise<LinesAnswer> => {
    if (failure !== undefined) throw failure;
    const answer = await new Promise<LinesAnswer>((resolve, reject) => {
      waiting.push({ resolve, reject });
      // A batch's lines are moved to the worker, not copied: readRawJsonLines made their buffers for them.
      const moved =
        request.kind === 'batch'
          ? ([
              request.batch.bytes.buffer,
              request.batch.ends.buffer,
              request.batch.lineNumbers.buffer,
            ] as ArrayBuffer[])
          : [];
      worker.postMessage(request, moved);
    });
    if (answer.kind === 'failure') {
      const error = new Error(answer.message);
      if (answer.stack !== undefined) error.stack = answer.stack;
      throw error;
    }
    return answer;
  };
  return {
    batch: async (batch) => {
      const answer = await ask({ kind: 'batch', batch });
      if (answer.kind !== 'batch') throw new Error(`A line worker answered ${answer.kind} to a batch.`);
      return answer.rows;
    },
    finish: async () => {
      const answer = await ask({ kind: 'end' });
      if (answer.kind !== 'end') throw new Error(`A line worker answered ${answer.kind} to the end.`);
      return answer.linked;
    },
    close: () => {
      isClosed = true;
      failAll(new Error('The import was abandoned.'));
      void worker.terminate();
    },
  };
}
