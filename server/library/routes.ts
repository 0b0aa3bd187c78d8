import type { FastifyInstance } from 'fastify';
import * as library from '#common/endpoints/library.ts';
import { route } from '#server/http/contract.ts';
import { optionalViewer, viewerOf } from '#server/policies/viewer.ts';
import { sendListBytes } from './compression.ts';
import { KnownCountsCache } from './known.ts';
import { prepareListedStory, presentDetail, serializeList } from './present.ts';
import { getStoryDetail, listStories, StoryListCache } from './service.ts';

/**
 * The library (learner.md §7): the published stories of a language with filters, search and the learner's
 * progress, and one story with its chapters, which a visitor without a token may see too.
 */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const caches = {
    stories: new StoryListCache((story) => prepareListedStory(app.storage, story)),
    known: new KnownCountsCache(),
  };

  route(
    app,
    library.listStories,
    async ({ query }, request, reply) => {
      const { userId } = viewerOf(request);
      const { stories, progress, known } = await listStories(app.db, app.pool, caches, userId, query);
      // The list is written as JSON bytes by its presenter (the stories' parts are kept serialized), and
      // compressed here in one call (compression.ts), not by the plugin's stream.
      return sendListBytes(request, reply, serializeList(stories, progress, known));
    },
    { compress: false },
  );

  route(app, library.getStory, async ({ ids }, request) =>
    presentDetail(app.storage, await getStoryDetail(app.db, optionalViewer(request), ids.id)),
  );
}
