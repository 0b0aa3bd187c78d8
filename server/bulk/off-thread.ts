// Reading a workbook's ideas off the server's thread (readIdeasOffThread).
import { Worker } from 'node:worker_threads';
import { HttpError } from '#server/http/errors.ts';
import type { readIdeas } from './ideas.ts';
import { WorkbookError } from './workbook.ts';

/** The ideas, with at most MAX_WARNINGS warnings and the count of those left out. */
export type WorkbookIdeas = ReturnType<typeof readIdeas> & { omittedWarnings: number };

export interface IdeasRequest {
  bytes: Uint8Array;
  maxStories: number;
  maxChapters: number;
}

export type WorkerAnswer =
  | { ideas: WorkbookIdeas }
  | { tooMany: { stories: number; chapters: number }; warnings: string[]; omittedWarnings: number }
  | { refusal: string }
  | { failure: string };

/** How long reading a workbook may take, and how much memory, before it is refused. */
const READ_TIMEOUT_MS = 60_000;
const READ_HEAP_MB = 1024;
/** Workbooks are read one at a time per process (each may take its heap), and a few wait their turn. */
const MAX_WAITING = 4;
const BUSY = 'Other workbooks are being read; try again in a moment.';

let isReading = false;
const waiting: (() => void)[] = [];

/** Waits for the reader; answers the function that hands it on. */
async function takeTurn(): Promise<() => void> {
  if (isReading) {
    if (waiting.length >= MAX_WAITING) throw new HttpError(429, BUSY);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  isReading = true;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else isReading = false;
  };
}

/**
 * readWorkbook and readIdeas on a worker thread of its own. Parsing a 6 MB workbook takes over a second of CPU
 * in one synchronous call, which on the server's thread would hold every other request as long; the worker's
 * heap is bounded, so a workbook crafted to take gigabytes of memory fails alone rather than taking the
 * server. Past `maxStories` or `maxChapters` the answer is the counts, not the rows.
 */
export async function readIdeasOffThread(
  request: IdeasRequest,
  options: { timeoutMs?: number } = {},
): Promise<Extract<WorkerAnswer, { ideas: unknown } | { tooMany: unknown }>> {
  const handOn = await takeTurn();
  try {
    return await readOnWorker(request, options.timeoutMs ?? READ_TIMEOUT_MS);
  } finally {
    handOn();
  }
}

const isSource = import.meta.url.endsWith('.ts');

/** The worker's module: beside this one as TypeScript (tests, tsx), beside the bundle as JavaScript (npm start). */
export function ideasWorkerUrl(): URL {
  return new URL(isSource ? './ideas-worker.ts' : './ideas-worker.js', import.meta.url);
}

function readOnWorker(
  request: IdeasRequest,
  timeoutMs: number,
): Promise<Extract<WorkerAnswer, { ideas: unknown } | { tooMany: unknown }>> {
  const url = ideasWorkerUrl();
  const settings = { workerData: request, resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB } };
  // From source, the worker first registers tsx's loader, which node's --import does not do for a worker.
  const worker = isSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { ...settings, eval: true },
      )
    : new Worker(url, settings);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new WorkbookError('The workbook took too long to read: split it into smaller workbooks.'));
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (answer: WorkerAnswer) => {
      clearTimeout(timer);
      if ('refusal' in answer) reject(new WorkbookError(answer.refusal));
      else if ('failure' in answer) reject(new Error(`Reading a workbook failed: ${answer.failure}`));
      else resolve(answer);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkbookError('The workbook is too large to read: split it into smaller workbooks.')
          : error,
      );
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The workbook reader stopped (exit code ${code}) without an answer.`));
    });
  });
}
