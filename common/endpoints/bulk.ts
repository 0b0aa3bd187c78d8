// The bulk import of story ideas from a workbook (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import { BulkImportAnswer, BulkPreviewAnswer } from '../schemas/bulk.ts';

/** The form (BulkImportFields) and its workbook: a preview, or the import. */
export const bulkImportStories = endpoint({
  method: 'POST',
  path: '/api/admin/bulk-import-stories/',
  access: 'admin',
  body: 'multipart',
  response: lazy(() => z.union([BulkPreviewAnswer, BulkImportAnswer])),
});

export const downloadBulkTemplate = endpoint({
  method: 'GET',
  path: '/api/admin/bulk-import-stories/template/',
  access: 'admin',
  response: 'file',
});
