// The servers the lookup load is aimed at, in a child process of their own, bundled and run with plain node as
// production runs (child.ts): the app with its lookup cache, the app without it, the lookup service behind a
// bare route, and a bare Fastify route answering a fixed body (the baseline). The parent asks for each one's
// origin and for this process's CPU time, so that a load run can be charged to the server alone.
import { join } from 'node:path';
import Fastify from 'fastify';
import { LookupQuery } from '../../common/schemas/dictionary.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { lookup } from '../../server/dictionary/lookup/service.ts';
import { type AppInput, answerParent, type CommonReply, type CommonRequest, listen } from '../serve.ts';

export interface ServeInput extends AppInput {
  path: string;
}

export type ServeRequest =
  | { kind: 'start'; input: ServeInput }
  | { kind: 'bare'; body: string }
  | CommonRequest;

export type ServeReply =
  | { kind: 'started'; app: string; uncached: string; direct: string }
  | { kind: 'bare'; origin: string }
  | CommonReply;

const pools: { end(): Promise<void> }[] = [];
let path = '/';

async function start(input: ServeInput): Promise<ServeReply> {
  path = input.path;
  const settings = { LOG_LEVEL: 'silent', JWT_SECRET: input.jwtSecret };
  const app = await buildApp({
    ...loadConfig(settings),
    databaseUrl: input.databaseUrl,
    jwtSecret: input.jwtSecret,
    dataDir: join(input.dataDir, 'cached'),
  });
  const uncached = await buildApp({
    ...loadConfig({ ...settings, DICT_LOOKUP_CACHE_ENTRIES: '0' }),
    databaseUrl: input.databaseUrl,
    jwtSecret: input.jwtSecret,
    dataDir: join(input.dataDir, 'uncached'),
  });
  // The lookup service without the app around it (no token check, security headers, compression, request
  // ids): how much of the app's cost is the database and how much the plumbing.
  const direct = Fastify({ logger: false });
  const database = openDatabase(input.databaseUrl, { max: 10, onIdleError: () => undefined });
  pools.push(database.pool);
  direct.get(path, (request) => lookup(database.pool, LookupQuery.parse(request.query)));
  return {
    kind: 'started',
    app: await listen(app),
    uncached: await listen(uncached),
    direct: await listen(direct),
  };
}

async function bare(body: string): Promise<ServeReply> {
  const server = Fastify({ logger: false });
  server.get(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  return { kind: 'bare', origin: await listen(server) };
}

answerParent<ServeRequest>(
  (request) => (request.kind === 'start' ? start(request.input) : bare(request.body)),
  async () => {
    for (const pool of pools) await pool.end();
  },
);
