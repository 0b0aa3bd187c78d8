import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { BUDGET } from './time.ts';

/** The end-to-end servers' signing secret (production mode requires one). */
export const E2E_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((found, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => found(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the built server (`node dist/server/main.js`) and waits until it says it is running, at most the
 * server-start budget (e2e/support/time.ts).
 */
export async function startBuiltServer(
  env: Record<string, string>,
  timeoutMs = BUDGET.serverStart,
): Promise<RunningServer> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: E2E_JWT_SECRET,
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      // Production asks for a storage choice: one server, files on its own disk (unless S3 is configured).
      STORAGE: process.env.S3_BUCKET ? 's3' : 'local',
      // No load balancer to drain: a test server stops at once (the drain has its own test).
      SHUTDOWN_DRAIN_SECONDS: '0',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`The server did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      if (output.includes('Catamaran is running at')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`The server stopped with exit code ${code} while starting:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
