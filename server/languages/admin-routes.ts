import type { FastifyInstance } from 'fastify';
import { AdminLanguageCreate, AdminLanguageUpdate } from '#common/schemas/languages.ts';
import { HttpError, parseInput } from '#server/http/errors.ts';
import { presentAdminLanguage } from './present.ts';
import { createLanguage, deleteLanguage, listAllLanguages, updateLanguage } from './service.ts';

/** The language an address names; an id that is not a positive whole number names none. */
function languageId(params: unknown): number {
  const id = Number((params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, 'Language not found');
  return id;
}

/** /api/admin/languages/: the languages tab (admin.md §7). Registered inside the admin scope. */
export async function adminLanguageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/languages/', async () => (await listAllLanguages(app.db)).map(presentAdminLanguage));

  app.post('/languages/', async (request, reply) => {
    const input = parseInput(AdminLanguageCreate, request.body ?? {});
    return reply.status(201).send(presentAdminLanguage(await createLanguage(app.db, input)));
  });

  app.put('/languages/:id/', async (request) => {
    const id = languageId(request.params);
    const input = parseInput(AdminLanguageUpdate, request.body ?? {});
    return presentAdminLanguage(await updateLanguage(app.db, id, input));
  });

  app.delete('/languages/:id/', async (request, reply) => {
    const id = languageId(request.params);
    await deleteLanguage(app.db, id);
    return reply.status(204).send();
  });
}
