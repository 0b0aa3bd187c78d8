import type { FastifyInstance } from 'fastify';
import * as progress from '#common/endpoints/progress.ts';
import { route } from '#server/http/contract.ts';
import { learnerToday } from '#server/http/today.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentLanguageProgress, presentProgress } from './present.ts';
import {
  ensureLanguageProgress,
  listLanguageProgress,
  markChapterRead,
  markChapterUnread,
} from './service.ts';

/**
 * The learner's progress (learner.md §7, §9): marking a chapter read or unread, which credits or takes back its
 * words and points, and their entry for each language they learn.
 */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  // The client's figures are checked (the declared body) but not trusted: the chapter's own word_count counts.
  route(app, progress.markChapterRead, async ({ ids }, request) =>
    presentProgress(await markChapterRead(app.db, viewerOf(request), ids.id, { day: learnerToday(request) })),
  );

  route(app, progress.markChapterUnread, async ({ ids }, request) =>
    presentProgress(await markChapterUnread(app.db, viewerOf(request), ids.id)),
  );

  route(app, progress.listLanguageProgress, async (_input, request) => {
    const { userId } = viewerOf(request);
    return (await listLanguageProgress(app.db, userId)).map(presentLanguageProgress);
  });

  route(app, progress.chooseLanguage, async ({ body }, request, reply) => {
    const { userId } = viewerOf(request);
    const { entry, isCreated } = await ensureLanguageProgress(app.db, userId, body);
    if (isCreated) reply.status(201);
    return presentLanguageProgress(entry);
  });
}
