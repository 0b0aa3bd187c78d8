// The servers the load is aimed at, in a child process of their own, bundled and run with plain node as
// production runs (child.ts): the real app in production mode, and bare Fastify routes that answer a fixed
// body (the baselines), with or without the app's compression. The parent asks for each one's origin and for
// this process's CPU time, so that a load run is charged to the server alone.
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import {
  type AppInput,
  answerParent,
  benchAppConfig,
  type CommonReply,
  type CommonRequest,
  listen,
} from '../serve.ts';

export type ServeInput = AppInput;

export interface BareInput {
  method: 'GET' | 'POST';
  body: string;
  /** Registers @fastify/compress as the app does (over 1 KB, br or gzip); false: the bytes as they are. */
  isCompressed: boolean;
}

export type ServeRequest =
  | { kind: 'start'; input: ServeInput }
  | { kind: 'bare'; input: BareInput }
  | CommonRequest;

export type ServeReply = { kind: 'started'; origin: string } | { kind: 'bare'; origin: string } | CommonReply;

async function start(input: ServeInput): Promise<ServeReply> {
  const app = await buildApp(benchAppConfig(input));
  return { kind: 'started', origin: await listen(app) };
}

async function bare(input: BareInput): Promise<ServeReply> {
  const server = Fastify({ logger: false });
  // The app's compression, with the options server/app.ts registers it with.
  if (input.isCompressed)
    await server.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Any path: the baseline answers every request of the list it replaces with the same body.
  server.route({
    method: input.method,
    url: '/*',
    handler: (_request, reply) => reply.type('application/json; charset=utf-8').send(input.body),
  });
  return { kind: 'bare', origin: await listen(server) };
}

answerParent<ServeRequest>((request) =>
  request.kind === 'start' ? start(request.input) : bare(request.input),
);
