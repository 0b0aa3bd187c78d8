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

  // Each edit makes this server's list in memory forget itself: the next learner sees it at once (others
  // within a poll, server/languages/active-list.ts).
  route(app, languages.createLanguage, async ({ body }) => {
    const created = await createLanguage(app.db, body);
    app.activeLanguages.forget();
    return presentAdminLanguage(created);
  });

  route(app, languages.updateLanguage, async ({ ids, body }) => {
    const updated = await updateLanguage(app.db, ids.id, body);
    app.activeLanguages.forget();
    return presentAdminLanguage(updated);
  });

  route(app, languages.deleteLanguage, async ({ ids }) => {
    await deleteLanguage(app.db, ids.id);
    app.activeLanguages.forget();
  });
}
