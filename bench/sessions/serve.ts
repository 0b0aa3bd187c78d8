// One side of the comparison, in a child process of its own, bundled and run with plain node as production runs
// (bench/child.ts): the app in production mode, with the session check (as it ships) or without it
// (`checkSessions: false`: the guard before issue 20, the token alone). The parent starts one child per side,
// so each side's heap, collections and CPU time are its own. Each child counts the queries its app sends: the
// difference between the sides is what the session check asks of the database, whatever it asks.
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import {
  type AppInput,
  answerParent,
  benchAppConfig,
  type CommonReply,
  type CommonRequest,
  listen,
} from '../serve.ts';

export interface ServeInput extends AppInput {
  checkSessions: boolean;
}

export type ServeRequest = { kind: 'start'; input: ServeInput } | { kind: 'queries' } | CommonRequest;

export type ServeReply =
  | { kind: 'started'; origin: string }
  | { kind: 'queries'; count: number }
  | CommonReply;

let queries = 0;

// Every query goes through pg's Client.query (the pool's too, and drizzle's): counted there, on both sides alike.
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  queries++;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

async function start(input: ServeInput): Promise<ServeReply> {
  const app = await buildApp(benchAppConfig(input), { checkSessions: input.checkSessions });
  return { kind: 'started', origin: await listen(app) };
}

answerParent<ServeRequest>(async (request) =>
  request.kind === 'start' ? start(request.input) : { kind: 'queries', count: queries },
);
