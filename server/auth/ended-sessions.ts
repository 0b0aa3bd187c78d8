import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { ACCESS_TOKEN_SECONDS } from './tokens.ts';

/** How often each server reads the sessions ended since its last look. */
export const ENDED_SESSIONS_POLL_MS = 2_000;
/**
 * Each read goes this far back before the previous one: a session's row is written when its transaction began
 * and seen when it commits, so a transaction that took up to this long is still read (rows read twice are
 * simply known already).
 */
export const ENDED_SESSIONS_OVERLAP_MS = 5 * 60 * 1000;
/** An ended session is remembered while a token issued before its end can still be unexpired, and a little more. */
export const ENDED_SESSIONS_KEPT_MS = (ACCESS_TOKEN_SECONDS + 5 * 60) * 1000;

export interface EndedRead {
  /** The database's clock when it read them. */
  readAt: Date;
  ended: { sessionId: string; endedAt: Date }[];
}

/** Reads the sessions ended since `since`, or within the last ENDED_SESSIONS_KEPT_MS on the first read. */
export function endedSessionsReader(db: Database): (since: Date | undefined) => Promise<EndedRead> {
  return async (since) => {
    const after = since ?? sql`clock_timestamp() - ${`${ENDED_SESSIONS_KEPT_MS} milliseconds`}::interval`;
    const { rows } = await db.execute<{ read_at: string; ended: { session_id: string; ended_at: string }[] }>(
      sql`SELECT clock_timestamp() AS read_at, coalesce(
            (SELECT json_agg(json_build_object('session_id', session_id, 'ended_at', ended_at))
             FROM ended_sessions WHERE ended_at > ${after}), '[]'::json) AS ended`,
    );
    const [row] = rows;
    return {
      readAt: new Date(row?.read_at ?? Date.now()),
      ended: (row?.ended ?? []).map((ended) => ({
        sessionId: ended.session_id,
        endedAt: new Date(ended.ended_at),
      })),
    };
  };
}

/**
 * The sessions that have ended, as this server last read them (docs/decisions/065). An access token is
 * verified without the database; this says whether its session has ended since: a sign-out everywhere, a
 * replayed refresh token (its session revoked) and a deleted account all delete session rows, which a trigger
 * records, and every server reads those records every ENDED_SESSIONS_POLL_MS. Asking is a lookup in memory, so
 * a request never waits for it, and the database is asked the same, once every two seconds per server,
 * however many learners are reading.
 */
export class EndedSessions {
  private readonly ended = new Map<string, number>();
  private since: Date | undefined;
  /** False until the first read has succeeded: until then, no session can be told ended or not. */
  isKnown = false;

  constructor(private readonly read: (since: Date | undefined) => Promise<EndedRead>) {}

  /** True when the session has ended (as of the last read). */
  has(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  /** Reads the sessions ended since the last read (the first reads the last hour's), and forgets old ones. */
  async refresh(): Promise<void> {
    const { readAt, ended } = await this.read(this.since);
    for (const { sessionId, endedAt } of ended) this.ended.set(sessionId, endedAt.getTime());
    this.since = new Date(readAt.getTime() - ENDED_SESSIONS_OVERLAP_MS);
    this.isKnown = true;
    const forgetBefore = readAt.getTime() - ENDED_SESSIONS_KEPT_MS;
    for (const [sessionId, endedAt] of this.ended) if (endedAt < forgetBefore) this.ended.delete(sessionId);
  }

  /** How many ended sessions are remembered (for tests and the log). */
  get size(): number {
    return this.ended.size;
  }
}

/** Forgets the records of sessions that ended two hours ago (a sweep every server may run), and ends expired ones. */
export async function pruneSessions(db: Database): Promise<void> {
  // An expired session's row goes too, recorded by the trigger as any other end.
  await db.execute(sql`DELETE FROM auth_sessions WHERE not_after < now()`);
  await db.execute(
    sql`DELETE FROM ended_sessions WHERE ended_at < now() - ${`${2 * ENDED_SESSIONS_KEPT_MS} milliseconds`}::interval`,
  );
}
