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

declare module 'fastify' {
  interface FastifyInstance {
    /** True in tests: every answer of a declared endpoint is checked against its response schema. */
    checksAnswers: boolean;
    /** True on the scope whose guard lets only administrators through (registered once, by requireAdmin). */
    isAdminScope: boolean;
  }
}

/** What a handler receives: the path's ids, and the query and body, each parsed by its schema. */
export interface ContractInput<E extends Endpoint> {
  ids: { readonly [Name in keyof NonNullable<E['ids']> & PathParamName<E['path']>]: number };
  query: Declared<E['query']> extends z.ZodType ? z.output<Declared<E['query']>> : undefined;
  body: Declared<E['body']> extends z.ZodType ? z.output<Declared<E['body']>> : undefined;
}

export interface RouteOptions<E extends Endpoint> {
  /** Route config beside what the declaration implies (rate limits, say). */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /**
   * A hand-written reader of the query for a hot endpoint: the schema's value for a valid query, or undefined,
   * and the schema then parses it (so refusals keep its sentences). A test holds the reader to the schema.
   */
  readQuery?: (query: unknown) => ContractInput<E>['query'] | undefined;
}

type Handler<E extends Endpoint> = (
  input: ContractInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<HandlerResultOf<E>> | HandlerResultOf<E>;

/**
 * Registers the route of a declared endpoint on a scope: the path (relative to the scope's prefix), who may
 * call it, the ids, query and body parsed in that order (a bad id is a 404 before a bad body is a 400), and
 * the answer sent with the declared status, checked against the declared schema in tests.
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
  };
  const status = successStatus(contract);
  scope.route({
    method: contract.method,
    url,
    config,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const input = readInput(contract, request, options.readQuery);
      const result = await handler(input, request, reply);
      if (reply.sent) return reply;
      // An endpoint answering 200 by default may answer 201 for a row it made (set by its handler first).
      if (reply.statusCode === 200) reply.status(status);
      if (contract.response === 'none') return reply.send();
      if (scope.checksAnswers && typeof contract.response === 'object') checkAnswer(contract, result);
      return reply.send(result);
    },
  });
}

/** The route's path inside the scope; a declaration registered in the wrong scope fails at start-up. */
function pathInScope(scope: FastifyInstance, contract: Endpoint): string {
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

function readInput<E extends Endpoint>(
  contract: E,
  request: FastifyRequest,
  readQuery: RouteOptions<E>['readQuery'],
): ContractInput<E> {
  const ids: Record<string, number> = {};
  for (const [name, notFound] of Object.entries(contract.ids ?? {})) {
    ids[name] = idParam(request.params, name, notFound as string);
  }
  const query =
    contract.query === undefined
      ? undefined
      : (readQuery?.(request.query) ?? parseInput(contract.query, request.query ?? {}));
  const body =
    contract.body === undefined || contract.body === 'multipart'
      ? undefined
      : parseInput(contract.body, request.body ?? {});
  return { ids, query, body } as ContractInput<E>;
}

/** In tests, an answer its schema refuses is the server's fault: it fails loudly as a 500. */
function checkAnswer(contract: Endpoint, result: unknown): void {
  const schema = contract.response as z.ZodType;
  const checked = schema.safeParse(result);
  if (!checked.success) {
    throw new Error(
      `${contract.method} ${contract.path} answered outside its schema: ${checked.error.message}`,
    );
  }
}
