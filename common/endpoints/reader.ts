// A chapter as the reader opens it (learner.md §7).
import { endpoint } from '../contract.ts';
import { ReaderSettings, ReaderSettingsInput } from '../schemas/readerSettings.ts';
import { ReaderChapter, ReadingAids, ReadingAidsInput } from '../schemas/reading.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';

export const getChapter = endpoint({
  method: 'GET',
  path: '/api/chapters/:id/',
  access: 'signed-in',
  ids: { id: CHAPTER_NOT_FOUND },
  response: ReaderChapter,
});

/** Readings above the words (furigana, pinyin) on or off for one of the learner's languages (issue 21). */
export const setReadingAids = endpoint({
  method: 'PUT',
  path: '/api/reading-aids/',
  access: 'signed-in',
  body: ReadingAidsInput,
  response: ReadingAids,
});

/** How the learner reads and listens (issue 23): speed, text size, spacing, typeface, theme; defaults if unset. */
export const getReaderSettings = endpoint({
  method: 'GET',
  path: '/api/me/reader-settings/',
  access: 'signed-in',
  response: ReaderSettings,
});

/** Changes any of the learner's reader settings, the others kept; answers all of them. */
export const setReaderSettings = endpoint({
  method: 'PUT',
  path: '/api/me/reader-settings/',
  access: 'signed-in',
  body: ReaderSettingsInput,
  response: ReaderSettings,
});
