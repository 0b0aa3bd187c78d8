// A worker thread of an import: either the import's worker (import-off-thread.ts), which makes the dump's rows
// from the bytes the import's thread sends it, or one of its line workers (lines-off-thread.ts), ImportLines on
// the batches it is posted, answering each in order with its rows (their buffers moved, not copied), then the
// words its forms linked to. One module for both, so that one file sits beside the bundle (dist/server/).
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { ImportLines, type ImportLinesOptions } from './import-lines.ts';
import { type ImportWorkerData, serveImport } from './import-off-thread.ts';
import type { LinesAnswer, LinesRequest } from './lines-off-thread.ts';

function serveLines(port: MessagePort, options: ImportLinesOptions): void {
  const lines = new ImportLines(options);
  port.on('message', (request: LinesRequest) => {
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
}

const data = workerData as ImportWorkerData | ImportLinesOptions;
if (parentPort) {
  if ('role' in data) serveImport(parentPort, data);
  else serveLines(parentPort, data);
}
