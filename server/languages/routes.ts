import type { FastifyInstance } from 'fastify';
import * as languages from '#common/endpoints/languages.ts';
import { route } from '#server/http/contract.ts';
import { presentLanguage } from './present.ts';
import { listActiveLanguages } from './service.ts';

/** Public language calls: no token needed. */
export async function languageRoutes(app: FastifyInstance): Promise<void> {
  route(app, languages.listLanguages, async (_input, _request, reply) => {
    const list = await listActiveLanguages(app.db);
    // Languages change rarely; a short shared cache spares the database without hiding an edit for long.
    reply.header('Cache-Control', 'public, max-age=60');
    return list.map(presentLanguage);
  });
}
