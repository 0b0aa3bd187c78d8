// One side of the comparison, in a child process of its own, bundled and run with plain node as production runs
// (bench/child.ts): the app in production mode, with the session check (as it ships) or without it
// (`checkSessions: false`: the guard before issue 20, the token alone). The parent starts one child per side,
// so each side's heap, collections and CPU time are its own. Each child counts the queries its app sends: the
// difference between the sides is what the session check asks of the database, whatever it asks.
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type AppInput, answerParent, type CommonReply, type CommonRequest, listen } from '../serve.ts';

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
  // Production mode, as the site runs (bench/reading/serve.ts): SMTP is required there but nothing here sends
  // mail; one server, so files on its own disk.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: input.jwtSecret,
    SMTP_URL: 'smtp://127.0.0.1:9',
    STORAGE: 'local',
    DEMO_CONTENT: 'off',
    DATA_DIR: input.dataDir,
  });
  const app = await buildApp(
    { ...config, databaseUrl: input.databaseUrl, jwtSecret: input.jwtSecret },
    { checkSessions: input.checkSessions },
  );
  return { kind: 'started', origin: await listen(app) };
}

answerParent<ServeRequest>(async (request) =>
  request.kind === 'start' ? start(request.input) : { kind: 'queries', count: queries },
);
