// The learner's progress: the languages they read with their totals, and chapters marked read or unread
// (learner.md §7).
import { endpoint } from '../contract.ts';
import {
  ChapterProgressResult,
  LanguageProgressEntry,
  LanguageProgressInput,
  LanguageProgressList,
  MarkReadInput,
} from '../schemas/reading.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';

export const listLanguageProgress = endpoint({
  method: 'GET',
  path: '/api/user/language-progress/',
  access: 'signed-in',
  response: LanguageProgressList,
});

/** Answers 201 with a new entry, 200 with the one there was. */
export const chooseLanguage = endpoint({
  method: 'POST',
  path: '/api/user/language-progress/',
  access: 'signed-in',
  body: LanguageProgressInput,
  response: LanguageProgressEntry,
});

export const markChapterRead = endpoint({
  method: 'POST',
  path: '/api/chapters/:id/mark-read/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  body: MarkReadInput,
  response: ChapterProgressResult,
  offline: true,
});

export const markChapterUnread = endpoint({
  method: 'POST',
  path: '/api/chapters/:id/mark-unread/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  response: ChapterProgressResult,
  offline: true,
});
