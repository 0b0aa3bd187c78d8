import type { FastifyInstance } from 'fastify';
import { timeZoneOrDefault } from '#common/activity.ts';
import * as terms from '#common/endpoints/terms.ts';
import { MAX_IMPORT_TEXT_LENGTH } from '#common/schemas/terms.ts';
import { route } from '#server/http/contract.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { knownWordsOf } from './history.ts';
import { applyImport, previewImport } from './import.ts';
import { presentTermStatus } from './present.ts';
import { forgetTerms, languageByCode, markChapterKnown, resetTerm, setTermStatus } from './service.ts';

/** An import's body: the list's text (at most MAX_IMPORT_TEXT_LENGTH characters, some of them 4 bytes in JSON). */
const IMPORT_BODY_LIMIT = MAX_IMPORT_TEXT_LENGTH * 2 + 1024;

/**
 * What a learner knows (issue 22): PUT /api/terms/status/ sets a term's status from the word panel; POST
 * /api/chapters/{id}/mark-known/ makes a chapter's new terms known after Mark as Read, and POST
 * /api/terms/forget/ undoes it; POST /api/terms/reset/ makes a term new again; POST /api/terms/import/preview/ and /api/terms/import/ bring a list of known
 * words; GET /api/terms/known/ tells the known words day by day for /progress.
 */
export async function termRoutes(app: FastifyInstance): Promise<void> {
  // Set offline (decision 084): dated when it was set.
  route(app, terms.setTermStatus, async ({ body, offline }, request) => {
    const { userId } = viewerOf(request);
    return presentTermStatus(await setTermStatus(offline.db, userId, body, offline.occurredAt));
  });
  // Sent late from the outbox too (decision 084): known from when it was done.
  route(app, terms.markChapterKnown, async ({ ids, offline }, request) =>
    markChapterKnown(app.db, viewerOf(request), ids.id, offline),
  );
  route(app, terms.resetTerm, async ({ body }, request) => ({
    changed: await resetTerm(app.db, viewerOf(request).userId, body),
  }));
  route(app, terms.forgetTerms, async ({ body }, request) => ({
    changed: await forgetTerms(app.db, viewerOf(request).userId, body),
  }));
  route(
    app,
    terms.previewKnownImport,
    async ({ body }, request) =>
      previewImport(app.db, viewerOf(request).userId, await languageByCode(app.db, body.language), body),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  route(
    app,
    terms.importKnown,
    async ({ body }, request) =>
      applyImport(app.db, viewerOf(request).userId, await languageByCode(app.db, body.language), body),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  route(app, terms.knownWords, async ({ query }, request) =>
    knownWordsOf(app.db, viewerOf(request).userId, {
      days: query.days,
      timeZone: timeZoneOrDefault(request.headers['x-timezone']),
    }),
  );
}
