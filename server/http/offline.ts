// The two headers of a change the outbox may send late (decision 084), for route() on a declaration marked
// `offline`: `Occurred-At` says when it was done, `Idempotency-Key` makes a retry count once. Without either,
// the endpoint does what it always did.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Endpoint, successStatus } from '#common/contract.ts';
import {
  countedAt,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENT_REPLAYED_HEADER,
  OCCURRED_AT_HEADER,
  type Parsed,
  parseIdempotencyKey,
  parseOccurredAt,
} from '#common/offline.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { HttpError } from './errors.ts';
import {
  claimKey,
  fingerprintOf,
  IN_FLIGHT_RETRY_AFTER_SECONDS,
  type RememberedAnswer,
  rememberAnswer,
} from './idempotency.ts';

/** What the handler of an offline endpoint is given beside its ids, query and body. */
export interface OfflineInput {
  /**
   * When the learner made the change: the Occurred-At header, no more than 7 days back, and now when it is a
   * little ahead. Undefined when none was sent: now, by the database's clock, as before the outbox.
   */
  occurredAt: Date | undefined;
  /** The Idempotency-Key, in lower case; undefined when none was sent. */
  key: string | undefined;
  /**
   * Where the change is written: the transaction that records its key, so both commit or neither does, or the
   * database when no key was sent. Reads of what the change wrote go through it too.
   */
  db: Database | Transaction;
}

/** A change that came with a key, for a route's quicker way (RouteOptions.keyed): the key, as claimKey takes it. */
export interface KeyedChange {
  key: string;
  /** When it was done, held to the limits (checkedOccurredAt). */
  occurredAt: Date | undefined;
  /** The declaration's method and path, as the key is kept. */
  endpoint: string;
  fingerprint: string;
}

/** The headers as sent, each checked for its form: 400 with a sentence for a key or a moment that is not one. */
export function readOfflineHeaders(headers: FastifyRequest['headers']): {
  key: string | undefined;
  occurredAt: Date | undefined;
} {
  return {
    key: accepted(parseIdempotencyKey(single(headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]))),
    occurredAt: accepted(parseOccurredAt(single(headers[OCCURRED_AT_HEADER.toLowerCase()]))),
  };
}

/** A header sent twice is refused by its parser: its values joined are not one key or one moment. */
function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header.join(', ') : header;
}

function accepted<T>(parsed: Parsed<T>): T | undefined {
  if ('error' in parsed) throw new HttpError(400, parsed.error);
  return parsed.value;
}

function withinLimits(occurredAt: Date | undefined): { ok: true; at: Date | undefined } | { ok: false } {
  try {
    return { ok: true, at: checkedOccurredAt(occurredAt) };
  } catch {
    return { ok: false };
  }
}

/** When a change counts: its Occurred-At held to the limits (400 past them), or undefined for now. */
export function checkedOccurredAt(occurredAt: Date | undefined, now = Date.now()): Date | undefined {
  if (occurredAt === undefined) return undefined;
  return accepted(countedAt(occurredAt, now));
}

interface OfflineRequest {
  scope: FastifyInstance;
  contract: Endpoint;
  request: FastifyRequest;
  reply: FastifyReply;
  input: { ids: unknown; query: unknown; body: unknown };
}

/**
 * Runs the handler of an offline endpoint and answers as route() does (`answer`). With a key, the handler runs
 * inside a transaction that first claims the key: a key answered before is answered the same again, with the
 * Idempotent-Replayed header, and nothing runs; a new one runs the change and keeps its answer in the same
 * transaction. Occurred-At is held to its limits only for a change that runs: a retry of one counted on day 6
 * is answered on day 8 too.
 */
export async function answerOffline(
  { scope, contract, request, reply, input }: OfflineRequest,
  run: (offline: OfflineInput) => unknown,
  answer: (result: unknown, reply: FastifyReply) => unknown,
  quick?: (change: KeyedChange) => Promise<unknown>,
): Promise<unknown> {
  const { key, occurredAt } = readOfflineHeaders(request.headers);
  if (key === undefined) {
    return answer(await run({ key, occurredAt: checkedOccurredAt(occurredAt), db: scope.db }), reply);
  }
  const keyed = {
    userId: viewerOf(request).userId,
    key,
    endpoint: `${contract.method} ${contract.path}`,
    fingerprint: fingerprintOf(input),
  };
  // A moment past the limits may still be a retry of a change counted in time: only the transaction knows.
  const inTime = withinLimits(occurredAt);
  if (quick && inTime.ok) {
    const done = await quick({
      key,
      occurredAt: inTime.at,
      endpoint: keyed.endpoint,
      fingerprint: keyed.fingerprint,
    });
    if (done !== undefined) return answer(done, reply);
  }
  try {
    const outcome = await scope.db.transaction(async (tx) => {
      const before = await claimKey(tx, keyed);
      if (before) return { before };
      const result = await run({ key, occurredAt: checkedOccurredAt(occurredAt), db: tx });
      await rememberAnswer(tx, keyed, answerToRemember(contract, reply, result));
      return { result };
    });
    if (!outcome.before) return answer(outcome.result, reply);
    reply.status(outcome.before.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return outcome.before.body === null ? reply.send() : outcome.before.body;
  } catch (error) {
    if (error instanceof HttpError && error.message === IDEMPOTENCY_KEY_IN_FLIGHT) {
      reply.header('Retry-After', String(IN_FLIGHT_RETRY_AFTER_SECONDS));
    }
    throw error;
  }
}

/** The status and JSON body route() is about to send for `result` (as its `answer` works them out). */
function answerToRemember(contract: Endpoint, reply: FastifyReply, result: unknown): RememberedAnswer {
  const status = reply.statusCode === 200 ? successStatus(contract) : reply.statusCode;
  if (contract.response === 'none' || result === undefined) return { status, body: null };
  if (typeof result === 'string' || Buffer.isBuffer(result))
    return { status, body: JSON.parse(String(result)) };
  return { status, body: result };
}
