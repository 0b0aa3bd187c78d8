import type { FastifyInstance } from 'fastify';
import { SavedWordsQuery, SaveWordInput } from '#common/schemas/reading.ts';
import { parseInput } from '#server/http/errors.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentWord } from './present.ts';
import { listSavedWords, saveWord } from './service.ts';

/** The learner's saved words (learner.md §7): saving a looked-up word counts it; the list is newest first. */
export async function wordRoutes(app: FastifyInstance): Promise<void> {
  app.post('/words/save/', async (request, reply) => {
    const { userId } = viewerOf(request);
    const input = parseInput(SaveWordInput, request.body ?? {});
    const { word, isCreated } = await saveWord(app.db, userId, input);
    return reply.status(isCreated ? 201 : 200).send(presentWord(word));
  });

  app.get('/words/', async (request) => {
    const { userId } = viewerOf(request);
    const query = parseInput(SavedWordsQuery, request.query ?? {});
    return (await listSavedWords(app.db, userId, query.language)).map(presentWord);
  });
}
