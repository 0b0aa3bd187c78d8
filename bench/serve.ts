// What the benchmarks' server children (bench/<name>/serve.ts) share: the servers they start on free ports and
// close at the end, this process's CPU time for the parent to charge a load run with, and the message loop
// that answers the parent's requests one by one, in order.
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

/** The requests every server child answers besides its own. */
export type CommonRequest = { kind: 'cpu' } | { kind: 'stop' };
/** The replies every server child may send besides its own. */
export type CommonReply =
  | { kind: 'cpu'; seconds: number }
  | { kind: 'stopped' }
  | { kind: 'failed'; error: string };

const servers: FastifyInstance[] = [];

/** Starts `server` on a free port of 127.0.0.1 (closed at stop) and answers its origin. */
export async function listen(server: FastifyInstance): Promise<string> {
  servers.push(server);
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
}

/** What every server child starts its app with. */
export interface AppInput {
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
}

/**
 * The configuration a server child runs the app with: production mode, as the site runs (SMTP is required there,
 * but nothing here sends mail), one server, so files on its own disk, and no demo library.
 */
export function benchAppConfig(input: AppInput): AppConfig {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: input.jwtSecret,
    SMTP_URL: 'smtp://127.0.0.1:9',
    STORAGE: 'local',
    DEMO_CONTENT: 'off',
    DATA_DIR: input.dataDir,
  });
  return { ...config, databaseUrl: input.databaseUrl, jwtSecret: input.jwtSecret };
}

/**
 * Answers each message from the parent, in order: 'cpu' with this process's CPU time so far (the parent charges
 * a load run with the difference), 'stop' by closing every server `listen` started and then what `closeMore`
 * closes, and the child's own requests with `answer`'s reply. A failure is answered 'failed' with the error;
 * the child exits once the reply to a 'stop' is out.
 */
export function answerParent<Request extends { kind: string }>(
  answer: (request: Exclude<Request, CommonRequest>) => Promise<object>,
  closeMore: () => Promise<void> = async () => undefined,
): void {
  const reply = async (request: Request): Promise<object> => {
    if (request.kind === 'cpu') {
      const { user, system } = process.cpuUsage();
      return { kind: 'cpu', seconds: (user + system) / 1e6 } satisfies CommonReply;
    }
    if (request.kind === 'stop') {
      for (const server of servers) await server.close();
      await closeMore();
      return { kind: 'stopped' } satisfies CommonReply;
    }
    return answer(request as Exclude<Request, CommonRequest>);
  };
  process.on('message', (request: Request) => {
    reply(request).then(
      (sent) => process.send?.(sent, () => request.kind === 'stop' && process.exit(0)),
      (error: unknown) =>
        process.send?.({
          kind: 'failed',
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
}
