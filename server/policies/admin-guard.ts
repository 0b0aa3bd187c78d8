import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/http/errors.ts';
import { isAdmin } from './rules.ts';
import { viewerOf } from './viewer.ts';

/**
 * The one guard of the admin endpoints: registered on the /api/admin/ scope and on the Teachers tab's (whose
 * paths the specification put outside /api/admin/), it answers 403 to a signed-in learner. The role is read
 * from the database on each call, so revoking it takes effect at once. The scope is marked as an admin one:
 * route() registers an admin endpoint there and nowhere else.
 */
export function requireAdmin(scope: FastifyInstance): void {
  scope.isAdminScope = true;
  scope.addHook('preHandler', async (request) => {
    if (!(await isAdmin(viewerOf(request)))) throw new HttpError(403, 'Only administrators can do this.');
  });
}
