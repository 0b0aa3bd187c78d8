// The load generator and the servers it loads run in child processes of their own, bundled by esbuild and
// started with plain node, as production runs the server (bench/dictionary/child.ts says why: no tsx loader,
// no keepNames wrappers). Each one's CPU time is its own, and the load generator does not share an event loop
// with the server it measures.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The child scripts, beside this file. */
export type ChildScript = 'load' | 'serve';
const SCRIPTS: readonly ChildScript[] = ['load', 'serve'];

// Under node_modules so that the bundles find the packages they leave out, as dist/server/main.js does.
const BUNDLE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/catamaran-bench-reading/', import.meta.url),
);

/** Bundles the child scripts; runChild and startChild start the bundles. */
export async function bundleChildren(): Promise<void> {
  await build({
    entryPoints: SCRIPTS.map((script) => fileURLToPath(new URL(`./${script}.ts`, import.meta.url))),
    outdir: BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

type Reply<Result> = { ok: true; result: Result } | { ok: false; error: string };

/** Runs a child script's bundle in a Node process of its own, sends it `input`, resolves with its answer. */
export function runChild<Result>(script: ChildScript, input: unknown): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(`${BUNDLE_DIR}${script}.mjs`, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let reply: Reply<Result> | undefined;
    child.on('message', (message) => {
      reply = message as Reply<Result>;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (reply?.ok) resolve(reply.result);
      else if (reply) reject(new Error(`${script} failed: ${reply.error}`));
      else reject(new Error(`${script} exited (${signal ?? code}) without an answer`));
    });
    child.send(input as object);
  });
}

/** The child's side of runChild: waits for its input, runs `work`, answers, then exits. */
export function serveChild<Input, Result>(work: (input: Input) => Promise<Result>): void {
  process.once('message', (input) => {
    work(input as Input).then(
      (result) => send({ ok: true, result }),
      (error: unknown) =>
        send({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}

function send(reply: Reply<unknown>): void {
  // Exits once the reply is out: a socket left open must not keep the child (and the run) alive.
  process.send?.(reply, () => process.exit(0));
}

/**
 * Starts a long-lived child script's bundle (serve.ts) that answers each message with one reply, in order;
 * `ask` sends a message and resolves with its reply; `exited` settles when the child is gone. `execArgv` adds
 * Node flags (--cpu-prof).
 */
export function startChild<Request extends object, Answer extends { kind: string }>(
  script: ChildScript,
  execArgv: readonly string[] = [],
  env: Record<string, string> = {},
): { ask(request: Request): Promise<Answer>; exited: Promise<void> } {
  const child = fork(`${BUNDLE_DIR}${script}.mjs`, [], {
    execArgv: [...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { resolve(reply: Answer): void; reject(error: Error): void }[] = [];
  child.on('message', (message) => {
    const reply = message as Answer & { error?: string };
    const next = waiting.shift();
    if (reply.kind === 'failed') next?.reject(new Error(`${script} failed: ${reply.error}`));
    else next?.resolve(reply);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    for (const next of waiting.splice(0)) next.reject(new Error(`${script} exited without an answer`));
  });
  return {
    ask(request) {
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.send(request);
      });
    },
    exited,
  };
}
