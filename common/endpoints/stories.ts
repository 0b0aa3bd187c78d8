// Authoring stories and chapters in the admin area (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import {
  ReadAlongInput,
  ReadAlongPreview,
  ReadAlongPreviewInput,
  ReadAlongTimings,
} from '../schemas/readAlong.ts';
import {
  AdminChapter,
  AdminChapterInput,
  AdminStory,
  AdminStoryInput,
  WordCount,
  WordCountInput,
} from '../schemas/stories.ts';

const STORY_NOT_FOUND = 'Story not found';
const CHAPTER_NOT_FOUND = 'Chapter not found';

export const listAdminStories = endpoint({
  method: 'GET',
  path: '/api/admin/stories/',
  access: 'admin',
  response: lazy(() => z.array(AdminStory)),
});

export const createStory = endpoint({
  method: 'POST',
  path: '/api/admin/stories/',
  access: 'admin',
  body: AdminStoryInput,
  response: AdminStory,
  status: 201,
});

export const getAdminStory = endpoint({
  method: 'GET',
  path: '/api/admin/stories/:id/',
  access: 'admin',
  ids: { id: STORY_NOT_FOUND },
  response: AdminStory,
});

export const updateStory = endpoint({
  method: 'PUT',
  path: '/api/admin/stories/:id/',
  access: 'admin',
  ids: { id: STORY_NOT_FOUND },
  body: AdminStoryInput,
  response: AdminStory,
});

export const deleteStory = endpoint({
  method: 'DELETE',
  path: '/api/admin/stories/:id/',
  access: 'admin',
  ids: { id: STORY_NOT_FOUND },
  response: 'none',
});

export const listChapters = endpoint({
  method: 'GET',
  path: '/api/admin/stories/:storyId/chapters/',
  access: 'admin',
  ids: { storyId: STORY_NOT_FOUND },
  response: lazy(() => z.array(AdminChapter)),
});

export const createChapter = endpoint({
  method: 'POST',
  path: '/api/admin/stories/:storyId/chapters/',
  access: 'admin',
  ids: { storyId: STORY_NOT_FOUND },
  body: AdminChapterInput,
  response: AdminChapter,
  status: 201,
});

export const updateChapter = endpoint({
  method: 'PUT',
  path: '/api/admin/chapters/:id/',
  access: 'admin',
  ids: { id: CHAPTER_NOT_FOUND },
  body: AdminChapterInput,
  response: AdminChapter,
});

export const deleteChapter = endpoint({
  method: 'DELETE',
  path: '/api/admin/chapters/:id/',
  access: 'admin',
  ids: { id: CHAPTER_NOT_FOUND },
  response: 'none',
});

/** A chapter's words as the server will count them (issue 21), for the editor's live count in ja and zh. */
export const countWords = endpoint({
  method: 'POST',
  path: '/api/admin/word-count/',
  access: 'admin',
  body: WordCountInput,
  response: WordCount,
});

/** A chapter's sentences and saved read-along timings (issue 23), for the editor's sync. */
export const getReadAlong = endpoint({
  method: 'GET',
  path: '/api/admin/chapters/:id/read-along/',
  access: 'admin',
  ids: { id: CHAPTER_NOT_FOUND },
  response: ReadAlongTimings,
});

/** What a WebVTT, SRT or LRC file's cues give the chapter's sentences, saving nothing. */
export const previewReadAlong = endpoint({
  method: 'POST',
  path: '/api/admin/chapters/:id/read-along/preview/',
  access: 'admin',
  ids: { id: CHAPTER_NOT_FOUND },
  body: ReadAlongPreviewInput,
  response: ReadAlongPreview,
});

/** Saves a start per sentence (from a previewed file or tap-to-sync) for the chapter's audio. */
export const saveReadAlong = endpoint({
  method: 'PUT',
  path: '/api/admin/chapters/:id/read-along/',
  access: 'admin',
  ids: { id: CHAPTER_NOT_FOUND },
  body: ReadAlongInput,
  response: ReadAlongTimings,
});

/** Removes the chapter's timings. */
export const deleteReadAlong = endpoint({
  method: 'DELETE',
  path: '/api/admin/chapters/:id/read-along/',
  access: 'admin',
  ids: { id: CHAPTER_NOT_FOUND },
  response: 'none',
});
