import type { FastifyInstance } from 'fastify';
import * as health from '#common/endpoints/health.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { type Lifecycle, pingDatabase, READINESS_TIMEOUT_MS, within } from './service.ts';

export interface HealthOptions {
  lifecycle: Lifecycle;
  /** Rejects when the file storage cannot be written. */
  checkStorage: () => Promise<void>;
}

export const NOT_READY = {
  draining: 'This server is stopping: send requests to another one.',
  database: 'The database is not answering.',
  storage: 'The file storage is not usable.',
} as const;

/**
 * For load balancers and uptime checks. Liveness (/api/health): 200 only when the database answers too.
 * Readiness (/api/health/ready): 200 only when this server should be sent traffic.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
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

  route(app, health.ready, async (_input, request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (options.lifecycle.draining) throw new HttpError(503, NOT_READY.draining);
    const failed = async (check: Promise<void>, sentence: string) =>
      check.then(
        () => undefined,
        (error: unknown) => {
          request.log.debug({ err: error }, `readiness: ${sentence}`);
          return sentence;
        },
      );
    const problems = await Promise.all([
      failed(within(pingDatabase(app.db), READINESS_TIMEOUT_MS), NOT_READY.database),
      failed(options.checkStorage(), NOT_READY.storage),
    ]);
    const problem = problems.find((sentence) => sentence !== undefined);
    if (problem) throw new HttpError(503, problem);
    return { status: 'ready' } as const;
  });
}
