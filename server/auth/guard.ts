import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/http/errors.ts';
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

/**
 * Every /api route verifies the bearer access token unless it is marked `config: { public: true }` (a public
 * route also marked `readsToken` verifies a token when one is sent). The check is the token alone (signature,
 * audience, expiry), with no database round trip: a token outlives sign-out by at most its hour, as with
 * Supabase Auth.
 */
export function registerApiAuthentication(api: FastifyInstance, jwtSecret: string): void {
  const tokens = new AccessTokenVerifier(jwtSecret);
  api.decorateRequest('user', null);
  // A callback hook, not an async one: it runs on every call and has nothing to wait for.
  api.addHook('onRequest', (request, _reply, done) => {
    const { config } = request.routeOptions;
    const isOpen = config.public === true && (config.readsToken !== true || !request.headers.authorization);
    if (isOpen) return done();
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    const claims = match?.[1] ? tokens.verify(match[1]) : undefined;
    if (!claims) return done(new HttpError(401, 'Not authenticated'));
    request.user = claims;
    done();
  });
}
