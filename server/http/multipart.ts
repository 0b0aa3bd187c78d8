// The errors reading a multipart form can end in, as sentences: @fastify/multipart's codes are written for
// developers, and busboy's own errors (a missing boundary, a body cut short) carry no status, so the error
// handler would answer them with a 500.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

const FORM_ERRORS: Record<string, [number, string]> = {
  FST_PARTS_LIMIT: [413, 'The form has too many parts.'],
  FST_FILES_LIMIT: [413, 'The form has too many files.'],
  FST_FIELDS_LIMIT: [413, 'The form has too many fields.'],
  FST_PROTO_VIOLATION: [400, 'The form has a field name that is not allowed.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field declared as JSON is not JSON; send the fields as text.'],
  FST_MP_PREMATURE_CLOSE: [400, 'The form was cut short before it ended.'],
};

const SENDER_GONE = 'The upload was cut short: the connection closed before the form arrived.';

const UNREADABLE = 'The form could not be read: send it as multipart/form-data, whole.';

/**
 * An error thrown while a form's parts were read, as the HttpError its sender can act on. Only for errors of
 * the reading itself: anything already an HttpError (a refusal of ours) is kept as it is.
 */
export function formReadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? FORM_ERRORS[code] : undefined;
  if (known) return new HttpError(known[0], known[1]);
  // busboy's own errors: 'Multipart: Boundary not found', 'Unexpected end of form', 'Malformed part header'…
  if (error instanceof Error && (error as { statusCode?: unknown }).statusCode === undefined) {
    return new HttpError(400, UNREADABLE);
  }
  return error;
}

/**
 * A request's form parts, as request.parts(options) gives them (with busboy's limits for this request), but
 * with an error of the reading itself (a missing boundary, a body cut short between parts) turned into its
 * HttpError; errors of whatever handles a part are the handler's own.
 */
export async function* formParts(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['parts']>[0],
): AsyncGenerator<Multipart> {
  // A sender gone before the form is read (its request already closed) would leave @fastify/multipart waiting
  // for a 'close' that has come and gone: the handler would never end.
  if (request.raw.destroyed && !request.raw.complete) throw new HttpError(400, SENDER_GONE);
  const parts = request.parts(options)[Symbol.asyncIterator]();
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw formReadError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}
