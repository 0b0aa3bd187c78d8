// How loud a failure is logged follows its cause (decision 059): the sender's mistake or a sender that went
// away is info, something not set up here is a warning once, and only our own failures are errors.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The codes and messages of a connection the client closed: a reset, a broken pipe, a body cut off. */
const ABORT_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'FST_MP_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
]);
const ABORT_MESSAGES = new Set(['aborted', 'Request aborted', 'Premature close', 'socket hang up']);

/** Whether `error` (or what caused it) says the client went away before the exchange ended. */
export function isClientAbort(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && ABORT_CODES.has(code)) return true;
    if (typeof message === 'string' && ABORT_MESSAGES.has(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const notSetUp = new WeakSet<Error>();

/**
 * Marks an error (a 503) as saying something is not set up on this server (billing without Stripe keys, the web
 * app not built): the operator's to do, not a failure of ours.
 */
export function markNotSetUp<E extends Error>(error: E): E {
  notSetUp.add(error);
  return error;
}

export function isNotSetUp(error: Error): boolean {
  return notSetUp.has(error);
}

const warned = new Set<string>();

/**
 * Logs that something is not set up: a warning the first time a process meets it, so an operator sees it, and
 * info after, so a learner pressing the button again does not fill the log.
 */
export function logNotSetUp(request: FastifyRequest, sentence: string): void {
  if (warned.has(sentence)) {
    request.log.info({ status: 503 }, sentence);
  } else {
    warned.add(sentence);
    request.log.warn({ status: 503 }, sentence);
  }
}

/** The levels at which every request is logged, on arrival and on completion. */
const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** One successful request in this many is logged at the default level (the sampled access log, decision 086). */
export const ACCESS_LOG_EVERY = 100;

/**
 * Fastify's request lines, at most one per request at the default level (decision 086): none on arrival (that
 * line is debug), none for most successful answers (every ACCESS_LOG_EVERY-th is logged, marked `sampled`, as
 * an access log to read rates and latencies from), and one "request completed" line with the request's method
 * and URL for every answer of 400 or more, beside the line its cause logged (server/http/errors.ts). At debug,
 * every request is logged on arrival and on completion. An answer the client did not wait for (it closed the
 * connection) is logged as info, not as an error: nothing failed on our side.
 */
export class CauseLogController extends LogController {
  private successes = 0;

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error && isClientAbort(error)) {
      const code = (error as { code?: unknown }).code;
      reply.log.info({ res: reply, code, responseTime }, 'the client went away');
      return;
    }
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    if (reply.statusCode >= 400 || VERBOSE_LEVELS.has(reply.log.level)) {
      reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
      return;
    }
    this.successes++;
    if (this.successes % ACCESS_LOG_EVERY !== 0) return;
    reply.log.info(
      { req: request, res: reply, responseTime, sampled: ACCESS_LOG_EVERY },
      'request completed',
    );
  }
}
