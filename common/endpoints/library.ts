// The library: the stories of a language and one story's page (learner.md §7).
import { endpoint } from '../contract.ts';
import { StoryDetail, StoryList, StoryListQuery } from '../schemas/library.ts';

export const listStories = endpoint({
  method: 'GET',
  path: '/api/stories/',
  access: 'signed-in',
  query: StoryListQuery,
  response: StoryList,
});

export const getStory = endpoint({
  method: 'GET',
  path: '/api/stories/:id/',
  access: 'public-reads-token',
  ids: { id: 'Story not found' },
  response: StoryDetail,
});
