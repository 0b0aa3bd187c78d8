import { hash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authFlowStates } from '#server/db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';

/** How long the code a PKCE redirect carries may wait to be exchanged. */
export const AUTH_CODE_LIFETIME_MS = 5 * 60 * 1000;

/** After a verified link in the PKCE flow: a one-time code for the client to exchange with its verifier. */
export async function createAuthCode(
  db: Database,
  userId: string,
  challenge: { codeChallenge: string; codeChallengeMethod: string },
  now = new Date(),
): Promise<string> {
  const code = randomToken();
  await db.insert(authFlowStates).values({
    authCodeHash: hashToken(code),
    userId,
    codeChallenge: challenge.codeChallenge,
    codeChallengeMethod: challenge.codeChallengeMethod,
    expiresAt: new Date(now.getTime() + AUTH_CODE_LIFETIME_MS),
  });
  return code;
}

/** True when the verifier answers the challenge (RFC 7636: S256, or plain). */
export function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  if (method.toLowerCase() === 's256') return hash('sha256', verifier, 'base64url') === challenge;
  return method === 'plain' && verifier === challenge;
}

/** Uses up an auth code whose challenge the verifier answers; answers the user it was for. */
export async function exchangeAuthCode(
  db: Database,
  code: string,
  verifier: string,
  now = new Date(),
): Promise<
  { ok: true; userId: string } | { ok: false; reason: 'flow_state_not_found' | 'bad_code_verifier' }
> {
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(authFlowStates)
      .where(
        and(
          eq(authFlowStates.authCodeHash, hashToken(code)),
          isNull(authFlowStates.usedAt),
          sql`${authFlowStates.expiresAt} > ${now}`,
        ),
      )
      .for('update');
    if (!state) return { ok: false, reason: 'flow_state_not_found' };
    // As GoTrue: the code stays usable with its own verifier, which is 43 or more random characters.
    if (!verifierMatches(verifier, state.codeChallenge, state.codeChallengeMethod))
      return { ok: false, reason: 'bad_code_verifier' };
    await tx.update(authFlowStates).set({ usedAt: now }).where(eq(authFlowStates.id, state.id));
    return { ok: true, userId: state.userId };
  });
}
