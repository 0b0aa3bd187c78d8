import type { FastifyInstance } from 'fastify';
import * as terms from '#common/endpoints/terms.ts';
import { route } from '#server/http/contract.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentTermStatus } from './present.ts';
import { forgetTerms, markChapterKnown, setTermStatus } from './service.ts';

/**
 * What a learner knows (issue 22): PUT /api/terms/status/ sets a term's status from the word panel; POST
 * /api/chapters/{id}/mark-known/ makes a chapter's new terms known after Mark as Read, and POST
 * /api/terms/forget/ undoes it.
 */
export async function termRoutes(app: FastifyInstance): Promise<void> {
  route(app, terms.setTermStatus, async ({ body }, request) => {
    const { userId } = viewerOf(request);
    return presentTermStatus(await setTermStatus(app.db, userId, body));
  });
  route(app, terms.markChapterKnown, async ({ ids }, request) =>
    markChapterKnown(app.db, viewerOf(request), ids.id),
  );
  route(app, terms.forgetTerms, async ({ body }, request) => ({
    changed: await forgetTerms(app.db, viewerOf(request).userId, body),
  }));
}
