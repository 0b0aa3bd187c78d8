import type { FastifyInstance } from 'fastify';
import * as library from '#common/endpoints/library.ts';
import type { StoryListQuery } from '#common/schemas/library.ts';
import { encodeAnswer } from '#server/http/accept-encoding.ts';
import { route } from '#server/http/contract.ts';
import { matchesEtag } from '#server/http/etag.ts';
import { optionalViewer, viewerOf } from '#server/policies/viewer.ts';
import { type ListAnswer, ListAnswerCache, listEtag, listKey } from './answer-cache.ts';
import { type ListEncoding, listEncoding } from './compression.ts';
import { KnownCountsCache } from './known.ts';
import {
  type ListedStory,
  personalDigest,
  prepareListedStory,
  presentDetail,
  serializeList,
} from './present.ts';
import { getStoryDetail, pickStories, StoryListCache, type StoryListing, storyListing } from './service.ts';

/**
 * The list's answer for the learner's listing: the one kept under its key (answer-cache.ts) when there is one,
 * else written (the stories' parts are kept serialized), compressed in one call (compression.ts) and kept.
 */
function listAnswer(
  answers: ListAnswerCache,
  listing: StoryListing<ListedStory>,
  query: StoryListQuery,
  encoding: ListEncoding,
): ListAnswer {
  const personal = personalDigest(listing.list.byId, listing.progress, listing.known);
  const key = listKey(listing, encoding, query, personal);
  const kept = answers.get(key);
  if (kept) return kept;
  const stories = pickStories(listing.list, query, listing.foldedWords);
  const json = serializeList(stories, listing.progress, listing.known);
  const { bytes, encoding: sentAs } = encodeAnswer(json, encoding);
  const answer = { bytes, encoding: sentAs, etag: listEtag(bytes) };
  answers.set(key, answer);
  return answer;
}

/**
 * The library (learner.md §7): the published stories of a language with filters, search and the learner's
 * progress, and one story with its chapters, which a visitor without a token may see too.
 */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const caches = {
    stories: new StoryListCache((story) => prepareListedStory(app.storage, story)),
    known: new KnownCountsCache(),
    answers: new ListAnswerCache(),
  };

  route(
    app,
    library.listStories,
    async ({ query }, request, reply) => {
      const listing = await storyListing(app.db, app.pool, caches, viewerOf(request).userId, query);
      const answer = listAnswer(caches.answers, listing, query, listEncoding(request));
      // The validator names the bytes sent (decision 091): a client that holds them is answered 304. No
      // Cache-Control is added: the list's headers stay as they were for a client that sends no validator.
      reply.header('etag', answer.etag);
      if (answer.encoding !== 'identity') reply.header('Vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      // route() sends the bytes as JSON; it checks an answer against the schema (in tests) only when not encoded.
      if (answer.encoding !== 'identity') reply.header('Content-Encoding', answer.encoding);
      return answer.bytes;
    },
    { compress: false },
  );

  route(app, library.getStory, async ({ ids }, request) =>
    presentDetail(app.storage, await getStoryDetail(app.db, optionalViewer(request), ids.id)),
  );
}
