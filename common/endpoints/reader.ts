// A chapter as the reader opens it (learner.md §7).
import { endpoint } from '../contract.ts';
import { ReaderChapter } from '../schemas/reading.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';

export const getChapter = endpoint({
  method: 'GET',
  path: '/api/chapters/:id/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  response: ReaderChapter,
});
