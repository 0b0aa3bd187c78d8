import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { TokenKeys } from '#server/signing-keys.ts';
import { sendAuthError } from './errors.ts';
import { isSessionActive } from './sessions.ts';
import { type AccessClaims, verifyAccessToken } from './tokens.ts';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export type Refusal = 'no_authorization' | 'bad_jwt' | 'session_not_found';

/**
 * The signed-in caller of /user and /logout, or why there is none, as GoTrue tells them apart: no token (401
 * no_authorization), a token that is not ours or has expired (403 bad_jwt), or a valid token whose session has
 * ended (403 session_not_found). auth-js reads these codes: all three as session_not_found made it say "Auth
 * session missing!" to a client that had sent nothing, or a broken token.
 */
export async function caller(
  db: Database,
  keys: TokenKeys,
  request: FastifyRequest,
): Promise<{ claims: AccessClaims } | { refusal: Refusal }> {
  const token = bearerToken(request);
  if (!token) return { refusal: 'no_authorization' };
  const claims = verifyAccessToken(keys, token);
  if (!claims) return { refusal: 'bad_jwt' };
  return (await isSessionActive(db, claims.sessionId)) ? { claims } : { refusal: 'session_not_found' };
}

const REFUSALS: Record<Refusal, [status: number, message: string]> = {
  no_authorization: [401, 'This endpoint requires a valid Bearer token'],
  bad_jwt: [403, 'invalid JWT: unable to parse or verify signature, or the token has expired'],
  session_not_found: [403, 'Session from session_id claim in JWT does not exist'],
};

/** Answers why there is no caller, in GoTrue's shape. */
export const refuse = (reply: FastifyReply, refusal: Refusal) =>
  sendAuthError(reply, REFUSALS[refusal][0], refusal, REFUSALS[refusal][1]);
