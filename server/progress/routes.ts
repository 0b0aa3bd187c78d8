import type { FastifyInstance } from 'fastify';
import { LanguageProgressInput, MarkReadInput } from '#common/schemas/reading.ts';
import { idParam, parseInput } from '#server/http/errors.ts';
import { learnerToday } from '#server/http/today.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentLanguageProgress, presentProgress } from './present.ts';
import {
  ensureLanguageProgress,
  listLanguageProgress,
  markChapterRead,
  markChapterUnread,
} from './service.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';

/**
 * The learner's progress (learner.md §7, §9): marking a chapter read or unread, which credits or takes back its
 * words and points, and their entry for each language they learn.
 */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  app.post('/chapters/:id/mark-read/', async (request) => {
    const viewer = viewerOf(request);
    const id = idParam(request.params, 'id', CHAPTER_NOT_FOUND);
    // The client's figures are checked but not trusted: the chapter's own word_count is what counts.
    parseInput(MarkReadInput, request.body ?? {});
    return presentProgress(await markChapterRead(app.db, viewer, id, { day: learnerToday(request) }));
  });

  app.post('/chapters/:id/mark-unread/', async (request) => {
    const viewer = viewerOf(request);
    const id = idParam(request.params, 'id', CHAPTER_NOT_FOUND);
    return presentProgress(await markChapterUnread(app.db, viewer, id));
  });

  app.get('/user/language-progress/', async (request) => {
    const { userId } = viewerOf(request);
    return (await listLanguageProgress(app.db, userId)).map(presentLanguageProgress);
  });

  app.post('/user/language-progress/', async (request, reply) => {
    const { userId } = viewerOf(request);
    const input = parseInput(LanguageProgressInput, request.body ?? {});
    const { entry, isCreated } = await ensureLanguageProgress(app.db, userId, input);
    return reply.status(isCreated ? 201 : 200).send(presentLanguageProgress(entry));
  });
}
