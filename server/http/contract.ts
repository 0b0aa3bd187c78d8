import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type Declared,
  type Endpoint,
  type HandlerResultOf,
  type PathParamName,
  successStatus,
} from '#common/contract.ts';
import { idParam, parseInput } from './errors.ts';
import { answerOffline, type KeyedChange, type OfflineInput } from './offline.ts';

/** The content type Fastify gives the JSON it serializes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

declare module 'fastify' {
  interface FastifyInstance {
    /** True in tests: every answer of a declared endpoint is checked against its response schema. */
    checksAnswers: boolean;
    /** True on a scope the admin guard keeps to administrators (set by requireAdmin). */
    isAdminScope: boolean;
  }
  interface FastifyContextConfig {
    /** The declaration a route was registered from (route()); a route without one was written by hand. */
    endpoint?: Endpoint;
  }
}

/**
 * What a handler receives: the path's ids, and the query and body, each parsed by its schema; for an endpoint
 * declared `offline`, when the change was made and where to write it (server/http/offline.ts).
 */
export interface ContractInput<E extends Endpoint> {
  ids: { readonly [Name in keyof NonNullable<E['ids']> & PathParamName<E['path']>]: number };
  query: Declared<E['query']> extends z.ZodType ? z.output<Declared<E['query']>> : undefined;
  body: Declared<E['body']> extends z.ZodType ? z.output<Declared<E['body']>> : undefined;
  offline: NonNullable<E['offline']> extends true ? OfflineInput : undefined;
}

export interface RouteOptions<E extends Endpoint> {
  /** Route config beside what the declaration implies (rate limits, say). */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** `false` leaves the compression plugin's hooks off a route whose answers are small (the lookup's). */
  compress?: false;
  decompress?: false;
  /**
   * A hand-written reader of the query for a hot endpoint: the schema's value for a valid query, or undefined,
   * and the schema then parses it (so refusals keep its sentences). A test holds the reader to the schema.
   */
  readQuery?: (query: unknown) => ContractInput<E>['query'] | undefined;
  /**
   * For an offline endpoint: a quicker way to make a change that came with an Idempotency-Key, tried before the
   * transaction of several statements (offline.ts); it must keep the key with the change and its answer, and
   * answers undefined to leave the change to that transaction (the reading-time report's, decision 095).
   */
  keyed?: (
    input: ContractInput<E>,
    request: FastifyRequest,
    change: KeyedChange,
  ) => Promise<Result<E> | undefined>;
}

/**
 * What a handler answers: the schema's input, or that answer already written as JSON, text or UTF-8 bytes (a
 * cache keeps the lookup's as text; the story list's presenter writes bytes); nothing for an endpoint that
 * answers nothing.
 */
type Answered<E extends Endpoint> = E['response'] extends 'none'
  ? Promise<void> | undefined
  : Promise<Result<E>> | Result<E>;
type Result<E extends Endpoint> =
  | HandlerResultOf<E>
  | (E['response'] extends z.ZodType ? string | Buffer : never);

type Handler<E extends Endpoint> = (
  input: ContractInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Answered<E>;

/**
 * Registers the route of a declared endpoint on a scope: the path (relative to the scope's prefix), who may
 * call it, the ids, query and body parsed in that order (a bad id is a 404 before a bad body is a 400), and
 * the answer sent with the declared status, checked against the declared schema in tests. A handler that
 * answers at once is answered at once: no promise is made on its way (the lookup's cache hits).
 */
export function route<E extends Endpoint>(
  scope: FastifyInstance,
  contract: E,
  handler: Handler<E>,
  options: RouteOptions<E> = {},
): void {
  const url = pathInScope(scope, contract);
  const isPublic = contract.access === 'public' || contract.access === 'public-reads-token';
  const config: FastifyContextConfig = {
    ...options.config,
    ...(isPublic ? { public: true } : {}),
    ...(contract.access === 'public-reads-token' ? { readsToken: true } : {}),
    endpoint: contract,
  };
  const status = successStatus(contract);
  const idNames = Object.entries(contract.ids ?? {}) as [string, string][];
  const checks = scope.checksAnswers;
  // What Fastify is handed back: the answer to send, or the reply once it is sent (a file, a 204).
  const answer = (result: unknown, reply: FastifyReply): unknown => {
    if (reply.sent) return reply;
    // An endpoint answering 200 by default may answer 201 for a row it made (set by its handler first).
    if (status !== 200 && reply.statusCode === 200) reply.status(status);
    if (contract.response === 'none' || result === undefined) return reply.send();
    // An answer its handler compressed (the story list's) is checked by the handler's own tests, decompressed.
    if (checks && typeof contract.response === 'object' && !reply.hasHeader('content-encoding'))
      checkAnswer(contract, result);
    // JSON already written (the lookup's cache; the story list's presenter, as bytes) is sent as it is, typed
    // as JSON.
    // Bytes are JSON only where the endpoint answers JSON (a 'file' endpoint's bytes keep their own type).
    const isJsonBytes = Buffer.isBuffer(result) && typeof contract.response === 'object';
    if (typeof result === 'string' || isJsonBytes) reply.type(JSON_TYPE);
    return result;
  };
  scope.route({
    method: contract.method,
    url,
    config,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.compress === undefined ? {} : { compress: options.compress }),
    ...(options.decompress === undefined ? {} : { decompress: options.decompress }),
    handler: (request, reply) => {
      const input = readInput(contract, idNames, request, options.readQuery);
      if (contract.offline) {
        const parts = { scope, contract, request, reply, input };
        const withOffline = (offline: OfflineInput) => ({ ...input, offline }) as ContractInput<E>;
        const keyed = options.keyed;
        const quick = keyed && ((change: KeyedChange) => keyed(input, request, change));
        return answerOffline(
          parts,
          (offline) => handler(withOffline(offline), request, reply),
          answer,
          quick,
        );
      }
      const result = handler(input, request, reply);
      return isPromise(result) ? result.then((value) => answer(value, reply)) : answer(result, reply);
    },
  });
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/** The route's path inside the scope; a declaration registered in the wrong scope fails at start-up. */
function pathInScope(scope: FastifyInstance, contract: Endpoint): string {
  // A change kept in the outbox is a signed-in learner's, answered in JSON (its key is theirs, its answer kept).
  if (contract.offline && (contract.access !== 'signed-in' || contract.response === 'file')) {
    throw new Error(
      `${contract.method} ${contract.path} cannot be offline: only a learner’s JSON change can.`,
    );
  }
  if (!contract.path.startsWith(`${scope.prefix}/`)) {
    throw new Error(`${contract.method} ${contract.path} cannot be registered under ${scope.prefix}.`);
  }
  if ((contract.access === 'admin') !== scope.isAdminScope) {
    throw new Error(
      `${contract.method} ${contract.path} is declared for ${contract.access} callers but registered ` +
        (scope.isAdminScope ? 'behind the admin guard.' : 'without it.'),
    );
  }
  return contract.path.slice(scope.prefix.length);
}

/** No ids: shared by every endpoint without path ids (the lookup among them), made once. */
const NO_IDS: Readonly<Record<string, number>> = Object.freeze({});

function readInput<E extends Endpoint>(
  contract: E,
  idNames: readonly [name: string, notFound: string][],
  request: FastifyRequest,
  readQuery: RouteOptions<E>['readQuery'],
): ContractInput<E> {
  let ids = NO_IDS;
  if (idNames.length > 0) {
    const read: Record<string, number> = {};
    for (const [name, notFound] of idNames) read[name] = idParam(request.params, name, notFound);
    ids = read;
  }
  const query =
    contract.query === undefined
      ? undefined
      : (readQuery?.(request.query) ?? parseInput(contract.query, request.query ?? {}));
  const body =
    contract.body === undefined || contract.body === 'multipart'
      ? undefined
      : parseInput(contract.body, request.body ?? {});
  return { ids, query, body, offline: undefined } as ContractInput<E>;
}

/**
 * The ids, query and body of a request to a declared endpoint, parsed as route() parses them (and refused with
 * the same statuses and sentences); for a check outside the handler that must not pre-empt them.
 */
export function readDeclaredInput(contract: Endpoint, request: FastifyRequest): unknown {
  return readInput(contract, Object.entries(contract.ids ?? {}) as [string, string][], request, undefined);
}

/** In tests, an answer its schema refuses is the server's fault: it fails loudly as a 500. */
function checkAnswer(contract: Endpoint, result: unknown): void {
  const schema = contract.response as z.ZodType;
  // An answer made as JSON text (the lookup's cached answers, the story list) is checked as what it says.
  const written = Buffer.isBuffer(result) ? result.toString('utf8') : result;
  const checked = schema.safeParse(typeof written === 'string' ? JSON.parse(written) : written);
  if (!checked.success) {
    throw new Error(
      `${contract.method} ${contract.path} answered outside its schema: ${checked.error.message}`,
    );
  }
}
