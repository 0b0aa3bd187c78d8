// The measured work runs in child processes: each one's peak memory is its own, not the parent's (which holds
// the app, the load generator's results and the PostgreSQL supervisor), and a load generator in a process of
// its own does not take event-loop time from the server it measures.
//
// The children run as production runs the server: bundled by esbuild (as scripts/build-server.mjs does) and
// started with plain node. Under tsx they would pay for its loader (~20–30 MB of RSS and a hooks thread) and
// for esbuild's keepNames wrappers (__name): the mapper took 18.3 s under tsx against 14.4 s bundled.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The child scripts, beside this file. */
export type ChildScript = 'baseline' | 'import' | 'stages' | 'load' | 'serve';
const SCRIPTS: readonly ChildScript[] = ['baseline', 'import', 'stages', 'load', 'serve'];

// Under node_modules so that the bundles find the packages they leave out, as dist/server/main.js does.
const BUNDLE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/catamaran-bench-dictionary/', import.meta.url),
);

/** Bundles the child scripts; runChild starts the bundles. */
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

/** What every child reports beside its result: its peak memory, from the kernel and from V8. */
export interface ChildMemory {
  /** Peak resident set size of the child (process.resourceUsage().maxRSS), MB. */
  peakRssMB: number;
  /** RSS once the child's modules were loaded, before any work: the floor under the peak. */
  startRssMB: number;
  /** Highest V8 heap in use and highest off-heap memory (Buffers) seen by a 100 ms sampler, MB. */
  peakHeapUsedMB: number;
  peakExternalMB: number;
}

type Reply<Result> = { ok: true; result: Result; memory: ChildMemory } | { ok: false; error: string };

const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Runs a child script's bundle (see bundleChildren) in a Node process of its own, sends it `input` and resolves
 * with what it answers. `execArgv` adds Node flags (e.g. --cpu-prof).
 */
export function runChild<Result>(
  script: ChildScript,
  input: unknown,
  execArgv: readonly string[] = [],
): Promise<{ result: Result; memory: ChildMemory }> {
  return new Promise((resolve, reject) => {
    const child = fork(`${BUNDLE_DIR}${script}.mjs`, [], {
      execArgv: [...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let reply: Reply<Result> | undefined;
    child.on('message', (message) => {
      reply = message as Reply<Result>;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (reply?.ok) resolve({ result: reply.result, memory: reply.memory });
      else if (reply) reject(new Error(`${script} failed: ${reply.error}`));
      else reject(new Error(`${script} exited (${signal ?? code}) without an answer`));
    });
    child.send(input as object);
  });
}

/** The child's side: waits for its input, runs `work`, answers with the result and its memory, then exits. */
export function serveChild<Input, Result>(work: (input: Input) => Promise<Result>): void {
  const startRss = process.memoryUsage.rss();
  let peakHeapUsed = 0;
  let peakExternal = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakHeapUsed = Math.max(peakHeapUsed, usage.heapUsed);
    peakExternal = Math.max(peakExternal, usage.external);
  };
  const sampler = setInterval(sample, 100);
  process.once('message', (input) => {
    work(input as Input).then(
      (result) => {
        clearInterval(sampler);
        sample();
        const memory: ChildMemory = {
          peakRssMB: round(process.resourceUsage().maxRSS / 1024),
          startRssMB: round(startRss / MB),
          peakHeapUsedMB: round(peakHeapUsed / MB),
          peakExternalMB: round(peakExternal / MB),
        };
        send({ ok: true, result, memory });
      },
      (error: unknown) => {
        clearInterval(sampler);
        send({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      },
    );
  });
}

function send(reply: Reply<unknown>): void {
  // Exits once the reply is out: a pool or a socket left open must not keep the child (and the run) alive.
  process.send?.(reply, () => process.exit(0));
}

/**
 * Starts a long-lived child script's bundle (serve.ts) that answers each message with one reply, in order;
 * `ask` sends a message and resolves with its reply; `exited` settles when the child is gone.
 */
export function startChild<Request extends object, Reply extends { kind: string }>(
  script: ChildScript,
  execArgv: readonly string[] = [],
): { ask(request: Request): Promise<Reply>; exited: Promise<void> } {
  const child = fork(`${BUNDLE_DIR}${script}.mjs`, [], {
    execArgv: [...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { resolve(reply: Reply): void; reject(error: Error): void }[] = [];
  child.on('message', (message) => {
    const reply = message as Reply & { error?: string };
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
      return new Promise<Reply>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.send(request);
      });
    },
    exited,
  };
}
