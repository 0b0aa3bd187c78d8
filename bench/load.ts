// The load generator both benchmarks run in a child process of its own (bench/<name>/load.ts), so that it does
// not share an event loop with the server it measures: autocannon cycling through a list of requests as fast
// as the connections go, after a warm-up over the same list; or, for a rate (overallRate), requests sent at
// that steady rate over keep-alive connections of its own (steadyLoad below).
//
// Not autocannon's overallRate: it gives each connection a quota per second (rate / connections), which the
// connection spends by sending its requests back to back as soon as its second starts, and all the
// connections' seconds start together. 5,000 requests a second offered over 50 connections is then a burst at
// full speed for part of each second and silence for the rest, whose latencies are those of the full-speed
// run. It also records latencies against an expected interval of ceil(1 / rate) = 1 ms (rather than 1000 /
// rate ms), adding a made-up sample for every millisecond a response took beyond the first.

import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The request's own headers (its learner's token), added to the common ones. */
  headers?: Record<string, string>;
  body?: string;
  /**
   * A placeholder in the body and the header values replaced by a new UUID on every send: what a browser's
   * reading-time report carries (its report id, sent as its Idempotency-Key too), so no send is a repeat.
   */
  fresh?: string;
}

export interface LoadInput {
  origin: string;
  /**
   * Cycled through in order, by all connections together; a string is a GET of that path (a sequence of
   * 400,000 lookups is lighter on the load generator's heap, whose collections would count as latency).
   */
  requests: (LoadRequest | string)[];
  /** Sent with every request: what a browser sends (Accept-Encoding, X-Timezone…). */
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
  /**
   * A steady run's own event-loop delay (p99 and max, ms) in this load generator: a request due while its loop
   * was held is sent late and its latency counts the hold, so a p99 above this is the server's, not the
   * generator's. Absent for a flat-out run.
   */
  loadGeneratorLoopDelay?: { p99Ms: number; maxMs: number };
}

function fullSpeed(input: LoadInput, durationSeconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: input.origin,
    connections: input.connections,
    duration: durationSeconds,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = asRequest(input.requests[next++ % input.requests.length] as LoadRequest | string);
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

/** What a steady run measured: latencies from when each request was due, not from when it could be sent. */
interface SteadyResult {
  latenciesMs: Float64Array;
  completed: number;
  errors: number;
  non2xx: number;
  bytes: number;
  seconds: number;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function asRequest(request: LoadRequest | string): LoadRequest {
  if (typeof request === 'string') return { method: 'GET', path: request };
  const { fresh } = request;
  if (!fresh) return request;
  const id = randomUUID();
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).map(([name, value]) => [name, value.replaceAll(fresh, id)]),
  );
  return {
    ...request,
    headers,
    ...(request.body === undefined ? {} : { body: request.body.replaceAll(fresh, id) }),
  };
}

/** A request as bytes on the wire: its line, the common headers and its own, and its body. */
function encodeRequest(sent: LoadRequest | string, host: string, commonHeaders: string): string {
  if (typeof sent === 'string') return `GET ${sent} HTTP/1.1\r\nhost: ${host}\r\n${commonHeaders}\r\n`;
  const request = asRequest(sent);
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n${commonHeaders}`;
  for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (request.body === undefined) return `${head}\r\n`;
  return `${head}content-length: ${Buffer.byteLength(request.body)}\r\n\r\n${request.body}`;
}

/**
 * Where the response that starts `pending` ends: its length in bytes once all of it has arrived, -1 until
 * then, or undefined when it cannot be read (neither Content-Length nor chunked, which a server streaming a
 * compressed answer sends).
 */
function responseLength(pending: Buffer, head: string, headerLength: number): number | undefined {
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const total = headerLength + Number(length[1]);
    return pending.length >= total ? total : -1;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return undefined;
  let at = headerLength;
  for (;;) {
    const lineEnd = pending.indexOf(CRLF, at);
    if (lineEnd === -1) return -1;
    const size = Number.parseInt(pending.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return undefined;
    // The chunk, then its CRLF; the last (empty) chunk is followed by the CRLF that ends the trailers.
    at = lineEnd + 2 + size + 2;
    if (pending.length < at) return -1;
    if (size === 0) return at;
  }
}

/** The shared state of one steady run: what is due, what came back, and the connections that are free. */
class SteadyRun {
  readonly latencies: Float64Array;
  completed = 0;
  errors = 0;
  non2xx = 0;
  bytes = 0;
  private next = 0;
  readonly idle: Connection[] = [];
  /** Due times (performance.now()) of requests waiting for a free connection. */
  readonly waiting: number[] = [];
  readonly finished: Promise<void>;
  private finish: () => void = () => undefined;

  constructor(
    private readonly input: LoadInput,
    readonly total: number,
    private readonly host: string,
    private readonly commonHeaders: string,
  ) {
    this.latencies = new Float64Array(total);
    this.finished = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
  }

  /** The next request of the list, as bytes on the wire. */
  nextRequest(): string {
    const request = this.input.requests[this.next++ % this.input.requests.length] as LoadRequest | string;
    return encodeRequest(request, this.host, this.commonHeaders);
  }

  /** Records a request's end; answers whether the run goes on. */
  record(latency: number, isAnswered: boolean, status: number): boolean {
    if (!isAnswered) this.errors++;
    else if (status < 200 || status >= 300) this.non2xx++;
    this.latencies[this.completed++] = latency;
    if (this.completed === this.total) {
      this.finish();
      return false;
    }
    return true;
  }
}

/** One keep-alive connection of a steady run: sends a request when told, reads its response, then takes the next. */
class Connection {
  private socket: Socket;
  private pending: Buffer = Buffer.alloc(0);
  private dueAt = 0;
  /** The head of the response being read, once its end has arrived. */
  private head: string | undefined;
  private headerLength = 0;

  /** Settles once the first socket is connected. */
  readonly ready: Promise<void>;

  constructor(
    private readonly run: SteadyRun,
    private readonly hostname: string,
    private readonly port: number,
  ) {
    this.socket = this.connect();
    this.ready = new Promise((resolve) => this.socket.once('connect', () => resolve()));
  }

  private connect(): Socket {
    const socket = new Socket();
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.run.completed >= this.run.total) return;
      // A new socket first (writes wait for its connection), then the request that was cut counts as
      // failed.
      this.socket = this.connect();
      this.pending = Buffer.alloc(0);
      this.head = undefined;
      if (this.dueAt !== 0) this.done(false, 0);
    });
    socket.connect(this.port, this.hostname);
    return socket;
  }

  send(dueAt: number): void {
    this.dueAt = dueAt;
    this.socket.write(this.run.nextRequest());
  }

  private receive(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    if (this.head === undefined) {
      const end = this.pending.indexOf(HEADER_END);
      if (end === -1) return;
      this.head = this.pending.toString('latin1', 0, end);
      this.headerLength = end + HEADER_END.length;
    }
    const length = responseLength(this.pending, this.head, this.headerLength);
    if (length === undefined) {
      this.socket.destroy();
      return;
    }
    if (length === -1) return;
    const status = Number(this.head.slice(9, 12));
    this.run.bytes += length;
    this.pending = this.pending.subarray(length);
    this.head = undefined;
    this.done(true, status);
  }

  private done(isAnswered: boolean, status: number): void {
    const latency = performance.now() - this.dueAt;
    this.dueAt = 0;
    if (!this.run.record(latency, isAnswered, status)) return;
    const due = this.run.waiting.shift();
    if (due === undefined) this.run.idle.push(this);
    else this.send(due);
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * Requests at a steady rate: the i-th is due `i / rate` seconds after the start, and sent then on an idle
 * connection (or, when all of them are busy, as soon as one is free: its wait counts in its latency, so a
 * server that falls behind is seen to, rather than hidden by a client that waits for it). The due requests
 * are sent every millisecond, as timers allow; latency runs from the moment a request was due to its
 * response's last byte. A small HTTP/1.1 client of its own over keep-alive sockets (Connection above).
 */
async function steadyLoad(input: LoadInput, rate: number, durationSeconds: number): Promise<SteadyResult> {
  const { host, hostname, port } = new URL(input.origin);
  const commonHeaders = Object.entries(input.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const total = Math.round(rate * durationSeconds);
  const run = new SteadyRun(input, total, host, commonHeaders);
  let sent = 0;
  const connections = Array.from(
    { length: input.connections },
    () => new Connection(run, hostname, Number(port)),
  );
  await Promise.all(connections.map((connection) => connection.ready));
  run.idle.push(...connections);
  const startedAt = performance.now();
  const interval = 1000 / rate;
  const tick = () => {
    const now = performance.now();
    while (sent < total && startedAt + sent * interval <= now) {
      const dueAt = startedAt + sent * interval;
      sent++;
      const connection = run.idle.pop();
      if (connection) connection.send(dueAt);
      else run.waiting.push(dueAt);
    }
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
  await run.finished;
  const seconds = (performance.now() - startedAt) / 1000;
  for (const connection of connections) connection.close();
  const { latencies, completed, errors, non2xx, bytes } = run;
  return { latenciesMs: latencies, completed, errors, non2xx, bytes, seconds };
}

function percentile(sorted: Float64Array, share: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return Number(value.toFixed(2));
}

/** Runs the warm-up, then the measured run, and answers the measured run's figures. */
export async function runLoad(input: LoadInput): Promise<LoadFigures> {
  const cpuBefore = process.cpuUsage();
  if (input.overallRate) {
    const warmup =
      input.warmupSeconds > 0 ? await steadyLoad(input, input.overallRate, input.warmupSeconds) : undefined;
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    const result = await steadyLoad(input, input.overallRate, input.durationSeconds);
    loopDelay.disable();
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
      allRequests: result.completed + (warmup?.completed ?? 0),
      loadGeneratorCpuSeconds: (cpu.user + cpu.system) / 1e6,
      loadGeneratorLoopDelay: {
        p99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(2)),
        maxMs: Number((loopDelay.max / 1e6).toFixed(2)),
      },
    };
  }
  const warmup = input.warmupSeconds > 0 ? await fullSpeed(input, input.warmupSeconds) : undefined;
  const result = await fullSpeed(input, input.durationSeconds);
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
}
