// What both benchmarks measure around a load run, in the parent process: the CPU time the server child,
// PostgreSQL and the load generator spent per request.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { LoadFigures, LoadInput } from './load.ts';

/**
 * CPU seconds used so far by the PostgreSQL cluster (the postmaster, its live backends, and the backends it has
 * reaped), from /proc; undefined where there is no /proc.
 */
export function postgresCpuSeconds(postmasterPid: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // After "pid (comm) ": state ppid … utime stime cutime cstime are fields 4, 14, 15, 16, 17.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const isPostmaster = Number(name) === postmasterPid;
    if (!isPostmaster && fields[1] !== postmasterPid) continue;
    ticks += (fields[11] ?? 0) + (fields[12] ?? 0);
    if (isPostmaster) ticks += (fields[13] ?? 0) + (fields[14] ?? 0);
  }
  return ticks / 100; // USER_HZ
}

export type Measured = LoadFigures & {
  cpu: {
    serverMicrosPerRequest: number | null;
    postgresMicrosPerRequest: number | null;
    loadGeneratorMicrosPerRequest: number | null;
    /** Share of all cores busy with the three, over the run and its warm-up. */
    machineBusyShare: number;
    /**
     * The requests per second the three's CPU time a request would allow on all of this machine's cores, had
     * they the machine to themselves: what the figure could be on a quiet machine, at most.
     */
    cpuBoundRequestsPerSecond: number | null;
  };
};

/** One load run, with the CPU each process spent per request (the server child, PostgreSQL, the load). */
export async function measuredLoad(
  input: LoadInput,
  processes: {
    /** Runs the load child with `input`. */
    runLoad: (input: LoadInput) => Promise<LoadFigures>;
    /** The server child's CPU seconds so far. */
    serverCpuSeconds: () => Promise<number>;
    postgresPid: number;
  },
): Promise<Measured> {
  const serverCpuBefore = await processes.serverCpuSeconds();
  const postgresCpuBefore = postgresCpuSeconds(processes.postgresPid);
  const startedAt = performance.now();
  const figures = await processes.runLoad(input);
  const wallSeconds = (performance.now() - startedAt) / 1000;
  const serverCpu = (await processes.serverCpuSeconds()) - serverCpuBefore;
  const postgresCpuAfter = postgresCpuSeconds(processes.postgresPid);
  const postgresCpu =
    postgresCpuBefore === undefined || postgresCpuAfter === undefined
      ? undefined
      : postgresCpuAfter - postgresCpuBefore;
  const perRequest = (seconds: number | undefined) =>
    seconds === undefined ? null : Math.round((seconds * 1e6) / figures.allRequests);
  const cpuSecondsPerRequest =
    postgresCpu === undefined
      ? undefined
      : (serverCpu + postgresCpu + figures.loadGeneratorCpuSeconds) / figures.allRequests;
  return {
    ...figures,
    cpu: {
      serverMicrosPerRequest: perRequest(serverCpu),
      postgresMicrosPerRequest: perRequest(postgresCpu),
      loadGeneratorMicrosPerRequest: perRequest(figures.loadGeneratorCpuSeconds),
      machineBusyShare: Number(
        (
          (serverCpu + (postgresCpu ?? 0) + figures.loadGeneratorCpuSeconds) /
          (wallSeconds * cpus().length)
        ).toFixed(2),
      ),
      cpuBoundRequestsPerSecond: cpuSecondsPerRequest
        ? Math.round(cpus().length / cpuSecondsPerRequest)
        : null,
    },
  };
}
