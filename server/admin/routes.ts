import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guard.ts';
import { HttpError } from '../http/errors.ts';
import { isAdmin } from './service.ts';

/** GET /api/admin/check-permission/: any signed-in user may ask whether they are an admin. */
export async function permissionRoutes(app: FastifyInstance, options: { adminEmails: readonly string[] }) {
  app.get('/admin/check-permission/', async (request) => ({
    is_admin: await isAdmin(app.db, currentUser(request).userId, options.adminEmails),
  }));
}

/**
 * The one guard of /api/admin/*: registered once on the admin scope, it answers 403 to a signed-in learner.
 * The role is read from the database on each call, so revoking it takes effect at once.
 */
export function requireAdmin(scope: FastifyInstance, adminEmails: readonly string[]): void {
  scope.addHook('preHandler', async (request) => {
    if (!(await isAdmin(scope.db, currentUser(request).userId, adminEmails))) {
      throw new HttpError(403, 'Only administrators can do this.');
    }
  });
}
