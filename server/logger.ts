import { pino } from 'pino';
import type { Config } from '#server/config.ts';

export type Logger = pino.Logger;

/** What stands in for a value a log line must not carry. */
const REDACTED = '[redacted]';

// An address anywhere in a text: an error's message, a URL, a detail the database wrote.
const EMAIL = /[^\s@"'<>()[\]{},;:=&?/\\]+@[^\s@"'<>()[\]{},;:=&?/\\]+\.[^\s@"'<>()[\]{},;:=&?/\\]+/g;

/** Keys of an error whose values are what was sent (a query's parameters, a failing row): never logged. */
const ERROR_VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'body', 'payload']);

/** `text` with e-mail addresses masked, and a failed query's parameters (Drizzle appends them) left out. */
function withoutPersonalData(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`).replace(EMAIL, REDACTED);
}

/**
 * A request's URL for the log: its path, and the names of its query's parameters without their values (an
 * address, a word looked up, a file's name are the sender's, not the log's).
 */
export function urlForLog(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return withoutPersonalData(url);
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=', 1)[0]}=*`);
  return withoutPersonalData(`${url.slice(0, mark)}?${names.join('&')}`);
}

/** An error as pino serializes it, then scrubbed: values the sender sent left out, addresses masked. */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutPersonalData(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      ERROR_VALUE_KEYS.has(key) ? REDACTED : scrubbed(item, depth + 1),
    ]),
  );
}

/** A request as Fastify logs it, with its query's values and any address left out. */
function requestForLog(request: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlForLog(request.url),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * JSON lines on standard output; request lines carry `requestId`. Personal data stays out (decision 059):
 * secrets in headers, bodies, e-mail addresses, the values of query strings, and the values a failed query
 * was sent.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'body',
        'req.body',
        'email',
        '*.email',
        'feedback_text',
        '*.feedback_text',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: requestForLog,
      err: (error: Error) => scrubbed(pino.stdSerializers.err(error)),
    },
  };
  return stream ? pino(options, stream) : pino(options);
}
