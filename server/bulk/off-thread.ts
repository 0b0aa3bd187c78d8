// Reading a workbook's ideas off the server's thread (readIdeasOffThread).
import { Worker } from 'node:worker_threads';
import type { readIdeas } from './ideas.ts';
import { WorkbookError } from './workbook.ts';

export type WorkbookIdeas = ReturnType<typeof readIdeas>;

export interface IdeasRequest {
  bytes: Uint8Array;
  maxUnpackedBytes?: number | undefined;
  maxStories: number;
  maxChapters: number;
}

export type WorkerAnswer =
  | { ideas: WorkbookIdeas }
  | { tooMany: { stories: number; chapters: number }; warnings: string[] }
  | { refusal: string }
  | { failure: string };

/** How long reading a workbook may take, and how much memory, before it is refused. */
const READ_TIMEOUT_MS = 60_000;
const READ_HEAP_MB = 1024;

/**
 * readWorkbook and readIdeas on a worker thread of its own. Parsing a 6 MB workbook takes over a second of CPU
 * in one synchronous call, which on the server's thread would hold every other request as long; the worker's
 * heap is bounded, so a workbook crafted to take gigabytes of memory fails alone rather than taking the
 * server. Past `maxStories` or `maxChapters` the answer is the counts, not the rows.
 */
export function readIdeasOffThread(
  request: IdeasRequest,
): Promise<Extract<WorkerAnswer, { ideas: unknown } | { tooMany: unknown }>> {
  // Beside this module as TypeScript (tests, tsx), beside the bundle as JavaScript (npm start).
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(isSource ? './ideas-worker.ts' : './ideas-worker.js', import.meta.url);
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
    }, READ_TIMEOUT_MS);
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
