// The worker thread of readIdeasOffThread: reads the workbook whose bytes come in workerData and answers its
// ideas (or the counts alone, past the limits), or the sentence refusing it, in one message.
import { parentPort, workerData } from 'node:worker_threads';
import { MAX_WARNINGS, readIdeas } from './ideas.ts';
import type { IdeasRequest, WorkerAnswer } from './off-thread.ts';
import { readWorkbook, WorkbookError } from './workbook.ts';

const request = workerData as IdeasRequest;
let answer: WorkerAnswer;
try {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  const ideas = readIdeas(await readWorkbook(bytes));
  // A million bad rows make a million warnings: the first ones go back, and how many more there were.
  const warnings = ideas.warnings.slice(0, MAX_WARNINGS);
  const omittedWarnings = ideas.warnings.length - warnings.length;
  const isTooMany = ideas.stories.length > request.maxStories || ideas.chapters.length > request.maxChapters;
  // Past the limits only the counts go back: the rows would be refused anyway, and copying a hundred thousand
  // of them to the server's thread would cost it the time this thread is here to save.
  answer = isTooMany
    ? {
        tooMany: { stories: ideas.stories.length, chapters: ideas.chapters.length },
        warnings,
        omittedWarnings,
      }
    : { ideas: { ...ideas, warnings, omittedWarnings } };
} catch (error) {
  answer =
    error instanceof WorkbookError
      ? { refusal: error.message }
      : { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
parentPort?.postMessage(answer);
