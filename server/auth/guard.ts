import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import type { TokenKeys } from '#server/signing-keys.ts';
import { LiveSessions, sessionLookup } from './live-sessions.ts';
import { type AccessClaims, AccessTokenVerifier } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every /api route that is not public. */
    user: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a token. */
    public?: boolean;
    /**
     * With `public`: a token, when one is sent, is still verified and sets `request.user` (read it with
     * `optionalViewer`); a token that fails verification is refused as on any other route.
     */
    readsToken?: boolean;
  }
}

const SESSION_ENDED = 'Your session has ended: sign in again.';
/** The answer to a token whose session has ended: the API's sentence, and GoTrue's code for the auth client. */
const sessionEnded = () =>
  new HttpError(401, SESSION_ENDED, {
    code: 'session_not_found',
    error_code: 'session_not_found',
    msg: SESSION_ENDED,
  });

/**
 * Every /api route verifies the bearer access token unless it is marked `config: { public: true }` (a public
 * route also marked `readsToken` verifies a token when one is sent). The token is verified without the
 * database; whether its session is still live is asked of LiveSessions, which answers at once from what it
 * heard within the last few seconds (docs/decisions/065), so a session ended by signing out everywhere, by a
 * replayed refresh token or by deleting the account is refused on every server within 10 s, not its hour.
 * Without a database (`db` undefined: the session benchmark's baseline), the token alone decides.
 */
export function registerApiAuthentication(
  api: FastifyInstance,
  keys: TokenKeys,
  db: Database | undefined,
): void {
  const tokens = new AccessTokenVerifier(keys);
  const sessions = db ? new LiveSessions(sessionLookup(db)) : undefined;
  api.decorateRequest('user', null);
  // A callback hook, not an async one: it runs on every call, and most calls have nothing to wait for.
  api.addHook('onRequest', (request, _reply, done) => {
    const { config } = request.routeOptions;
    const isOpen = config.public === true && (config.readsToken !== true || !request.headers.authorization);
    if (isOpen) return done();
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    const claims = match?.[1] ? tokens.verify(match[1]) : undefined;
    if (!claims) return done(new HttpError(401, 'Not authenticated'));
    request.user = claims;
    const live = sessions ? sessions.check(claims.sessionId) : true;
    if (live === true) return done();
    if (live === false) return done(sessionEnded());
    live.then((isLive) => done(isLive ? undefined : sessionEnded()), done);
  });
}
