// The load generator, in a child process of its own: autocannon cycling through a list of requests (each with
// its learner's token, its path and body), after a warm-up over the same list.
import autocannon from 'autocannon';
import { serveChild } from './child.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The request's own headers (its learner's token), added to the common ones. */
  headers: Record<string, string>;
  body?: string;
}

export interface LoadInput {
  origin: string;
  requests: LoadRequest[];
  /** Sent with every request: what a browser sends (Accept-Encoding, X-Timezone…). */
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Requests per second offered by all connections together; as fast as they go when absent. */
  overallRate?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP90Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  throughputMBps: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Requests of the warm-up and the measured run, and the load generator's own CPU time over both. */
  allRequests: number;
  loadGeneratorCpuSeconds: number;
}

function run(input: LoadInput, durationSeconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: input.origin,
    connections: input.connections,
    duration: durationSeconds,
    ...(input.overallRate ? { overallRate: input.overallRate } : {}),
    requests: [
      {
        setupRequest: (request) => {
          const chosen = input.requests[next++ % input.requests.length] as LoadRequest;
          return {
            ...request,
            method: chosen.method,
            path: chosen.path,
            headers: { ...input.headers, ...chosen.headers },
            ...(chosen.body === undefined ? {} : { body: chosen.body }),
          };
        },
      },
    ],
  });
}

serveChild<LoadInput, LoadFigures>(async (input) => {
  const cpuBefore = process.cpuUsage();
  const warmup = input.warmupSeconds > 0 ? await run(input, input.warmupSeconds) : undefined;
  const result = await run(input, input.durationSeconds);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP90Ms: result.latency.p90,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    throughputMBps: Number((result.throughput.average / 1024 / 1024).toFixed(2)),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    allRequests: result.requests.total + (warmup?.requests.total ?? 0),
    loadGeneratorCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
});
