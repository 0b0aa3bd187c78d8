import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/http/errors.ts';
import { isAdmin } from './rules.ts';
import { viewerOf } from './viewer.ts';

/**
 * The one guard of /api/admin/*: registered once on the admin scope, it answers 403 to a signed-in learner.
 * The role is read from the database on each call, so revoking it takes effect at once.
 */
export function requireAdmin(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request) => {
    if (!(await isAdmin(viewerOf(request)))) throw new HttpError(403, 'Only administrators can do this.');
  });
}
