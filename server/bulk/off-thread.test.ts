import { describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors.ts';
import { workbook } from '#server/testing/workbooks.ts';
import { readIdeasOffThread } from './off-thread.ts';
import { WorkbookError } from './workbook.ts';

const LIMITS = { maxStories: 1000, maxChapters: 5000 };
const ideas = () =>
  workbook({
    story_ideas: [
      ['title', 'level'],
      ['El faro', 'child'],
    ],
    chapter_ideas: [
      ['story_title', 'chapter_number', 'chapter_title'],
      ['El faro', 1, 'La luz'],
      ['El faro', 2, 'La tormenta'],
    ],
  });

describe('readIdeasOffThread', () => {
  it('answers the ideas, each chapter still knowing its story', async () => {
    const read = await readIdeasOffThread({ bytes: ideas(), ...LIMITS });
    if (!('ideas' in read)) throw new Error('no ideas');
    expect(read.ideas.stories.map((story) => story.title)).toEqual(['El faro']);
    expect(read.ideas.chapters.map((chapter) => [chapter.story?.title, chapter.number])).toEqual([
      ['El faro', 1],
      ['El faro', 2],
    ]);
    expect(read.ideas.omittedWarnings).toBe(0);
  });

  it('answers only the counts past the limits', async () => {
    const read = await readIdeasOffThread({ bytes: ideas(), maxStories: 1000, maxChapters: 1 });
    expect(read).toEqual({ tooMany: { stories: 1, chapters: 2 }, warnings: [], omittedWarnings: 0 });
  });

  it('refuses what is not a workbook, and a read that takes too long, with a sentence', async () => {
    await expect(readIdeasOffThread({ bytes: Buffer.from('title,level\n'), ...LIMITS })).rejects.toThrow(
      new WorkbookError('Please upload an Excel file (.xlsx or .xls)'),
    );
    await expect(readIdeasOffThread({ bytes: ideas(), ...LIMITS }, { timeoutMs: 1 })).rejects.toThrow(
      'The workbook took too long to read: split it into smaller workbooks.',
    );
  });

  it('reads one workbook at a time, lets four wait, and turns the next away', async () => {
    const reads = Array.from({ length: 6 }, () =>
      readIdeasOffThread({ bytes: ideas(), ...LIMITS }).then(
        () => 'read',
        (error: unknown) => (error instanceof HttpError ? `${error.statusCode} ${error.message}` : 'failed'),
      ),
    );
    expect(await Promise.all(reads)).toEqual([
      'read',
      'read',
      'read',
      'read',
      'read',
      '429 Other workbooks are being read; try again in a moment.',
    ]);
    // The turn is handed on to the end: the reader is free again.
    expect('ideas' in (await readIdeasOffThread({ bytes: ideas(), ...LIMITS }))).toBe(true);
  }, 60_000); // six workers in turn, each starting a thread: seconds on a loaded machine
});
