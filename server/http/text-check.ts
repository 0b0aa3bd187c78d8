// The one check of text at the edge (decision 059): PostgreSQL cannot store the character U+0000 in text or
// jsonb, and a lone UTF-16 surrogate is not Unicode at all (the driver would send U+FFFD, or the database
// refuse it); either reached the database as a 500. Every JSON body and query string under /api and /auth/v1
// is checked here once, before its handler, instead of in each of the 80-odd schemas.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readDeclaredInput } from './contract.ts';
import { HttpError } from './errors.ts';

/** A surrogate that is not half of a pair: with the u flag, a pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether `text` holds U+0000 or a lone surrogate. */
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const CHECKED_PREFIXES = ['/api/', '/auth/v1/'];

/** The sentence for a field that holds such text; `field` is its path in the body or query (a.b.0.c). */
function unstorableSentence(field: string | undefined): string {
  return `${field || 'The request'} must not contain the character U+0000 or an unpaired surrogate.`;
}

/**
 * The path of the first string (a value or a key) in `value` that holds U+0000 or a lone surrogate: '' for the
 * value itself, undefined if there is none. Walked without recursion: a body of 1 MB may nest half a million
 * levels deep, which would overflow the stack.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push([current[index], path ? `${path}.${index}` : String(index)]);
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current).reverse()) {
        const at = path ? `${path}.${key}` : key;
        if (isUnstorable(key)) return path || 'A field name';
        pending.push([item, at]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, with 400 and a sentence naming the field, a request whose query or JSON body holds such text. A
 * declared endpoint's own schemas are asked first, so a field whose schema already refuses control
 * characters keeps its sentence ("Full name must not contain control characters."); that costs a second
 * parse only for a request that is refused anyway.
 */
export function registerTextCheck(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise each.
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      checkText(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

function checkText(request: FastifyRequest): void {
  if (!CHECKED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
  const inQuery = unstorableTextAt(request.query);
  const inBody = inQuery === undefined ? unstorableTextAt(request.body) : undefined;
  const field = inQuery ?? inBody;
  if (field === undefined) return;
  const endpoint = request.routeOptions.config.endpoint;
  if (endpoint) readDeclaredInput(endpoint, request); // throws the schema's own sentence, if it has one
  throw new HttpError(400, unstorableSentence(field));
}
