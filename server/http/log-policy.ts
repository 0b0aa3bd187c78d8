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

/**
 * Fastify's request lines, but an answer the client did not wait for (it closed the connection) is logged as
 * info, not as an error: nothing failed on our side.
 */
export class CauseLogController extends LogController {
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error && isClientAbort(error)) {
      if (this.isLogDisabled(request)) return;
      const code = (error as { code?: unknown }).code;
      reply.log.info({ res: reply, code, responseTime: reply.elapsedTime }, 'the client went away');
      return;
    }
    super.requestCompleted(error, request, reply, metadata);
  }
}
