import type { FastifyInstance } from 'fastify';
import * as languages from '#common/endpoints/languages.ts';
import { route } from '#server/http/contract.ts';
import { presentAdminLanguage } from './present.ts';
import { createLanguage, deleteLanguage, listAllLanguages, updateLanguage } from './service.ts';

/** /api/admin/languages/: the languages tab (admin.md §7). Registered inside the admin scope. */
export async function adminLanguageRoutes(app: FastifyInstance): Promise<void> {
  route(app, languages.listAdminLanguages, async () =>
    (await listAllLanguages(app.db)).map(presentAdminLanguage),
  );

  route(app, languages.createLanguage, async ({ body }) =>
    presentAdminLanguage(await createLanguage(app.db, body)),
  );

  route(app, languages.updateLanguage, async ({ ids, body }) =>
    presentAdminLanguage(await updateLanguage(app.db, ids.id, body)),
  );

  route(app, languages.deleteLanguage, async ({ ids }) => {
    await deleteLanguage(app.db, ids.id);
  });
}
