// An endpoint of the API declared once: its method, path, who may call it, and the schemas of what goes in
// and comes out. The server registers its route from the declaration (server/http/contract.ts) and the web
// app calls it through the same declaration (web/lib/call.ts), so the two cannot drift apart.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` anyone, without a token; `public-reads-token` anyone, and a token when sent names the
 * caller; `signed-in` a learner with a valid token; `admin` an administrator.
 */
export type Access = 'public' | 'public-reads-token' | 'signed-in' | 'admin';

/** What a successful answer carries: JSON of a schema, a file (bytes), or nothing (204). */
export type Answer = z.ZodType | 'file' | 'none';

export interface Endpoint<
  Path extends string = string,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | 'multipart' | undefined = z.ZodType | 'multipart' | undefined,
  Response extends Answer = Answer,
  Verb extends Method = Method,
  Offline extends boolean = boolean,
> {
  readonly method: Verb;
  /** The full path, `/api/…` with its trailing slash, `:name` for a path parameter. */
  readonly path: Path;
  readonly access: Access;
  /**
   * Each path parameter that names a row by its id, with the sentence a 404 answers when the id is not a
   * valid one (a path that cannot name a row is a missing row, not bad input).
   */
  readonly ids?: { readonly [Name in PathParamName<Path>]?: string };
  readonly query?: Query;
  /** A JSON body's schema, or `multipart` for a form with a file, which its route reads as a stream. */
  readonly body?: Body;
  readonly response: Response;
  /** The status of a successful answer: 200 unless declared (201 for a creation, 204 for `none`). */
  readonly status?: 200 | 201 | 202 | 204;
  /**
   * A change the web app's outbox may send later (decision 084): it accepts the `Idempotency-Key` and
   * `Occurred-At` headers (common/offline.ts), so a retry counts once and a change counts when it was made.
   */
  readonly offline?: Offline;
}

/** The names of a path's `:parameters`. */
export type PathParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path's parameters take: ids as numbers, anything else as text. */
export type PathParams<Path extends string> = { readonly [Name in PathParamName<Path>]: number | string };

/** The schema an endpoint declares for a part of the request, or undefined when it declares none. */
export type Declared<Part> = [Exclude<Part, undefined>] extends [never]
  ? undefined
  : Exclude<Part, undefined>;

/** What a successful call answers, as the client reads it. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['response'] extends 'file'
    ? Blob
    : undefined;

/** What a handler answers, before its schema has checked it. */
export type HandlerResultOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : E['response'] extends 'none'
    ? undefined
    : unknown;

/** Declares an endpoint; the identity, typed, so a declaration keeps its literal method, path and schemas. */
export function endpoint<
  const Path extends string,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | 'multipart' | undefined = undefined,
  Response extends Answer = 'none',
  const Verb extends Method = Method,
  const Offline extends boolean = false,
>(
  declaration: Endpoint<Path, Query, Body, Response, Verb, Offline>,
): Endpoint<Path, Query, Body, Response, Verb, Offline> {
  return declaration;
}

/** The path with its parameters filled in (each encoded), as a client sends it. */
export function pathOf<Path extends string>(path: Path, params: PathParams<Path> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = (params as Record<string, number | string> | undefined)?.[name];
    if (value === undefined) throw new Error(`${path} needs its parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** The status a successful answer of the endpoint has. */
export function successStatus(declaration: Pick<Endpoint, 'status' | 'response'>): number {
  return declaration.status ?? (declaration.response === 'none' ? 204 : 200);
}
