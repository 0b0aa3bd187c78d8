import type { FastifyInstance } from 'fastify';
import { isAdmin } from '#server/policies/rules.ts';
import { viewerOf } from '#server/policies/viewer.ts';

/** GET /api/admin/check-permission/: any signed-in user may ask whether they are an admin. */
export async function permissionRoutes(app: FastifyInstance) {
  app.get('/admin/check-permission/', async (request) => ({ is_admin: await isAdmin(viewerOf(request)) }));
}
