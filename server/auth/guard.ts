import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from '#server/http/database-unavailable.ts';
import { HttpError } from '#server/http/errors.ts';
import { everyInterval } from '#server/jobs/every.ts';
import type { TokenKeys } from '#server/signing-keys.ts';
import { EndedSessions, endedSessionsReader } from './ended-sessions.ts';
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

/** How the guard learns of ended sessions: the database to read them from, how often, and where a failed read goes. */
export interface EndedSessionsFeed {
  db: Database;
  pollMs: number;
  onError: (error: unknown) => void;
}

/**
 * Every /api route verifies the bearer access token unless it is marked `config: { public: true }` (a public
 * route also marked `readsToken` verifies a token when one is sent). The token is verified without the
 * database, and refused when its session has ended since: every server reads the sessions ended anywhere every
 * 2 s (EndedSessions, docs/decisions/065), so a sign-out everywhere, a replayed refresh token or a deleted
 * account closes the API to the session's tokens within seconds, not their hour, and no request waits for it.
 * Without a feed (the session benchmark's baseline), the token alone decides.
 */
export function registerApiAuthentication(
  api: FastifyInstance,
  keys: TokenKeys,
  feed: EndedSessionsFeed | undefined,
): void {
  const tokens = new AccessTokenVerifier(keys);
  const ended = feed ? followEndedSessions(api, feed) : undefined;
  api.decorateRequest('user', null);
  // A callback hook, not an async one: it runs on every call and has nothing to wait for.
  api.addHook('onRequest', (request, reply, done) => {
    const { config } = request.routeOptions;
    const isOpen = config.public === true && (config.readsToken !== true || !request.headers.authorization);
    if (isOpen) return done();
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    const claims = match?.[1] ? tokens.verify(match[1]) : undefined;
    if (!claims) return done(new HttpError(401, 'Not authenticated'));
    if (ended && !ended.isKnown) {
      // Until the first read, this server cannot tell an ended session from a live one.
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return done(new HttpError(503, DATABASE_UNAVAILABLE));
    }
    if (ended?.has(claims.sessionId)) return done(sessionEnded());
    request.user = claims;
    done();
  });
}

/**
 * The ended sessions, read once before the server takes its first request (so a session ended before it
 * started is refused too), then every `pollMs` until it closes. A failed read keeps what was known: while the
 * database does not answer, nobody can end a session either. A server whose database did not answer its first
 * read answers signed-in calls 503 until a read succeeds.
 */
function followEndedSessions(api: FastifyInstance, feed: EndedSessionsFeed): EndedSessions {
  const ended = new EndedSessions(endedSessionsReader(feed.db));
  let reading: { stop: () => Promise<void> } | undefined;
  api.addHook('onReady', async () => {
    await ended.refresh().catch(feed.onError);
    reading = everyInterval(() => ended.refresh(), { intervalMs: feed.pollMs, onError: feed.onError });
  });
  api.addHook('onClose', async () => {
    await reading?.stop();
  });
  return ended;
}
