import type { FastifyInstance } from 'fastify';
import { StoryListQuery } from '#common/schemas/library.ts';
import { idParam, parseInput } from '#server/http/errors.ts';
import { optionalViewer, viewerOf } from '#server/policies/viewer.ts';
import { prepareListedStory, presentDetail, serializeList } from './present.ts';
import { getStoryDetail, listStories, StoryListCache } from './service.ts';

const STORY_NOT_FOUND = 'Story not found';

/**
 * The library (learner.md §7): the published stories of a language with filters, search and the learner's
 * progress, and one story with its chapters, which a visitor without a token may see too.
 */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const cache = new StoryListCache((story) => prepareListedStory(app.storage, story));

  app.get('/stories/', async (request, reply) => {
    const { userId } = viewerOf(request);
    const query = parseInput(StoryListQuery, request.query ?? {});
    const { stories, progress } = await listStories(app.db, app.pool, cache, userId, query);
    reply.type('application/json; charset=utf-8');
    return serializeList(stories, progress);
  });

  app.get('/stories/:id/', { config: { public: true, readsToken: true } }, async (request) => {
    const id = idParam(request.params, 'id', STORY_NOT_FOUND);
    return presentDetail(app.storage, await getStoryDetail(app.db, optionalViewer(request), id));
  });
}
