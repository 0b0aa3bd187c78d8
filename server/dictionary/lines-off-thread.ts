// An import's line work (import-lines.ts) on worker threads of its own, taking turns at the batches, or on the
// import's thread: the same work either way, asked for batch by batch and answered in order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
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
  batch(work: number, batch: LinesBatch): Promise<BatchRows>;
  /** The words each line work's forms link to (LinkTargets.export), once every batch is answered. */
  finish(): Promise<(string[] | null)[]>;
  /** Stops the work (the import failed, or ended): nothing is answered afterwards. */
  close(): void;
}

/** The line work on the import's own thread (tests and `npm run dict:import` run from source). */
export function linesInThread(options: Omit<ImportLinesOptions, 'works'>): LineWork {
  const lines = new ImportLines({ ...options, works: 1 });
  return {
    works: 1,
    batch: async (_work, batch) => lines.batch(batch),
    finish: async () => [lines.finish().linked],
    close: () => undefined,
  };
}

const sourceExtension = /\.[cm]?[jt]s$/.exec(import.meta.url)?.[0] ?? '.js';
/** Whether this module runs from source (tests, tsx) rather than bundled (npm start, the benchmarks). */
export const isSource = sourceExtension === '.ts';

/**
 * How many worker threads parse and map the lines: two, so that with the import's thread (reading and
 * feeding PostgreSQL) and PostgreSQL they keep two cores busy (docs/decisions/090); one on a single core.
 */
export const LINE_WORKERS = Math.min(2, availableParallelism());

/**
 * The worker's module: beside this one as TypeScript (tests, tsx), beside the bundle as JavaScript
 * (dist/server/, scripts/build-server.mjs; bench/dictionary bundles it beside its import child as .mjs).
 */
function workerUrl(): URL {
  return new URL(`./dictionary-import-worker${sourceExtension}`, import.meta.url);
}

/**
 * The line work on worker threads: the import's thread reads and splits the file and writes the COPY text
 * to PostgreSQL while the workers parse and map the lines. A failure of a worker fails every batch still
 * asked for.
 */
export function linesOffThread(
  options: Omit<ImportLinesOptions, 'works'>,
  workers: number = LINE_WORKERS,
): LineWork {
  const threads = Array.from({ length: workers }, () => lineWorker({ ...options, works: workers }));
  const thread = (work: number) => {
    const found = threads[work];
    if (found === undefined) throw new Error(`No line worker ${work}.`);
    return found;
  };
  return {
    works: workers,
    batch: async (work, batch) => {
      const answer = await thread(work).ask({ kind: 'batch', batch });
      if (answer.kind !== 'batch') throw new Error(`A line worker answered ${answer.kind} to a batch.`);
      return answer.rows;
    },
    finish: () =>
      Promise.all(
        threads.map(async (one) => {
          const answer = await one.ask({ kind: 'end' });
          if (answer.kind !== 'end') throw new Error(`A line worker answered ${answer.kind} to the end.`);
          return answer.linked;
        }),
      ),
    close: () => {
      for (const one of threads) one.close();
    },
  };
}

/**
 * A line worker's young generation: a batch's parsed lines die young, and a smaller nursery than V8's default
 * (up to 48 MB) keeps the two workers' memory down (docs/decisions/090).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

/** One worker thread, its requests answered in order. */
function lineWorker(options: ImportLinesOptions) {
  const url = workerUrl();
  // From source, the worker first registers tsx's loader, which node's --import does not do for a worker.
  const worker = isSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true, workerData: options, resourceLimits: WORKER_LIMITS },
      )
    : new Worker(url, { workerData: options, resourceLimits: WORKER_LIMITS });
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
  return {
    ask: async (request: LinesRequest): Promise<LinesAnswer> => {
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
    },
    close: () => {
      isClosed = true;
      failAll(new Error('The import was abandoned.'));
      void worker.terminate();
    },
  };
}
