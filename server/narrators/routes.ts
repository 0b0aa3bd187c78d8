import type { IncomingMessage } from 'node:http';
import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fileTypeStream } from 'file-type/node';
import {
  APPLICANT_VIDEO_EXTENSIONS,
  APPLICANT_VIDEO_MAX_BYTES,
  APPLICANT_VIDEO_TYPES,
  ApplicantVideoStartQuery,
  MAX_VIDEOS_PER_APPLICANT,
  NOT_AUTHORIZED,
  SignedVideoUrlQuery,
  TeacherApplicationInput,
  TOO_MANY_VIDEOS,
  UNSUPPORTED_VIDEO,
  VIDEO_FIELDS_REQUIRED,
  VIDEO_TOO_LARGE,
} from '#common/schemas/teacher-application.ts';
import { HttpError, idParam, parseInput } from '#server/http/errors.ts';
import { formParts, formReadError } from '#server/http/multipart.ts';
import { clientNetwork, postgresRateLimitStore } from '#server/http/rate-limit-store.ts';
import { requireAdmin } from '#server/policies/admin-guard.ts';
import { ObjectExistsError } from '#server/storage/storage.ts';
import { limitBytes } from '#server/uploads/limit.ts';
import {
  applicantStanding,
  checkUploadPath,
  createApplication,
  issueUploadPath,
  listApplications,
  listVideos,
  recordVideo,
  toggleContacted,
  videoAt,
} from './service.ts';

/** Requests per network per hour on the public calls: generous for a person, tight for a script. */
export interface NarratorRateLimits {
  applications: number;
  videoStarts: number;
  videoUploads: number;
}
export const NARRATOR_RATE_LIMITS: NarratorRateLimits = {
  applications: 10,
  videoStarts: 60,
  videoUploads: 10,
};
const HOUR_MS = 60 * 60 * 1000;

/** How long a download address from the Videos tab opens the file (the issue's 10 minutes). */
export const SIGNED_URL_SECONDS = 10 * 60;

/** With no byte arriving for this long, an upload is given up and its connection closed. */
const UPLOAD_IDLE_MS = 60_000;

/** The declared types a browser gives such files, and the stored extension of each. */
const DECLARED_TYPES: Readonly<Record<string, string>> = {
  ...APPLICANT_VIDEO_TYPES,
  'video/x-matroska': 'mkv',
  'video/avi': 'avi',
  'video/msvideo': 'avi',
  'video/x-msvideo': 'avi',
};
const EXTENSION_OF_NAME: Readonly<Record<string, string>> = { m4v: 'mp4', mpg: 'mpeg' };

/** The stored extension for a video named `filename` of declared type `contentType`; undefined if neither is a video we take. */
function videoExtension(filename: string, contentType: string | undefined): string | undefined {
  const named = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (named && (APPLICANT_VIDEO_EXTENSIONS as readonly string[]).includes(named)) {
    return EXTENSION_OF_NAME[named] ?? named;
  }
  return contentType ? DECLARED_TYPES[contentType.toLowerCase()] : undefined;
}

/**
 * A file name fit to keep, show and download under: no folders, no control or formatting characters (a
 * right-to-left override could disguise it), at most 255 characters, and the stored video's extension.
 */
function cleanFilename(name: string | undefined, extension: string): string {
  const cleaned = basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 240);
  if (!cleaned) return `video.${extension}`;
  return cleaned.toLowerCase().endsWith(`.${extension}`) ? cleaned : `${cleaned}.${extension}`;
}

/**
 * The narrator calls of learner.md §7 and admin.md §7: the public application and sample-video upload
 * (rate-limited per IP), and the admin's lists, "contacted" mark and signed download addresses.
 */
export async function narratorRoutes(
  app: FastifyInstance,
  options: { signingSecret: string; rateLimits?: NarratorRateLimits },
): Promise<void> {
  const limits = options.rateLimits ?? NARRATOR_RATE_LIMITS;
  const perIpPerHour = (max: number) => ({ rateLimit: { max, timeWindow: HOUR_MS } });
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(app.db),
    keyGenerator: (request) => clientNetwork(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests from your network. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minutes.`,
      ),
  });
  await app.register(multipart, {
    limits: { files: 1, fields: 3, fieldSize: 1024, parts: 4, fileSize: APPLICANT_VIDEO_MAX_BYTES + 1 },
  });

  app.post(
    '/teacher-application/',
    { config: { public: true, ...perIpPerHour(limits.applications) } },
    async (request, reply) => {
      const input = parseInput(TeacherApplicationInput, request.body ?? {});
      const application = await createApplication(app.db, input);
      return reply.status(201).send({
        id: application.id,
        form_language: application.form_language,
        created_at: application.created_at,
      });
    },
  );

  app.get(
    '/applicant-video/start/',
    { config: { public: true, ...perIpPerHour(limits.videoStarts) } },
    async (request) => {
      const query = parseInput(ApplicantVideoStartQuery, request.query);
      const extension = videoExtension(query.filename, query.content_type);
      if (!extension) throw new HttpError(415, UNSUPPORTED_VIDEO);
      await assertMayUpload(app, query.email);
      return { upload_path: issueUploadPath(options.signingSecret, query.email, extension) };
    },
  );

  app.post(
    '/applicant-video/upload/',
    { config: { public: true, ...perIpPerHour(limits.videoUploads) } },
    async (request, reply) => {
      // A stalled upload would hold a socket and a partial file for ever; Node closes an idle socket.
      request.raw.socket?.setTimeout(UPLOAD_IDLE_MS);
      try {
        const video = await receiveVideo(
          app,
          request.isMultipart() ? formParts(request) : undefined,
          options,
        );
        return reply.status(201).send(video);
      } catch (error) {
        discardThenClose(request.raw);
        throw error;
      }
    },
  );

  await app.register(async (admin) => {
    requireAdmin(admin);

    admin.get('/teacher-applications/', async () => listApplications(admin.db));

    admin.patch('/teacher-applications/:id/toggle-contacted/', async (request) =>
      toggleContacted(admin.db, idParam(request.params, 'id', 'Application not found')),
    );

    admin.get('/applicant-video/admin/list/', async () => listVideos(admin.db));

    admin.get('/applicant-video/admin/signed-url/', async (request) => {
      const { path } = parseInput(SignedVideoUrlQuery, request.query);
      const video = await videoAt(admin.db, path);
      if (!video) throw new HttpError(404, 'Video not found');
      const url = await admin.storage.signedUrl(video.storage_path, {
        expiresInSeconds: SIGNED_URL_SECONDS,
        downloadName: video.original_filename,
      });
      return { url, expires_in: SIGNED_URL_SECONDS };
    });
  });
}

/** How long a refused upload is still read (and thrown away) before its connection is closed. */
const LINGER_MS = 2000;

/**
 * After a refusal mid-upload, the rest of the body is not worth reading, but closing the connection at once
 * resets it while the sender is still writing, and the sender may never see the answer: a reset discards what
 * its TCP stack had received but the sender had not yet read. So the body is read and thrown away for a moment
 * ("lingering close", as web servers do), then the connection is closed. Time alone bounds it, as nginx's
 * lingering_time does: a byte cap would close at once on a fast network, the very case where the sender's
 * answer is most likely still unread.
 */
function discardThenClose(raw: IncomingMessage): void {
  if (raw.readableEnded) return;
  raw.unpipe();
  const timer = setTimeout(() => raw.socket?.destroy(), LINGER_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.resume();
}

/** Only an applicant with room for another video may upload: 'Not authorized', or 409. */
async function assertMayUpload(app: FastifyInstance, email: string): Promise<void> {
  const standing = await applicantStanding(app.db, email);
  if (!standing.hasApplied) throw new HttpError(403, NOT_AUTHORIZED);
  if (standing.videoCount >= MAX_VIDEOS_PER_APPLICANT) throw new HttpError(409, TOO_MANY_VIDEOS);
}

/**
 * Reads the upload form (email, path, then file), checks the applicant and the path before any byte is kept,
 * checks the video's type from its first bytes, and streams it to storage within 500 MB. A refused or broken
 * upload leaves nothing behind: the drivers discard a partial object.
 */
async function receiveVideo(
  app: FastifyInstance,
  parts: ReturnType<typeof formParts> | undefined,
  options: { signingSecret: string },
) {
  if (!parts) throw new HttpError(415, 'Send the video as multipart/form-data with email, path and file.');
  const fields: { email?: string; path?: string } = {};
  for await (const part of parts) {
    if (part.type === 'field') {
      if ((part.fieldname === 'email' || part.fieldname === 'path') && typeof part.value === 'string') {
        fields[part.fieldname] = part.value.trim();
      }
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const { email, path } = fields;
    if (!email || !path) throw new HttpError(400, VIDEO_FIELDS_REQUIRED);
    const key = checkUploadPath(options.signingSecret, email, path);
    await assertMayUpload(app, email);
    // An error of the form itself (a body cut short, a sender who went away) is the sender's, not ours.
    let formError: unknown;
    part.file.once('error', (error) => {
      formError = error;
    });
    let size: number;
    let mime: string;
    try {
      const typed = await fileTypeStream(part.file, { sampleSize: 4100 });
      const detected = typed.fileType?.mime;
      if (!detected || !APPLICANT_VIDEO_TYPES[detected]) throw new HttpError(415, UNSUPPORTED_VIDEO);
      mime = detected;
      const body = typed.pipe(limitBytes(APPLICANT_VIDEO_MAX_BYTES, VIDEO_TOO_LARGE));
      typed.on('error', (error) => body.destroy(error));
      ({ size } = await app.storage.put(key, body, { contentType: mime }));
    } catch (error) {
      if (error instanceof ObjectExistsError) {
        throw new HttpError(409, 'This video was received already. To send another, start again.');
      }
      if (!(error instanceof HttpError) && formError !== undefined) throw formReadError(formError);
      throw error;
    }
    try {
      return await recordVideo(app.db, {
        email,
        originalFilename: cleanFilename(part.filename, key.slice(key.lastIndexOf('.') + 1)),
        storagePath: key,
        fileSize: size,
        contentType: mime,
      });
    } catch (error) {
      // A video no row names is a file nobody can reach: removed, so the applicant can simply try again.
      await app.storage.delete([key]).catch(() => undefined);
      throw error;
    }
  }
  throw new HttpError(400, VIDEO_FIELDS_REQUIRED);
}
