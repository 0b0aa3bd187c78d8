import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authSessions, refreshTokens, users } from '#server/db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';

/** Sessions end this long after sign-in, however often they are refreshed. */
export const SESSION_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** A refresh token used again this soon after its rotation is two tabs racing, not a thief. */
export const REFRESH_REUSE_WINDOW_MS = 10_000;

export type UserRow = typeof users.$inferSelect;

export interface IssuedSession {
  sessionId: string;
  /** When the learner proved their address for this session (GoTrue's `amr` timestamp); kept across refreshes. */
  signedInAt: Date;
  refreshToken: string;
  user: UserRow;
}

/** Opens a session for a user who just proved their address, and records the sign-in. */
export async function createSession(
  db: Database,
  userId: string,
  options: { userAgent?: string; now?: Date } = {},
): Promise<IssuedSession> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ lastSignInAt: now, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new Error(`createSession: no user ${userId}`);
    const [session] = await tx
      .insert(authSessions)
      .values({
        userId,
        createdAt: now,
        notAfter: new Date(now.getTime() + SESSION_LIFETIME_MS),
        userAgent: options.userAgent?.slice(0, 512),
      })
      .returning({ id: authSessions.id });
    if (!session) throw new Error('createSession inserted no session');
    const refreshToken = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: hashToken(refreshToken), createdAt: now });
    return { sessionId: session.id, signedInAt: now, refreshToken, user };
  });
}

export type RefreshOutcome =
  | { ok: true; session: IssuedSession }
  | { ok: false; reason: 'refresh_token_not_found' | 'refresh_token_already_used' | 'session_expired' };

/**
 * Exchanges a refresh token for a new one (rotation). A token used again within 10 s of its rotation gets
 * another successor, so two tabs refreshing together both stay signed in; used again later, it is treated as
 * stolen and the whole session is revoked.
 */
export async function refreshSession(db: Database, token: string, now = new Date()): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: refreshTokens, session: authSessions })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update', { of: refreshTokens });
    if (!found) return { ok: false, reason: 'refresh_token_not_found' };

    const { token: current, session } = found;
    if (session.notAfter.getTime() <= now.getTime()) {
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { ok: false, reason: 'session_expired' };
    }
    if (current.revokedAt && now.getTime() - current.revokedAt.getTime() > REFRESH_REUSE_WINDOW_MS) {
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { ok: false, reason: 'refresh_token_already_used' };
    }

    if (!current.revokedAt) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, current.id));
    }
    const successor = randomToken();
    await tx.insert(refreshTokens).values({
      sessionId: session.id,
      tokenHash: hashToken(successor),
      parentId: current.id,
      createdAt: now,
    });
    await tx.update(authSessions).set({ refreshedAt: now }).where(eq(authSessions.id, session.id));
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    if (!user) return { ok: false, reason: 'refresh_token_not_found' };
    return {
      ok: true,
      session: { sessionId: session.id, signedInAt: session.createdAt, refreshToken: successor, user },
    };
  });
}

/** True while the session exists and has not passed its 90 days. */
export async function isSessionActive(db: Database, sessionId: string, now = new Date()): Promise<boolean> {
  const [session] = await db
    .select({ notAfter: authSessions.notAfter })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return session !== undefined && session.notAfter.getTime() > now.getTime();
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends this session (local), every session of the user (global), or all but this one (others). */
export async function endSessions(db: Database, userId: string, sessionId: string, scope: LogoutScope) {
  const ofUser = eq(authSessions.userId, userId);
  const where =
    scope === 'global'
      ? ofUser
      : scope === 'local'
        ? and(ofUser, eq(authSessions.id, sessionId))
        : and(ofUser, ne(authSessions.id, sessionId));
  await db.delete(authSessions).where(where);
}
