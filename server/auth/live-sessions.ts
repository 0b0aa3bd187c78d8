import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** A session found live is taken as live for this long without asking the database again. */
export const SESSION_FRESH_MS = 5_000;
/**
 * Past this age an answer is not used: the request waits for a new one. Between SESSION_FRESH_MS and this, the
 * old answer serves while a new one is fetched, so a busy learner never waits for the check, and a session that
 * ends is refused within this long (plus one query) on every server: under the 10 s the issue allows.
 */
export const SESSION_STALE_MS = 9_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Known {
  live: boolean;
  checkedAt: number;
  /** The database's answer being fetched, if any: one query per session at a time, however many requests. */
  pending?: Promise<boolean>;
}

/** Asks the database whether a session exists and has not passed its 90 days (a deleted user's are gone). */
export function sessionLookup(db: Database): (sessionId: string) => Promise<boolean> {
  return async (sessionId) => {
    if (!UUID.test(sessionId)) return false;
    // The server's clock, as everywhere sessions are judged (sessions.ts), not the database's.
    const result = await db.execute<{ live: boolean }>(
      sql`SELECT not_after > ${new Date()} AS live FROM auth_sessions WHERE id = ${sessionId}`,
    );
    return result.rows[0]?.live === true;
  };
}

/**
 * Which sessions are live, as this server last heard from the database (docs/decisions/065). An access token
 * is verified without the database; this says whether its session still is: signing out everywhere, a refresh
 * token replayed (its family revoked), and a deleted account all end sessions in the database, and every
 * server refuses their tokens within SESSION_STALE_MS. An ended session never comes back, so that answer is
 * kept. At most `entries` sessions are remembered (the least recently checked is forgotten first).
 */
export class LiveSessions {
  private readonly known = new Map<string, Known>();
  /** First checks under way, for sessions with no answer yet. */
  private readonly firstChecks = new Map<string, Promise<boolean>>();

  constructor(
    private readonly lookup: (sessionId: string) => Promise<boolean>,
    private readonly entries = 100_000,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The answer at once when one is recent enough; else a promise of the database's. */
  check(sessionId: string): boolean | Promise<boolean> {
    const known = this.known.get(sessionId);
    if (!known) return this.fetch(sessionId, undefined);
    if (!known.live) return false;
    const age = this.clock() - known.checkedAt;
    if (age < SESSION_FRESH_MS) return true;
    if (age < SESSION_STALE_MS) {
      // Served as it is; the new answer is for the requests after this one. Its failure is the next one's.
      if (!known.pending) this.fetch(sessionId, known).catch(() => undefined);
      return true;
    }
    return this.fetch(sessionId, known);
  }

  private fetch(sessionId: string, known: Known | undefined): Promise<boolean> {
    const under = known ? known.pending : this.firstChecks.get(sessionId);
    if (under) return under;
    const asked = this.clock();
    const pending = this.lookup(sessionId).then(
      (live) => {
        this.remember(sessionId, { live, checkedAt: asked });
        return live;
      },
      (error: unknown) => {
        // The database is not answering (or failed): keep the last answer for the next request to try again.
        // Nobody can end a session meanwhile, so a session last known live is let through; with no answer
        // yet, the request fails as any other that needs the database (503 with its sentence).
        if (known) {
          known.pending = undefined;
          return known.live;
        }
        throw error;
      },
    );
    if (known) known.pending = pending;
    else {
      this.firstChecks.set(sessionId, pending);
      const done = () => void this.firstChecks.delete(sessionId);
      pending.then(done, done);
    }
    return pending;
  }

  private remember(sessionId: string, known: Known): void {
    this.known.delete(sessionId);
    if (this.known.size >= this.entries) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(sessionId, known);
  }
}
