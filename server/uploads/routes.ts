import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeStream } from 'file-type/node';
import { parseStream } from 'music-metadata';
import {
  AUDIO_MAX_BYTES,
  AUDIO_TYPES,
  audioContentType,
  COVER_MAX_BYTES,
  COVER_TYPES,
} from '#common/uploads.ts';
import { HttpError } from '#server/http/errors.ts';
import { formReadError } from '#server/http/multipart.ts';
import { limitBytes } from './limit.ts';

const MB = 1024 * 1024;

interface Received {
  body: Readable;
  mime: string;
  extension: string;
}

/** The one file of a multipart request, its type read from its first bytes (never from its name). */
async function receiveFile(
  request: FastifyRequest,
  options: { max: number; types: Readonly<Record<string, string>>; what: string; accepted: string },
): Promise<Received> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the file as multipart/form-data, in a field named file.');
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: options.max + 1, files: 1 } });
  } catch (error) {
    throw formReadError(error);
  }
  if (!part) throw new HttpError(400, 'Send the file as multipart/form-data, in a field named file.');
  const typed = await fileTypeStream(part.file, { sampleSize: 4100 });
  const extension = typed.fileType ? options.types[typed.fileType.mime] : undefined;
  if (!typed.fileType || !extension) {
    typed.resume(); // drain the rest so the connection can be reused
    throw new HttpError(415, `That is not ${options.accepted}.`);
  }
  const body = typed.pipe(
    limitBytes(options.max, `${options.what} is too large. Maximum size is ${options.max / MB}MB.`),
  );
  typed.on('error', (error) => body.destroy(error));
  return { body, mime: typed.fileType.mime, extension };
}

const stamp = () => `${Date.now()}-${randomBytes(4).toString('hex')}`;

/** Upload endpoints of the admin area: the browser sends a file, the server stores it and answers its URL. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 4, fieldSize: 1024, parts: 5 } });

  // A cover: under stories/ from the editor, under covers/ from the stories tab (admin.md §7).
  app.post('/uploads/cover/', async (request, reply) => {
    const { folder = 'covers' } = request.query as { folder?: string };
    if (folder !== 'covers' && folder !== 'stories')
      throw new HttpError(400, 'folder must be covers or stories.');
    const file = await receiveFile(request, {
      max: COVER_MAX_BYTES,
      types: COVER_TYPES,
      what: 'The image',
      accepted: 'a JPEG, PNG or WebP image',
    });
    const key = `story-images/${folder}/${stamp()}.${file.extension}`;
    const { size } = await app.storage.put(key, file.body, { contentType: file.mime });
    return reply.status(201).send({ key, url: app.storage.publicUrl(key), content_type: file.mime, size });
  });

  // Chapter audio, named after its chapter (or "new" before the chapter is saved), with its duration.
  app.post('/uploads/audio/', async (request, reply) => {
    const { chapter = 'new' } = request.query as { chapter?: string };
    if (chapter !== 'new' && !/^\d{1,12}$/.test(chapter))
      throw new HttpError(400, 'chapter must be an id or new.');
    const file = await receiveFile(request, {
      max: AUDIO_MAX_BYTES,
      types: AUDIO_TYPES,
      what: 'Audio file',
      accepted: 'an audio file (MP3, WAV, WebM/Opus, M4A or OGG)',
    });
    // Stored and measured in one pass: the same bytes go to storage and to the parser.
    const toStorage = new PassThrough();
    const toParser = new PassThrough();
    file.body.on('data', (chunk: Buffer) => {
      toParser.write(chunk);
      // Storage sets the pace: while it is behind, the upload waits, so nothing piles up in memory.
      if (!toStorage.write(chunk)) {
        file.body.pause();
        toStorage.once('drain', () => file.body.resume());
      }
    });
    file.body.on('end', () => {
      toStorage.end();
      toParser.end();
    });
    file.body.on('error', (error) => {
      toStorage.destroy(error);
      toParser.destroy(error);
    });
    const key = `story-audio/chapters/${chapter}-${stamp()}.${file.extension}`;
    const contentType = audioContentType(file.mime);
    const duration = parseStream(toParser, { mimeType: contentType }, { duration: true, skipCovers: true })
      .then((metadata) => metadata.format.duration)
      .catch(() => undefined)
      .finally(() => toParser.resume());
    const { size } = await app.storage.put(key, toStorage, { contentType });
    const seconds = await duration;
    return reply.status(201).send({
      key,
      url: app.storage.publicUrl(key),
      content_type: contentType,
      size,
      duration_seconds: seconds === undefined || !Number.isFinite(seconds) ? null : Math.round(seconds),
    });
  });
}
