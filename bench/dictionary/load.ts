// The load generator, in a child process of its own so that it does not share an event loop with the server
// it measures: autocannon cycling through a list of paths, after a warm-up over the same list; or, for a rate
// (overallRate), requests sent at that steady rate over keep-alive connections of its own (steadyLoad below).
//
// Not autocannon's overallRate: it gives each connection a quota per second (rate / connections), which the
// connection spends by sending its requests back to back as soon as its second starts, and all the
// connections' seconds start together. 5,000 requests a second offered over 50 connections is then a burst at
// full speed for part of each second and silence for the rest, whose latencies are those of the full-speed
// run. It also records latencies against an expected interval of ceil(1 / rate) = 1 ms (rather than 1000 /
// rate ms), adding a made-up sample for every millisecond a response took beyond the first.
import { Socket } from 'node:net';
import autocannon from 'autocannon';
import { serveChild } from './child.ts';

export interface LoadInput {
  origin: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Requests per second from all connections together, sent steadily (steadyLoad); as fast as possible if absent. */
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
    headers: input.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = input.paths[next++ % input.paths.length];
          return { ...request, path };
        },
      },
    ],
  });
}

/** What a steady run measured: latencies from when each request was due, not from when it could be sent. */
interface SteadyResult {
  latenciesMs: Float64Array;
  completed: number;
  errors: number;
  non2xx: number;
  bytes: number;
  seconds: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Requests at a steady rate: the i-th is due `i / rate` seconds after the start, and sent then on an idle
 * connection (or, when all of them are busy, as soon as one is free: its wait counts in its latency, so a
 * server that falls behind is seen to, rather than hidden by a client that waits for it). The due requests
 * are sent every millisecond, as timers allow; latency runs from the moment a request was due to its
 * response's last byte. A small HTTP/1.1 client of its own over keep-alive sockets: the server answers with
 * Content-Length.
 */
async function steadyLoad(input: LoadInput, rate: number, durationSeconds: number): Promise<SteadyResult> {
  const { hostname, port } = new URL(input.origin);
  const headerLines = Object.entries(input.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const total = Math.round(rate * durationSeconds);
  const latencies = new Float64Array(total);
  let completed = 0;
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  let next = 0;
  let sent = 0;
  const idle: Connection[] = [];
  /** Due times (performance.now()) of requests waiting for a free connection. */
  const waiting: number[] = [];
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  class Connection {
    private socket: Socket;
    private pending: Buffer = Buffer.alloc(0);
    private dueAt = 0;
    private bodyLength = -1;
    private headerLength = 0;
    private status = 0;

    /** Settles once the first socket is connected. */
    readonly ready: Promise<void>;

    constructor() {
      this.socket = this.connect();
      this.ready = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    }

    private connect(): Socket {
      const socket = new Socket();
      socket.setNoDelay(true);
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (completed >= total) return;
        // A new socket first (writes wait for its connection), then the request that was cut counts as
        // failed.
        this.socket = this.connect();
        this.pending = Buffer.alloc(0);
        this.bodyLength = -1;
        if (this.dueAt !== 0) this.done(false);
      });
      socket.connect(Number(port), hostname);
      return socket;
    }

    send(dueAt: number): void {
      this.dueAt = dueAt;
      const path = input.paths[next++ % input.paths.length];
      this.socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${headerLines}\r\n`);
    }

    private receive(chunk: Buffer): void {
      this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
      if (this.bodyLength === -1) {
        const end = this.pending.indexOf(HEADER_END);
        if (end === -1) return;
        const head = this.pending.toString('latin1', 0, end);
        this.status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) {
          this.socket.destroy();
          return;
        }
        this.headerLength = end + HEADER_END.length;
        this.bodyLength = Number(length[1]);
      }
      if (this.pending.length < this.headerLength + this.bodyLength) return;
      bytes += this.headerLength + this.bodyLength;
      this.pending = this.pending.subarray(this.headerLength + this.bodyLength);
      this.bodyLength = -1;
      this.done(true);
    }

    private done(isAnswered: boolean): void {
      const latency = performance.now() - this.dueAt;
      this.dueAt = 0;
      if (!isAnswered) errors++;
      else if (this.status < 200 || this.status >= 300) non2xx++;
      latencies[completed++] = latency;
      if (completed === total) {
        finish();
        return;
      }
      const due = waiting.shift();
      if (due === undefined) idle.push(this);
      else this.send(due);
    }

    close(): void {
      this.socket.destroy();
    }
  }

  const connections = Array.from({ length: input.connections }, () => new Connection());
  await Promise.all(connections.map((connection) => connection.ready));
  idle.push(...connections);
  const startedAt = performance.now();
  const interval = 1000 / rate;
  const tick = () => {
    const now = performance.now();
    while (sent < total && startedAt + sent * interval <= now) {
      const dueAt = startedAt + sent * interval;
      sent++;
      const connection = idle.pop();
      if (connection) connection.send(dueAt);
      else waiting.push(dueAt);
    }
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
  await finished;
  const seconds = (performance.now() - startedAt) / 1000;
  for (const connection of connections) connection.close();
  return { latenciesMs: latencies, completed, errors, non2xx, bytes, seconds };
}

function percentile(sorted: Float64Array, share: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return Number(value.toFixed(2));
}

serveChild<LoadInput, LoadFigures>(async (input) => {
  if (input.overallRate) {
    const cpuBefore = process.cpuUsage();
    const warmup = await steadyLoad(input, input.overallRate, input.warmupSeconds);
    const result = await steadyLoad(input, input.overallRate, input.durationSeconds);
    const cpu = process.cpuUsage(cpuBefore);
    const sorted = result.latenciesMs.slice().sort();
    return {
      requestsPerSecond: Math.round(result.completed / result.seconds),
      latencyP50Ms: percentile(sorted, 0.5),
      latencyP90Ms: percentile(sorted, 0.9),
      latencyP99Ms: percentile(sorted, 0.99),
      latencyMaxMs: Number((sorted.at(-1) ?? 0).toFixed(2)),
      throughputMBps: Number((result.bytes / result.seconds / 1024 / 1024).toFixed(2)),
      requests: result.completed,
      errors: result.errors,
      timeouts: 0,
      non2xx: result.non2xx,
      allRequests: result.completed + warmup.completed,
      loadGeneratorCpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  }
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
