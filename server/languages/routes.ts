import type { FastifyInstance } from 'fastify';
import { presentLanguage } from './present.ts';
import { listActiveLanguages } from './service.ts';

/** Public language calls: no token needed. */
export async function languageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/languages/', { config: { public: true } }, async (_request, reply) => {
    const list = await listActiveLanguages(app.db);
    // Languages change rarely; a short shared cache spares the database without hiding an edit for long.
    reply.header('Cache-Control', 'public, max-age=60');
    return list.map(presentLanguage);
  });
}
