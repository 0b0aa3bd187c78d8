import type { FastifyInstance } from 'fastify';
import * as words from '#common/endpoints/words.ts';
import { route } from '#server/http/contract.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentWord } from './present.ts';
import { listSavedWords, saveWord } from './service.ts';

/** The learner's saved words (learner.md §7): saving a looked-up word counts it; the list is newest first. */
export async function wordRoutes(app: FastifyInstance): Promise<void> {
  route(app, words.saveWord, async ({ body }, request, reply) => {
    const { userId } = viewerOf(request);
    const { word, isCreated } = await saveWord(app.db, userId, body);
    if (isCreated) reply.status(201);
    return presentWord(word);
  });

  route(app, words.listWords, async ({ query }, request) => {
    const { userId } = viewerOf(request);
    return (await listSavedWords(app.db, userId, query.language)).map(presentWord);
  });
}
