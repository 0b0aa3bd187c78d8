// The measured work of a benchmark runs in child processes: each one's peak memory and CPU time are its own,
// not the parent's (which holds the load generator's results and the PostgreSQL supervisor), and a load
// generator in a process of its own does not take event-loop time from the server it measures.
//
// The children run as production runs the server: bundled by esbuild (as scripts/build-server.mjs does) and
// started with plain node. Under tsx they would pay for its loader (~20–30 MB of RSS and a hooks thread) and
// for esbuild's keepNames wrappers (__name): the dictionary's mapper took 18.3 s under tsx against 14.4 s
// bundled.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const DICTIONARY_IMPORT_WORKER = new URL('../server/dictionary/dictionary-import-worker.ts', import.meta.url);

/**
 * The children of one benchmark: its scripts (`<dir>/<script>.ts`), bundled under node_modules/.cache (so that
 * the bundles find the packages they leave out, as dist/server/main.js does) and started from there.
 */
export function benchChildren<Script extends string>(name: string, dir: URL, scripts: readonly Script[]) {
  const bundleDir = fileURLToPath(
    new URL(`../node_modules/.cache/catamaran-bench-${name}/`, import.meta.url),
  );
  const bundle = (script: Script) => `${bundleDir}${script}.mjs`;
  return {
    /** Bundles the child scripts; runChild and startChild start the bundles. */
    async bundleChildren(): Promise<void> {
      await build({
        entryPoints: [
          ...scripts.map((script) => ({ in: fileURLToPath(new URL(`./${script}.ts`, dir)), out: script })),
          // Beside every bundle, as beside dist/server/main.js: a child that imports a dictionary (the demo's
          // seeding among them) parses its lines on this worker too (server/dictionary/lines-off-thread.ts).
          { in: fileURLToPath(DICTIONARY_IMPORT_WORKER), out: 'dictionary-import-worker' },
        ],
        outdir: bundleDir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
      });
    },
    runChild: <Result>(script: Script, input: unknown, execArgv: readonly string[] = []) =>
      runChild<Result>(bundle(script), script, input, execArgv),
    startChild: <Request extends object, Answer extends { kind: string }>(
      script: Script,
      execArgv: readonly string[] = [],
      env: Record<string, string> = {},
    ) => startChild<Request, Answer>(bundle(script), script, execArgv, env),
  };
}

/**
 * The Node.js flags `npm start` runs the server with (package.json), for the children that serve what is
 * measured: a benchmark measures the server as it runs in production, V8's heap settings included.
 */
export function productionNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...words] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node')
    throw new Error(`npm start runs ${command}, not node: the benchmarks cannot copy its flags`);
  return words.filter((word) => word.startsWith('--'));
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

/** What a child run answers: its result and its memory. */
export type ChildRun<Result> = { result: Result; memory: ChildMemory };

type Reply<Result> = { ok: true; result: Result; memory: ChildMemory } | { ok: false; error: string };

const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Runs a child script's bundle in a Node process of its own, sends it `input` and resolves with what it
 * answers. `execArgv` adds Node flags (e.g. --cpu-prof).
 */
function runChild<Result>(
  file: string,
  script: string,
  input: unknown,
  execArgv: readonly string[],
): Promise<ChildRun<Result>> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
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

/** A long-lived child (a serve.ts) as its parent sees it. */
export interface StartedChild<Request extends object, Answer extends { kind: string }> {
  /** Sends a message and resolves with its reply. */
  ask(request: Request): Promise<Answer>;
  /** Sends a message and resolves with its reply, which must be of `kind` (another kind is an error). */
  expect<Kind extends Answer['kind']>(request: Request, kind: Kind): Promise<Extract<Answer, { kind: Kind }>>;
  /** Settles when the child is gone. */
  exited: Promise<void>;
}

/** Starts a long-lived child script's bundle (a serve.ts) that answers each message with one reply, in order. */
function startChild<Request extends object, Answer extends { kind: string }>(
  file: string,
  script: string,
  execArgv: readonly string[],
  env: Record<string, string>,
): StartedChild<Request, Answer> {
  const child = fork(file, [], {
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
  const ask = (request: Request) =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.send(request);
    });
  return {
    ask,
    async expect(request, kind) {
      const reply = await ask(request);
      if (reply.kind !== kind) throw new Error(`${script} answered ${reply.kind}`);
      return reply as Extract<Answer, { kind: typeof kind }>;
    },
    exited,
  };
}
