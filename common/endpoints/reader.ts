// Reading a chapter and marking it read or unread (learner.md §7).
import { endpoint } from '../contract.ts';
import { ChapterProgressResult, MarkReadInput, ReaderChapter } from '../schemas/reading.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';

export const getChapter = endpoint({
  method: 'GET',
  path: '/api/chapters/:id/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  response: ReaderChapter,
});

export const markChapterRead = endpoint({
  method: 'POST',
  path: '/api/chapters/:id/mark-read/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  body: MarkReadInput,
  response: ChapterProgressResult,
});

export const markChapterUnread = endpoint({
  method: 'POST',
  path: '/api/chapters/:id/mark-unread/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  response: ChapterProgressResult,
});
