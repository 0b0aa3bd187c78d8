import { randomBytes } from 'node:crypto';
import { finished, PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  type DictionaryImport,
  LookupQuery,
  readLookupQuery,
  TranslationUploadFields,
} from '#common/schemas/dictionary.ts';
import type { DictionaryLimits } from '#server/config.ts';
import { HttpError, idParam, parseInput } from '#server/http/errors.ts';
import { formParts } from '#server/http/multipart.ts';
import { languageCodes } from '#server/languages/service.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { limitBytes } from '#server/uploads/limit.ts';
import { EmptyDumpError, previewDump } from './importer.ts';
import { cancelImport, createImport, failUnqueuedImport, getImport, listImports } from './imports/service.ts';
import { DumpError, formatSize } from './json-lines.ts';
import { LookupCache } from './lookup/cache.ts';
import { lookupJson } from './lookup/service.ts';
import { presentImport } from './present.ts';

const MB = 1024 * 1024;
/** The content type Fastify gives the JSON it serializes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

const PARTIAL_IMPORT = 'Only a preview takes part of a dump; send the whole file to import it.';
const NOT_QUEUED =
  'The import could not be queued. The previous dictionary is still in use; upload the file again.';

/** GET /api/dict/lookup/ (learner.md §7): any word as tapped, its lemma and translations. */
export async function lookupRoutes(app: FastifyInstance, options: { cacheEntries: number }): Promise<void> {
  const cache = new LookupCache(options.cacheEntries);
  // Answers are a few hundred bytes, under the compression threshold, and a GET has no body to decompress:
  // the compression plugin's three hooks would only cost time on the app's busiest call.
  app.get('/dict/lookup/', { compress: false, decompress: false }, (request, reply) => {
    // Refusals are left to the schema, and its sentences.
    const query = readLookupQuery(request.query) ?? parseInput(LookupQuery, request.query);
    // The answer comes as JSON text, kept so by the cache: sent as it is, not serialized again at every hit,
    // and at once (not through a promise) when the cache has it.
    reply.type(JSON_TYPE);
    return lookupJson(app.pool, query, cache);
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
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: limits.uploadBytes + 1 },
  });

  app.post('/translations/upload/', async (request, reply) => {
    if (!request.isMultipart()) {
      throw new HttpError(415, 'Send the dump as multipart/form-data, in a field named file.');
    }
    const user = viewerOf(request);
    const raw: Record<string, string> = {};
    let file: MultipartFile | undefined;
    let stored: { key: string; size: number; fileName: string } | undefined;
    try {
      for await (const part of formParts(request)) {
        if (part.type === 'field') {
          raw[part.fieldname] = String(part.value);
          continue;
        }
        file = part;
        if (part.fieldname !== 'file' || stored) {
          throw new HttpError(400, 'Send one dump, in a field named file.');
        }
        // The usual order sends the fields first, so a preview reads the upload as it arrives; fields sent
        // after the file (admin.md §7 lists action last) are handled by storing the file first.
        const early = TranslationUploadFields.safeParse(raw);
        if (early.success && early.data.action === 'preview') {
          await checkLanguages(app, early.data.source, early.data.target);
          const preview = await previewUpload(part, early.data, limits);
          // Answered now, not after the rest of the upload (or any part behind it), which busboy reads and
          // throws away meanwhile: a 2 GB dump previews in the time its first lines take.
          return { action: 'preview', ...preview };
        }
        if (early.success && early.data.partial) throw new HttpError(400, PARTIAL_IMPORT);
        stored = await storeUpload(app, part, limits);
      }
    } catch (error) {
      // A refusal before the file was read must not leave it unread: busboy would stop reading the request,
      // and its connection would hang on the rest of the body.
      file?.file.resume();
      if (stored) await app.storage.delete([stored.key]).catch(() => undefined);
      throw asUploadError(error);
    }

    if (!stored) throw new HttpError(400, 'Choose a file: a wiktextract dump, one entry per line.');
    let row: Awaited<ReturnType<typeof createImport>>;
    try {
      const fields = parseInput(TranslationUploadFields, raw);
      await checkLanguages(app, fields.source, fields.target);
      if (fields.action === 'preview') {
        const input = await app.storage.get(stored.key);
        const late = await previewDump({
          input,
          fileName: stored.fileName,
          source: fields.source,
          limits,
          isPartial: fields.partial === true,
        });
        await app.storage.delete([stored.key]);
        return { action: 'preview', ...late };
      }
      if (fields.partial) throw new HttpError(400, PARTIAL_IMPORT);
      row = await createImport(app.db, {
        source: fields.source,
        target: fields.target,
        fileName: stored.fileName,
        fileSize: stored.size,
        objectKey: stored.key,
        createdBy: user.userId,
      });
    } catch (error) {
      await app.storage.delete([stored.key]).catch(() => undefined);
      throw asUploadError(error);
    }
    try {
      await app.jobs.enqueue('dictionary-import', { importId: row.id });
    } catch (error) {
      // Otherwise the import would wait in 'queued' for a job that never comes, keeping the admin tab busy.
      await failUnqueuedImport({ db: app.db, storage: app.storage, log: request.log }, row, NOT_QUEUED).catch(
        (cleanupError: unknown) =>
          request.log.error(
            { err: cleanupError, importId: row.id },
            'could not mark an unqueued import failed',
          ),
      );
      throw error;
    }
    return reply.status(202).send({ action: 'import', import: presentImport(row) });
  });

  app.get('/translations/imports/', async (): Promise<DictionaryImport[]> => {
    return (await listImports(app.db)).map(presentImport);
  });

  app.get('/translations/imports/:id/', async (request): Promise<DictionaryImport> => {
    const row = await getImport(app.db, idParam(request.params, 'id', 'Import not found'));
    if (!row) throw new HttpError(404, 'Import not found');
    return presentImport(row);
  });

  app.delete('/translations/imports/:id/', async (request): Promise<DictionaryImport> => {
    const id = idParam(request.params, 'id', 'Import not found');
    const row = await cancelImport({ db: app.db, storage: app.storage, log: request.log }, id);
    if (!row) throw new HttpError(404, 'Import not found');
    return presentImport(row);
  });
}

/** Both codes name languages of this site; the source must differ from the target (admin.md §5). */
async function checkLanguages(app: FastifyInstance, source: string, target: string): Promise<void> {
  const known = await languageCodes(app.db);
  for (const code of [source, target]) {
    if (!known.has(code)) throw new HttpError(400, `There is no language with the code "${code}".`);
  }
}

/**
 * Previews the first lines as they arrive. The rest of the upload is not waited for: once the preview has its
 * lines, the file is unhooked and resumed, so busboy reads what is left and throws it away while the answer is
 * already sent, and the request still ends and leaves its connection usable.
 */
async function previewUpload(
  part: MultipartFile,
  dump: { source: string; partial?: boolean | undefined },
  limits: DictionaryLimits,
) {
  const limiter = limitBytes(
    limits.uploadBytes,
    `The file is larger than ${formatSize(limits.uploadBytes)}.`,
  );
  const input = new PassThrough({ highWaterMark: MB });
  // Not pipeline(part.file, …): when the preview stops reading, pipeline would destroy the upload's stream,
  // and busboy, its file destroyed, stops reading the request: the rest of the body would sit in the socket
  // until the connection timed out. An aborted upload (an error, or a close before the end) still reaches the
  // preview, which then fails with it; pipeline listens for every error of the two streams it joins.
  pipeline(limiter, input).catch(() => undefined);
  const stopWatching = finished(part.file, (error) => {
    if (error) limiter.destroy(error);
  });
  part.file.pipe(limiter);
  try {
    return await previewDump({
      input,
      fileName: part.filename,
      source: dump.source,
      limits,
      isPartial: dump.partial === true,
    });
  } finally {
    stopWatching();
    part.file.unpipe(limiter);
    part.file.resume();
  }
}

/** Streams the upload to storage under a private key, within the size limit. */
async function storeUpload(app: FastifyInstance, part: MultipartFile, limits: DictionaryLimits) {
  const key = `dictionary-imports/${Date.now()}-${randomBytes(6).toString('hex')}.dump`;
  const fileName = (part.filename || 'dump.jsonl').slice(0, 255);
  const body = new PassThrough({ highWaterMark: MB });
  // As above: an upload aborted before storage starts reading must fail the put, not the process.
  pipeline(
    part.file,
    limitBytes(limits.uploadBytes, `The file is larger than ${formatSize(limits.uploadBytes)}.`),
    body,
  ).catch(() => undefined);
  try {
    const { size } = await app.storage.put(key, body, { contentType: 'application/octet-stream' });
    return { key, size, fileName };
  } catch (error) {
    body.destroy();
    await app.storage.delete([key]).catch(() => undefined);
    throw error;
  }
}

/** A refusal the admin can act on: a bad file is 400 with its sentence, an oversized one 413. */
function asUploadError(error: unknown): unknown {
  if (error instanceof DumpError || error instanceof EmptyDumpError) return new HttpError(400, error.message);
  return error;
}
