// The dictionary: a tapped word's lookup (learner.md §7), many of them for a story read offline (issue 24),
// and the translations import of the admin area (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import {
  DictionaryImport,
  DumpCounts,
  LookupQuery,
  LookupResult,
  LookupResults,
  LookupsBody,
} from '../schemas/dictionary.ts';

const IMPORT_NOT_FOUND = 'Import not found';

export const lookUpWord = endpoint({
  method: 'GET',
  path: '/api/dict/lookup/',
  access: 'signed-in',
  query: LookupQuery,
  response: LookupResult,
});

/**
 * Many words at once, for a story saved for offline reading (issue 24): each answered as lookUpWord answers it,
 * in the order sent. A POST only because the words do not fit in a query string.
 */
export const lookUpWords = endpoint({
  method: 'POST',
  path: '/api/dict/lookups/',
  access: 'signed-in',
  body: LookupsBody,
  response: LookupResults,
});

/** The preview of a dump's first lines, answered as they arrive. */
export const DumpPreview = lazy(() =>
  DumpCounts.extend({
    action: z.literal('preview'),
    truncated: z.boolean(),
    sample: z.array(z.unknown()),
  }),
);
export type DumpPreview = z.infer<typeof DumpPreview>;

/** An accepted import (202): the queued import, to follow. */
export const QueuedImport = lazy(() => z.object({ action: z.literal('import'), import: DictionaryImport }));
export type QueuedImport = z.infer<typeof QueuedImport>;

/**
 * A dump with its fields (TranslationUploadFields): previewed (200) or stored and queued for import (202).
 */
export const uploadDictionary = endpoint({
  method: 'POST',
  path: '/api/admin/translations/upload/',
  access: 'admin',
  body: 'multipart',
  response: lazy(() => z.union([DumpPreview, QueuedImport])),
});

export const listImports = endpoint({
  method: 'GET',
  path: '/api/admin/translations/imports/',
  access: 'admin',
  response: lazy(() => z.array(DictionaryImport)),
});

export const getImport = endpoint({
  method: 'GET',
  path: '/api/admin/translations/imports/:id/',
  access: 'admin',
  ids: { id: IMPORT_NOT_FOUND },
  response: DictionaryImport,
});

export const cancelImport = endpoint({
  method: 'DELETE',
  path: '/api/admin/translations/imports/:id/',
  access: 'admin',
  ids: { id: IMPORT_NOT_FOUND },
  response: DictionaryImport,
});
