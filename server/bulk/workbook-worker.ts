// Reads a workbook on a worker thread (see readWorkbookOffThread): its bytes come in workerData, its rows, or
// the sentence refusing it, go back as one message.
import { parentPort, workerData } from 'node:worker_threads';
import { readWorkbook, WorkbookError } from './workbook.ts';

export type WorkerAnswer =
  | { rows: Awaited<ReturnType<typeof readWorkbook>> }
  | { refusal: string }
  | { failure: string };

const { bytes, maxUnpackedBytes } = workerData as { bytes: Uint8Array; maxUnpackedBytes?: number };
let answer: WorkerAnswer;
try {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  answer = { rows: await readWorkbook(buffer, { maxUnpackedBytes }) };
} catch (error) {
  answer =
    error instanceof WorkbookError
      ? { refusal: error.message }
      : { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
parentPort?.postMessage(answer);
