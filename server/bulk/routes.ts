import type { FastifyInstance } from 'fastify';
import { templateWorkbook } from './template.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The bulk import of story ideas (admin.md §2, §7), under /api/admin: for now the template workbook the tab
 * offers to download; the import itself is issue 7's next step (TODO.md).
 */
export async function adminBulkImportRoutes(app: FastifyInstance): Promise<void> {
  // Built at the first download (not at start-up: see xlsx.ts), then the same bytes for every one.
  let template: Promise<Buffer> | undefined;
  app.get('/bulk-import-stories/template/', async (_request, reply) => {
    template ??= templateWorkbook();
    const bytes = await template;
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', 'attachment; filename="catamaran-story-ideas.xlsx"')
      .send(bytes);
  });
}
