import type { FastifyInstance } from 'fastify';
import * as progress from '#common/endpoints/progress.ts';
import { route } from '#server/http/contract.ts';
import { learnerDayOf } from '#server/http/today.ts';
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
  // Marked read offline (decision 084): completed when it was, its words on that day's calendar.
  route(app, progress.markChapterRead, async ({ ids, offline }, request) => {
    const when = { day: learnerDayOf(request, offline.occurredAt), at: offline.occurredAt };
    return presentProgress(await markChapterRead(offline.db, viewerOf(request), ids.id, when));
  });

  route(app, progress.markChapterUnread, async ({ ids, offline }, request) =>
    presentProgress(await markChapterUnread(offline.db, viewerOf(request), ids.id, offline.occurredAt)),
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
