// Authoring stories and chapters in the admin area (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
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
  response: z.array(AdminStory),
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
  response: z.array(AdminChapter),
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
