import type { FastifyInstance } from 'fastify';
import * as health from '#common/endpoints/health.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { pingDatabase } from './service.ts';

/** For load balancers and uptime checks: 200 only when the database answers too. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, health.health, async (_input, request, reply) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database did not answer');
      throw new HttpError(503, 'The database is not answering.');
    }
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok', database: 'ok' } as const;
  });
}
