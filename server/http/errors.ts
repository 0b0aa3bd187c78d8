import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, z } from 'zod';
import { MAX_INTEGER } from '#common/schemas/ids.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  outageReporter,
} from './database-unavailable.ts';
import { deletedUserAnswer } from './deleted-user.ts';
import { isClientAbort, isNotSetUp, logNotSetUp } from './log-policy.ts';

/**
 * The one error type handlers throw: a status and a sentence the person who sent the request can read, and
 * optionally more fields answered beside it (the bulk import's warnings, say).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

// Fastify's own client errors, as sentences (its messages are written for developers).
const FASTIFY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty, but its content type says JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
};

const STATUS_SENTENCES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Not authenticated',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  406: 'This answer cannot be given in a format the client accepts.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The address of this request is too long.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests. Please wait a moment and try again.',
  431: 'The request headers are too large.',
};

const localeError = z.locales.en().localeError;

/**
 * Turns the first problem zod found into one sentence. A message the schema wrote (the spec's own texts) is
 * used as it is; zod's generic ones (listed in `generic`) are prefixed with the field they are about.
 */
function describeZodError(error: ZodError, generic: ReadonlySet<string> = new Set()): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (!generic.has(issue.message) || issue.path.length === 0) return issue.message;
  return `${issue.path.join('.')}: ${issue.message}`;
}

/**
 * Parses client input with a schema from common/; a mismatch is a 400 with a sentence. A valid input is parsed
 * without parameters: given any, zod copies them into a context of another shape on every call, 2–4 µs a parse
 * against under 1 µs without (decision 124). Only an input that failed is parsed again with the error map that
 * words the sentence.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const valid = schema.safeParse(input);
  if (valid.success) return valid.data;
  const generic = new Set<string>();
  // Called only for issues whose schema wrote no message of its own.
  const result = schema.safeParse(input, {
    error: (issue) => {
      const made = localeError(issue);
      const message = typeof made === 'string' ? made : (made?.message ?? 'Invalid value');
      generic.add(message);
      return message;
    },
  });
  if (!result.success) throw new HttpError(400, describeZodError(result.error, generic));
  return result.data;
}

/**
 * Answers every error as `{ "error": "…" }`; an unexpected one is logged and answered without detail. A lost
 * database is reported through `reportOutage`, which the pool's idle errors share (server/app.ts).
 */
export function registerErrorHandler(app: FastifyInstance, reportOutage = outageReporter()): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      if (isNotSetUp(error)) logNotSetUp(request, error.message);
      else if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send({ ...error.details, error: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: describeZodError(error) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const sentence =
        ('code' in error && FASTIFY_ERRORS[error.code]) || STATUS_SENTENCES[status] || STATUS_SENTENCES[400];
      request.log.info({ code: 'code' in error ? error.code : undefined, status }, 'client error');
      return reply.status(status).send({ error: sentence });
    }
    const gone = deletedUserAnswer(error);
    if (gone) {
      request.log.info({ status: 401 }, 'a write by a user who no longer exists');
      return reply.status(401).send(gone);
    }
    // A reset connection is the client's when the client's socket is gone; otherwise it is the database's.
    const clientGone = request.raw.destroyed || reply.raw.destroyed;
    if (clientGone && isClientAbort(error)) {
      request.log.info({ code: (error as { code?: unknown }).code }, 'the client went away');
      return reply.status(500).send({ error: INTERNAL_ERROR });
    }
    if (isDatabaseUnavailable(error)) {
      reportOutage(request.log, error);
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: DATABASE_UNAVAILABLE });
    }
    if (isClientAbort(error))
      request.log.info({ code: (error as { code?: unknown }).code }, 'the client went away');
    else request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: INTERNAL_ERROR });
  });
}

/** The largest id of a PostgreSQL serial column: a larger number names nothing, and the database would refuse it. */
export const MAX_SERIAL_ID = MAX_INTEGER;

/** The positive integer id a route's parameter `key` holds; anything else names nothing: 404 `notFound`. */
export function idParam(params: unknown, key: string, notFound: string): number {
  const id = Number((params as Record<string, string | undefined>)[key]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_SERIAL_ID) throw new HttpError(404, notFound);
  return id;
}
