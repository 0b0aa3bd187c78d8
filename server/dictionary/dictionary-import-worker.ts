// A worker thread of an import's line work (lines-off-thread.ts): ImportLines on the batches the import's
// thread posts, answering each in order with its rows (their buffers moved, not copied), then the words its
// forms linked to.
import { parentPort, workerData } from 'node:worker_threads';
import { ImportLines, type ImportLinesOptions } from './import-lines.ts';
import type { LinesAnswer, LinesRequest } from './lines-off-thread.ts';

const lines = new ImportLines(workerData as ImportLinesOptions);
const port = parentPort;

port?.on('message', (request: LinesRequest) => {
  try {
    if (request.kind === 'end') {
      port.postMessage({ kind: 'end', linked: lines.finish().linked } satisfies LinesAnswer);
      return;
    }
    const rows = lines.batch(request.batch);
    // TextEncoder and Int32Array.from made these buffers for the rows alone: moved whole, never shared.
    const moved = [rows.entries.buffer, rows.forms.buffer, rows.slots.buffer] as ArrayBuffer[];
    port.postMessage({ kind: 'batch', rows } satisfies LinesAnswer, moved);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    port.postMessage({
      kind: 'failure',
      message: failure.message,
      stack: failure.stack,
    } satisfies LinesAnswer);
  }
});
