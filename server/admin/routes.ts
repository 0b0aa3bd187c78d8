import type { FastifyInstance } from 'fastify';
import * as admin from '#common/endpoints/admin.ts';
import { route } from '#server/http/contract.ts';
import { isAdmin } from '#server/policies/rules.ts';
import { viewerOf } from '#server/policies/viewer.ts';

/** GET /api/admin/check-permission/: any signed-in user may ask whether they are an admin. */
export async function permissionRoutes(app: FastifyInstance) {
  route(app, admin.checkPermission, async (_input, request) => ({
    is_admin: await isAdmin(viewerOf(request)),
  }));
}
