// The API benchmark's table: a row per endpoint, the app against the bare route of the same run.
import type { Measured } from '../measure.ts';
import { pad } from '../stats.ts';
import type { Pauses } from './serve.ts';

export interface EndpointResult {
  request: string;
  status: number;
  responseBytes: number;
  wireBytes: number;
  contentEncoding: string;
  /** A bare Fastify route answering the bytes the app sent (absent in a profiling run). */
  bare: Measured | undefined;
  app: Measured;
  /** The app offered half its target rate, steadily. */
  appAtHalfTarget: (Measured & { offeredRequestsPerSecond: number }) | null;
  /** The bare route offered the same rate just before: the latency the generator and the machine add alone. */
  bareAtHalfTarget: Measured | null;
  /** The app's garbage collector's pauses and event-loop delay during that steady run. */
  pausesAtHalfTarget: Pauses | null;
  /** The target, as a share of the bare route's rate (a third; the lookup's, a half). */
  targetShare: number;
  /**
   * Half the target rate (the bare route's rate × targetShare ÷ 2): not offered when the app answers fewer flat
   * out (p99 would be its queue).
   */
  halfTargetRate: number | null;
  shareOfBare: number | null;
  /** Each round of bare route then app (the reported one is the median share). */
  rounds: {
    bareRequestsPerSecond: number | null;
    appRequestsPerSecond: number;
    appMicrosPerRequest: number | null;
    shareOfBare: number | null;
    /** The WAL the app's run wrote per request, and its rollbacks and deadlocks (its warm-up included). */
    writes: {
      recordsPerRequest: number;
      fullPagesPerRequest: number;
      bytesPerRequest: number;
      rollbacks: number;
      deadlocks: number;
    };
  }[];
  /** The CPU of the PostgreSQL backends serving the app's pool, during the app's flat-out run and its warm-up. */
  postgresBackends: { backends: number; microsPerRequest: number } | null;
  /** What the app logged during the same run, at the default level. */
  log: { linesPer10kRequests: number; bytesPer10kRequests: number; sample: string[] };
}

const WIDTHS = [12, 8, 8, 7, 7, 8, 7, 9, 10, 10, 8, 8, 8, 7, 11];

export function printTable(results: Partial<Record<string, EndpointResult>>): void {
  console.info('');
  console.info(
    pad(
      [
        'endpoint',
        'bytes',
        'req/s',
        'p50',
        'p99',
        'bare/s',
        'share',
        '½ offer',
        'p99 at ½',
        'bare at ½',
        'app µs',
        'pg µs',
        'pg all',
        'lines',
        'log B/10k',
      ],
      WIDTHS,
    ),
  );
  for (const [name, result] of Object.entries(results)) {
    if (!result) continue;
    const half = result.appAtHalfTarget;
    console.info(
      pad(
        [
          name,
          result.wireBytes,
          result.app.requestsPerSecond,
          result.app.latencyP50Ms,
          result.app.latencyP99Ms,
          result.bare?.requestsPerSecond ?? '–',
          result.shareOfBare === null ? '–' : `${(result.shareOfBare * 100).toFixed(1)}%`,
          result.halfTargetRate ?? '–',
          half?.latencyP99Ms ?? (result.halfTargetRate ? 'over' : '–'),
          result.bareAtHalfTarget?.latencyP99Ms ?? '–',
          result.app.cpu.serverMicrosPerRequest ?? '–',
          result.postgresBackends?.microsPerRequest ?? '–',
          result.app.cpu.postgresMicrosPerRequest ?? '–',
          (result.log.linesPer10kRequests / 10_000).toFixed(2),
          result.log.bytesPer10kRequests.toLocaleString('en'),
        ],
        WIDTHS,
      ),
    );
  }
  console.info(
    'bytes: sent on the wire; p50/p99 ms flat out (50 connections); share: of the bare route’s req/s; ' +
      '½ offer: half the target rate (a third of the bare route’s, the lookup’s a half) offered steadily, and ' +
      'the p99 ms there (over: beyond the app’s flat-out rate, not offered); bare at ½: the bare route’s p99 ' +
      'offered the same rate (what the load generator and the machine add alone); app µs: the app process’s CPU per ' +
      'request; pg µs: the CPU of the backends serving its pool, pg all: of the whole cluster; lines: log lines ' +
      'per request; log B/10k: log bytes per 10,000 requests (LOG_LEVEL default).',
  );
}
