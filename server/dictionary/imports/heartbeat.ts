import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { dictionaryImports } from '#server/db/schema.ts';

/**
 * How often a running import says it is alive, whatever it is doing: reading lines, or building the indexes
 * of its switch, which reports no progress for minutes on a large dictionary.
 */
export const HEARTBEAT_INTERVAL_MS = 5000;

/**
 * A running import whose heartbeat has not moved for this long has lost its server (stopped, killed, cut off
 * from the database): twelve missed heartbeats. Compared with PostgreSQL's clock, which also wrote the
 * heartbeat: the app servers' clocks may disagree.
 */
export const STALE_AFTER = '1 minute';

/** How often each server looks for imports whose server went away (failStalledImports). */
export const STALE_SWEEP_INTERVAL_MS = 20_000;

/**
 * Moves a running import's heartbeat every `intervalMs` until stopped. `onEnded` is called once the row is
 * no longer running (cancelled by an admin, or failed by another server that took it for dead), so the
 * import stops. A failed write (the database is away for a moment) is only tried again at the next beat.
 */
export function startHeartbeat(
  db: Database,
  importId: number,
  options: { intervalMs?: number; onEnded: () => void },
): { stop: () => void } {
  let isBeating = false;
  const beat = async () => {
    if (isBeating) return; // never two writes at once when the database is slow
    isBeating = true;
    try {
      const alive = await db
        .update(dictionaryImports)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(dictionaryImports.id, importId), eq(dictionaryImports.status, 'running')))
        .returning({ id: dictionaryImports.id });
      if (alive.length === 0) options.onEnded();
    } catch {
      // The next beat tries again; a minute of failures and another server marks the import as failed.
    } finally {
      isBeating = false;
    }
  };
  const timer = setInterval(() => void beat(), options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
