import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import * as narrators from '#common/endpoints/narrators.ts';
import {
  APPLICANT_VIDEO_EXTENSIONS,
  APPLICANT_VIDEO_MAX_BYTES,
  APPLICANT_VIDEO_TYPES,
  MAX_VIDEOS_PER_APPLICANT,
  NOT_AUTHORIZED,
  TOO_MANY_VIDEOS,
  UNSUPPORTED_VIDEO,
  VIDEO_FIELDS_REQUIRED,
  VIDEO_TOO_LARGE,
} from '#common/schemas/narrators.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { clientNetwork, postgresRateLimitStore } from '#server/http/rate-limit-store.ts';
import { tooManyFromNetwork } from '#server/http/retry-after.ts';
import { keepableFilename } from '#server/uploads/names.ts';
import { acceptUploads, type FormFields, receiveUpload, type UploadRules } from '#server/uploads/receive.ts';
import { typeByName } from '#server/uploads/types.ts';
import {
  applicantStanding,
  checkUploadPath,
  createApplication,
  issueUploadPath,
  recordVideo,
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

/** Names whose video is stored under another extension. */
const RENAMED: Readonly<Record<string, string>> = { m4v: 'mp4', mpg: 'mpeg' };
/** Before the bytes arrive, the start call goes by the name's extension, or else the type a browser declares. */
const VIDEO_NAMES = {
  byExtension: Object.fromEntries(APPLICANT_VIDEO_EXTENSIONS.map((name) => [name, RENAMED[name] ?? name])),
  byDeclaredType: {
    ...APPLICANT_VIDEO_TYPES,
    'video/x-matroska': 'mkv',
    'video/avi': 'avi',
    'video/msvideo': 'avi',
    'video/x-msvideo': 'avi',
  },
};

/** The sample-video upload of learner.md §5: email and path, then the file, within 500 MB (decision 016). */
const VIDEO_UPLOAD: UploadRules = {
  maxBytes: APPLICANT_VIDEO_MAX_BYTES,
  accept: { types: APPLICANT_VIDEO_TYPES, refused: UNSUPPORTED_VIDEO },
  form: { files: 1, fields: 3, fieldSize: 1024, parts: 4 },
  fileField: 'file',
  sentences: {
    notMultipart: 'Send the video as multipart/form-data with email, path and file.',
    noFile: VIDEO_FIELDS_REQUIRED,
    tooLarge: VIDEO_TOO_LARGE,
    taken: 'This video was received already. To send another, start again.',
  },
};

/**
 * The narrators' public calls of learner.md §7, rate-limited per network: the application and the sample-video
 * upload. The admin's are in admin-routes.ts.
 */
export async function narratorRoutes(
  app: FastifyInstance,
  options: { signingSecret: string; rateLimits?: NarratorRateLimits },
): Promise<void> {
  const limits = options.rateLimits ?? NARRATOR_RATE_LIMITS;
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(app.db),
    keyGenerator: (request) => clientNetwork(request.ip),
    // The plugin sends the wait in Retry-After too: /apply says it in the form's own language.
    errorResponseBuilder: (_request, context) => new HttpError(429, tooManyFromNetwork(context.ttl)),
  });
  await acceptUploads(app);

  const perHour = (max: number) => ({ config: { rateLimit: { max, timeWindow: HOUR_MS } } });

  route(
    app,
    narrators.apply,
    async ({ body }) => {
      const application = await createApplication(app.db, body);
      return {
        id: application.id,
        form_language: application.form_language,
        created_at: application.created_at,
      };
    },
    perHour(limits.applications),
  );

  route(
    app,
    narrators.startVideoUpload,
    async ({ query }) => {
      const extension = typeByName(query.filename, query.content_type, VIDEO_NAMES);
      if (!extension) throw new HttpError(415, UNSUPPORTED_VIDEO);
      await assertMayUpload(app, query.email);
      return { upload_path: issueUploadPath(options.signingSecret, query.email, extension) };
    },
    perHour(limits.videoStarts),
  );

  route(
    app,
    narrators.uploadVideo,
    async (_input, request) =>
      receiveUpload(request, VIDEO_UPLOAD, {
        // The applicant and the path are checked before a byte of the file is kept.
        place: async ({ fields }) => {
          const { email, path } = videoFields(fields);
          const key = checkUploadPath(options.signingSecret, email, path);
          await assertMayUpload(app, email);
          return { key: () => key };
        },
        stored: (file, fields) =>
          recordVideo(app.db, {
            email: videoFields(fields).email,
            originalFilename: keepableFilename(
              file.filename,
              file.key.slice(file.key.lastIndexOf('.') + 1),
              'video',
            ),
            storagePath: file.key,
            fileSize: file.size,
            contentType: file.contentType,
          }),
      }),
    perHour(limits.videoUploads),
  );
}

/** Only an applicant with room for another video may upload: 'Not authorized', or 409. */
async function assertMayUpload(app: FastifyInstance, email: string): Promise<void> {
  const standing = await applicantStanding(app.db, email);
  if (!standing.hasApplied) throw new HttpError(403, NOT_AUTHORIZED);
  if (standing.videoCount >= MAX_VIDEOS_PER_APPLICANT) throw new HttpError(409, TOO_MANY_VIDEOS);
}

/** The upload's email and path, sent before its file; 400 without either. */
function videoFields(fields: FormFields): { email: string; path: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
  const email = text(fields.email);
  const path = text(fields.path);
  if (!email || !path) throw new HttpError(400, VIDEO_FIELDS_REQUIRED);
  return { email, path };
}
