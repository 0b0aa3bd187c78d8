// What PostgreSQL spends on the app: the CPU time of the backends serving the app's pool (application_name
// 'catamaran'; their pids from pg_stat_activity, their utime + stime from /proc/<pid>/stat), and, when the
// cluster was started with pg_stat_statements, the statements by total time with planning and execution apart.
import { existsSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** CPU seconds of each of the app pool's backends so far, by pid; undefined where there is no /proc. */
export async function poolBackendCpu(client: pg.Client): Promise<Map<number, number> | undefined> {
  if (!existsSync('/proc/self/stat')) return undefined;
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE application_name = 'catamaran' AND backend_type = 'client backend'`,
  );
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // ended meanwhile
    }
  }
  return seconds;
}

/**
 * The backends' CPU seconds between two readings: a backend opened meanwhile counts from 0; one that ended
 * meanwhile is lost (the pool keeps its connections while it is busy, so none should).
 */
export function backendCpuBetween(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): { seconds: number; backends: number } | undefined {
  if (!before || !after) return undefined;
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return { seconds, backends: after.size };
}

export const STATEMENTS_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track_planning': 'on',
  'pg_stat_statements.max': '5000',
};

export interface Statement {
  query: string;
  calls: number;
  totalMs: number;
  planMs: number;
  execMs: number;
  meanPlanMs: number;
  meanExecMs: number;
  rowsPerCall: number;
}

/** The app's statements since the last reset, by total (planning + execution) time. */
export async function topStatements(client: pg.Client, limit = 25): Promise<Statement[]> {
  const { rows } = await client.query<Record<string, string | number>>(
    `SELECT s.query, s.calls, s.total_plan_time + s.total_exec_time AS total, s.total_plan_time AS plan,
            s.total_exec_time AS exec, s.rows
     FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid
     WHERE s.query NOT ILIKE '%pg_stat_%'
     ORDER BY total DESC LIMIT $1`,
    [limit],
  );
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return rows.map((row) => {
    const calls = Number(row.calls);
    return {
      query: String(row.query).replace(/\s+/g, ' ').slice(0, 400),
      calls,
      totalMs: round(Number(row.total)),
      planMs: round(Number(row.plan)),
      execMs: round(Number(row.exec)),
      meanPlanMs: round(Number(row.plan) / calls),
      meanExecMs: round(Number(row.exec) / calls),
      rowsPerCall: round(Number(row.rows) / calls),
    };
  });
}

/**
 * The cluster's write-ahead log so far (pg_stat_wal): records, full-page images, bytes; and the database's
 * transactions rolled back and deadlocks (pg_stat_database), which a batch that failed over to the longer path
 * leaves.
 */
export interface WriteReading {
  records: number;
  fullPages: number;
  bytes: number;
  rollbacks: number;
  deadlocks: number;
}

export async function writesSoFar(client: pg.Client): Promise<WriteReading> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<Record<string, string>>(
    `SELECT w.wal_records, w.wal_fpi, w.wal_bytes, d.xact_rollback, d.deadlocks
     FROM pg_stat_wal w, pg_stat_database d WHERE d.datname = current_database()`,
  );
  const row = rows[0];
  return {
    records: Number(row?.wal_records ?? 0),
    fullPages: Number(row?.wal_fpi ?? 0),
    bytes: Number(row?.wal_bytes ?? 0),
    rollbacks: Number(row?.xact_rollback ?? 0),
    deadlocks: Number(row?.deadlocks ?? 0),
  };
}

/**
 * What the writes cost between two readings (the run and its warm-up): the log written per request, its records
 * and the full-page images that a page's first change after a checkpoint costs (8 KB each), which grow with the
 * pages a write touches at random; and the rollbacks and deadlocks in all.
 */
export function writesPerRequest(before: WriteReading, after: WriteReading, requests: number) {
  const per = (value: number) => Number((value / Math.max(1, requests)).toFixed(2));
  return {
    recordsPerRequest: per(after.records - before.records),
    fullPagesPerRequest: per(after.fullPages - before.fullPages),
    bytesPerRequest: Math.round((after.bytes - before.bytes) / Math.max(1, requests)),
    rollbacks: after.rollbacks - before.rollbacks,
    deadlocks: after.deadlocks - before.deadlocks,
  };
}
