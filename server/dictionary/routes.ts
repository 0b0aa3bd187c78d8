import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as dictionary from '#common/endpoints/dictionary.ts';
import {
  MAX_LOOKUP_FIELD_LENGTH,
  MAX_LOOKUPS_PER_REQUEST,
  readLookupQuery,
  TranslationUploadFields,
} from '#common/schemas/dictionary.ts';
import type { DictionaryLimits } from '#server/config.ts';
import { route } from '#server/http/contract.ts';
import { HttpError, parseInput } from '#server/http/errors.ts';
import { languageCodes } from '#server/languages/service.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { generatedKey } from '#server/uploads/names.ts';
import {
  acceptUploads,
  type FormFields,
  receiveUpload,
  type UploadHandling,
  type UploadRules,
} from '#server/uploads/receive.ts';
import { EmptyDumpError, previewDump } from './importer.ts';
import { cancelImport, createImport, failUnqueuedImport, getImport, listImports } from './imports/service.ts';
import { DumpError, formatSize } from './json-lines.ts';
import { LookupCache } from './lookup/cache.ts';
import { lookupJson, lookupManyJson } from './lookup/service.ts';
import { presentImport } from './present.ts';

type ImportRow = Awaited<ReturnType<typeof createImport>>;
type PreviewAnswer = Awaited<ReturnType<typeof preview>>;

const PARTIAL_IMPORT = 'Only a preview takes part of a dump; send the whole file to import it.';
const NOT_QUEUED =
  'The import could not be queued. The previous dictionary is still in use; upload the file again.';

/**
 * The largest body of POST /api/dict/lookups/ a client may send: the most words, each with a surface and a
 * lemma of the longest, every character written at its longest in JSON (\u0001: six bytes), with the names
 * and punctuation of each word and a little for the rest. About 2.4 MB: Fastify's 1 MiB default would refuse
 * a full batch of Chinese or Japanese words (three bytes a character) with both fields at their longest.
 */
const LOOKUPS_BODY_LIMIT = MAX_LOOKUPS_PER_REQUEST * (2 * MAX_LOOKUP_FIELD_LENGTH * 6 + 32) + 1024;

/**
 * GET /api/dict/lookup/ (learner.md §7): any word as tapped, its lemma and translations; and POST
 * /api/dict/lookups/, many of them for a story saved for offline reading (issue 24). The two share one cache:
 * the answers a download fills it with are the ones its reader then taps, and the other way round.
 */
export async function lookupRoutes(app: FastifyInstance, options: { cacheEntries: number }): Promise<void> {
  const cache = new LookupCache(options.cacheEntries);
  route(
    app,
    dictionary.lookUpWord,
    // The answer comes as JSON text, kept so by the cache: sent as it is, not serialized again at every hit,
    // and at once (not through a promise) when the cache has it.
    ({ query }) => lookupJson(app.pool, query, cache),
    {
      // The hand-written reader of the query; refusals are left to the schema, and its sentences.
      readQuery: readLookupQuery,
      // Answers are a few hundred bytes, under the compression threshold, and a GET has no body to
      // decompress: the compression plugin's three hooks would only cost time on the app's busiest call.
      compress: false,
      decompress: false,
    },
  );
  route(app, dictionary.lookUpWords, ({ body }) => lookupManyJson(app.pool, body, cache), {
    bodyLimit: LOOKUPS_BODY_LIMIT,
  });
}

/**
 * The translations import of the admin area (admin.md §2, §7): POST /translations/upload/ previews the first
 * lines of a wiktextract dump or stores it and queues its import; the imports can be followed and cancelled.
 */
export async function adminDictionaryRoutes(
  app: FastifyInstance,
  options: { limits: DictionaryLimits },
): Promise<void> {
  const { limits } = options;
  const rules = dumpUpload(limits);
  await acceptUploads(app);

  route(app, dictionary.uploadDictionary, async (_input, request, reply) => {
    const handling = dumpHandling(app, limits, viewerOf(request).userId);
    const received = await receiveUpload(request, rules, handling);
    if (received.action === 'preview') return received;
    await queueImport(app, request.log, received.row);
    reply.status(202);
    return { action: 'import' as const, import: presentImport(received.row) };
  });

  route(app, dictionary.listImports, async () => (await listImports(app.db)).map(presentImport));

  route(app, dictionary.getImport, async ({ ids }) => {
    const row = await getImport(app.db, ids.id);
    if (!row) throw new HttpError(404, 'Import not found');
    return presentImport(row);
  });

  route(app, dictionary.cancelImport, async ({ ids }, request) => {
    const row = await cancelImport({ db: app.db, storage: app.storage, log: request.log }, ids.id);
    if (!row) throw new HttpError(404, 'Import not found');
    return presentImport(row);
  });
}

/**
 * What the dump upload does with its file: a preview reads it as it arrives when the fields come first;
 * otherwise it is stored, then previewed from storage (and removed) or recorded as an import to queue.
 */
function dumpHandling(
  app: FastifyInstance,
  limits: DictionaryLimits,
  userId: string,
): UploadHandling<PreviewAnswer | { action: 'import'; row: ImportRow }> {
  return {
    place: async ({ fields, filename }) => {
      // The usual order sends the fields first, so a preview reads the upload as it arrives; fields sent
      // after the file (admin.md §7 lists action last) are handled by storing the file first.
      const early = TranslationUploadFields.safeParse(asText(fields));
      if (early.success && early.data.action === 'preview') {
        await checkLanguages(app, early.data.source, early.data.target);
        // Answered once the preview has its lines, not after the rest of the upload: a 2 GB dump previews
        // in the time its first lines take.
        const { source, target, partial } = early.data;
        return {
          read: (input) =>
            preview({ input, fileName: filename, source, target, limits, isPartial: partial === true }),
        };
      }
      if (early.success && early.data.partial) throw new HttpError(400, PARTIAL_IMPORT);
      return { key: () => generatedKey('dictionary-imports/', 'dump', 6) };
    },
    stored: async (file, raw) => {
      const fields = parseInput(TranslationUploadFields, asText(raw));
      await checkLanguages(app, fields.source, fields.target);
      const fileName = (file.filename || 'dump.jsonl').slice(0, 255);
      if (fields.action === 'preview') {
        const input = await app.storage.get(file.key);
        const late = await preview({
          input,
          fileName,
          source: fields.source,
          target: fields.target,
          limits,
          isPartial: fields.partial === true,
        });
        await app.storage.delete([file.key]);
        return late;
      }
      if (fields.partial) throw new HttpError(400, PARTIAL_IMPORT);
      const row = await createImport(app.db, {
        source: fields.source,
        target: fields.target,
        fileName,
        fileSize: file.size,
        objectKey: file.key,
        createdBy: userId,
      });
      return { action: 'import' as const, row };
    },
  };
}

/** Queues the import's job; one that cannot be queued is marked failed and its upload removed. */
async function queueImport(app: FastifyInstance, log: FastifyBaseLogger, row: ImportRow): Promise<void> {
  try {
    await app.jobs.enqueue('dictionary-import', { importId: row.id });
  } catch (error) {
    // Otherwise the import would wait in 'queued' for a job that never comes, keeping the admin tab busy.
    await failUnqueuedImport({ db: app.db, storage: app.storage, log }, row, NOT_QUEUED).catch(
      (cleanupError: unknown) =>
        log.error({ err: cleanupError, importId: row.id }, 'could not mark an unqueued import failed'),
    );
    throw error;
  }
}

/** Both codes name languages of this site; the source must differ from the target (admin.md §5). */
async function checkLanguages(app: FastifyInstance, source: string, target: string): Promise<void> {
  const known = await languageCodes(app.db);
  for (const code of [source, target]) {
    if (!known.has(code)) throw new HttpError(400, `There is no language with the code "${code}".`);
  }
}

/** The dump upload of admin.md §7: any bytes (gzip or not is told later, by the importer), within the limit. */
function dumpUpload(limits: DictionaryLimits): UploadRules {
  return {
    maxBytes: limits.uploadBytes,
    accept: { anyBytes: { mime: 'application/octet-stream', extension: 'dump' } },
    form: { files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    fileField: 'file',
    fieldsAfterFile: true,
    sentences: {
      notMultipart: 'Send the dump as multipart/form-data, in a field named file.',
      noFile: 'Choose a file: a wiktextract dump, one entry per line.',
      tooLarge: `The file is larger than ${formatSize(limits.uploadBytes)}.`,
      wrongFile: 'Send one dump, in a field named file.',
    },
  };
}

/** The form's fields as the schema reads them: text. */
function asText(fields: FormFields): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));
}

/** A preview of the dump's first lines; a bad file is the admin's to fix: 400 with its sentence. */
async function preview(dump: Parameters<typeof previewDump>[0]) {
  try {
    return { action: 'preview' as const, ...(await previewDump(dump)) };
  } catch (error) {
    if (error instanceof DumpError || error instanceof EmptyDumpError)
      throw new HttpError(400, error.message);
    throw error;
  }
}
