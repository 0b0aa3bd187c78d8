// A PostgreSQL left running by a Catamaran that died (`kill -9`, a crash, an out-of-memory kill) holds the data
// folder's lock, and would keep every later start from using its own database. Each start records its process
// id beside the folder (`postgres.owner`); a later start compares it with the running postmaster's parent: the
// postmaster a live Catamaran started is that Catamaran's child, an orphan's parent is init or a subreaper.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a start finds in the data folder: nothing running, an orphan to stop, or a live owner's cluster. */
export type LockVerdict =
  | { kind: 'free' }
  | { kind: 'orphan'; pid: number }
  | { kind: 'owned'; pid: number; ownerPid: number | undefined };

export interface LockFacts {
  /** The postmaster named by postmaster.pid, when that process is alive. */
  postmasterPid: number | undefined;
  /** Its parent process, when it could be read. */
  parentPid: number | undefined;
  /** The Catamaran that started it, from the owner file; undefined when there is none. */
  ownerPid: number | undefined;
}

/**
 * The rule: the cluster is an orphan when the Catamaran that recorded itself as its owner is no longer its
 * parent (that Catamaran died, and the postmaster was handed to init or a subreaper). Without an owner file
 * (a cluster started by something else) only a postmaster whose parent is init counts as an orphan.
 */
export function judgeLock(facts: LockFacts): LockVerdict {
  const { postmasterPid: pid, parentPid, ownerPid } = facts;
  if (pid === undefined) return { kind: 'free' };
  if (parentPid === undefined) return { kind: 'owned', pid, ownerPid };
  if (ownerPid === undefined)
    return parentPid === 1 ? { kind: 'orphan', pid } : { kind: 'owned', pid, ownerPid };
  return parentPid === ownerPid ? { kind: 'owned', pid, ownerPid } : { kind: 'orphan', pid };
}

export function ownerFile(dir: string): string {
  return `${dir}.owner`;
}

/** Records this process as the owner of the cluster it has just started in `dir`. */
export async function recordOwner(dir: string): Promise<void> {
  await writeFile(ownerFile(dir), `${process.pid}\n`, { mode: 0o600 });
}

/** Forgets the owner once the cluster has stopped cleanly. */
export async function forgetOwner(dir: string): Promise<void> {
  await rm(ownerFile(dir), { force: true });
}

/** The facts about `dir`'s lock: the live postmaster it names, that one's parent, and the recorded owner. */
export async function readLockFacts(dir: string): Promise<LockFacts> {
  const none = { postmasterPid: undefined, parentPid: undefined, ownerPid: undefined };
  const lockFile = join(dir, 'postmaster.pid');
  if (!existsSync(lockFile)) return none;
  const pid = positive((await readFile(lockFile, 'utf8')).split('\n')[0]);
  if (pid === undefined || !isAlive(pid)) return none; // a stale lock from a crash; PostgreSQL clears it itself
  const owner = existsSync(ownerFile(dir)) ? positive(await readFile(ownerFile(dir), 'utf8')) : undefined;
  return { postmasterPid: pid, parentPid: await parentOf(pid), ownerPid: owner };
}

/**
 * Stops an orphaned postmaster cleanly (SIGINT: PostgreSQL's fast shutdown, which writes a checkpoint) and waits
 * until it is gone; rejects if it is still there after `timeoutMs`.
 */
export async function stopOrphan(dir: string, pid: number, timeoutMs = 60_000): Promise<void> {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  // Not our child, so no exit event: it is gone when its lock file is (a clean stop removes it) or it is.
  while (isAlive(pid) && existsSync(join(dir, 'postmaster.pid'))) {
    if (Date.now() > deadline)
      throw new Error(
        `The orphaned PostgreSQL (process ${pid}) on ${dir} did not stop in time; stop it by hand.`,
      );
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but someone else's
  }
}

/** A process's parent: from /proc on Linux, from ps elsewhere; undefined when neither can tell. */
async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
    return positive(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      return positive((await run('ps', ['-o', 'ppid=', '-p', String(pid)])).stdout);
    } catch {
      return undefined;
    }
  }
}

function positive(text: string | undefined): number | undefined {
  const value = Number(text?.trim());
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
