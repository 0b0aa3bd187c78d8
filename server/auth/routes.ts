import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { HttpError } from '#server/http/errors.ts';
import { isClientAbort } from '#server/http/log-policy.ts';
import { clientNetwork, postgresRateLimitStore } from '#server/http/rate-limit-store.ts';
import { tooManyFromNetwork, tooSoonToSendAgain } from '#server/http/retry-after.ts';
import { keySet, type SigningKey, type TokenKeys } from '#server/signing-keys.ts';
import { tooManyCodesMessage } from './code-failures.ts';
import { AuthFailure, EMAIL_EXISTS, GOTRUE_API_VERSION, sendAuthError } from './errors.ts';
import { type LinkPurpose, requestMagicLink, verifyCode, verifyLinkToken } from './magic-links.ts';
import { createAuthCode, exchangeAuthCode } from './pkce.ts';
import { presentSession } from './present.ts';
import { safeRedirect } from './redirect.ts';
import { createSession, type IssuedSession, refreshSession } from './sessions.ts';
import { signAccessToken } from './tokens.ts';
import { userRoutes } from './user-routes.ts';
import { SignUpData } from './users.ts';

const RefreshBody = z.object({ refresh_token: z.string().min(1).max(512) });
const OtpBody = z.object({
  email: z.email().max(254),
  data: SignUpData.optional(),
  create_user: z.boolean().default(true),
  // The client sends null for both in the implicit flow.
  code_challenge: z.string().min(43).max(128).nullish(),
  code_challenge_method: z.enum(['s256', 'plain']).nullish(),
});
// GoTrue's e-mail OTP types: the three of signing in, and the confirmation of a new address.
const OtpType = z.enum(['email', 'magiclink', 'signup', 'email_change']);
const VerifyBody = z.union([
  z.object({ type: OtpType, token_hash: z.string().min(1).max(256) }),
  z.object({ type: OtpType, email: z.email().max(254), token: z.string().regex(/^\d{6}$/) }),
]);
const purposeOf = (type: z.infer<typeof OtpType>): LinkPurpose =>
  type === 'email_change' ? 'email_change' : 'sign_in';

const VerifyQuery = z.object({
  token: z.string().min(1).max(256),
  type: OtpType,
  redirect_to: z.string().max(2048).optional(),
});
const PkceBody = z.object({
  auth_code: z.string().min(1).max(256),
  code_verifier: z.string().min(43).max(128),
});

// GoTrue's answers to a code it does not know (or that is spent or expired) and to a verifier that does not match.
const PKCE_REFUSALS = {
  flow_state_not_found: [404, 'invalid flow state, no valid flow state found'],
  bad_code_verifier: [400, 'code challenge does not match previously saved code verifier'],
} as const;

const REFRESH_MESSAGES = {
  refresh_token_not_found: 'Invalid Refresh Token: Refresh Token Not Found',
  refresh_token_already_used: 'Invalid Refresh Token: Already Used',
  session_expired: 'Session Expired',
} as const;

/** Requests per IP and window of the calls a script would repeat. */
export interface AuthRateLimits {
  otp: number;
  verify: number;
  token: number;
  /** Seconds between two sign-in mails to one address; the mail benchmark shortens it. */
  emailIntervalSeconds?: number;
}

/** Requests per IP per 5 minutes (Supabase Auth's defaults). */
export const AUTH_RATE_LIMITS: AuthRateLimits = { otp: 30, verify: 30, token: 150 };
const RATE_WINDOW_MS = 5 * 60 * 1000;

/**
 * The part of the Supabase Auth (GoTrue) HTTP API that @supabase/auth-js calls for e-mail sign-in, under
 * /auth/v1, with GoTrue's shapes, statuses and error bodies.
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { jwtSecret: string; signingKey?: SigningKey; siteUrl: string; rateLimits?: AuthRateLimits },
): Promise<void> {
  const limits = options.rateLimits ?? AUTH_RATE_LIMITS;
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(app.db),
    keyGenerator: (request) => clientNetwork(request.ip),
    // GoTrue's code, so the client knows it; the sentence, which the forms show as it is, says how long to wait.
    errorResponseBuilder: (_request, context) =>
      new AuthFailure(429, 'over_request_rate_limit', tooManyFromNetwork(context.ttl)),
  });

  speakGoTrue(app);
  const tokenKeys: TokenKeys = { secret: options.jwtSecret, signing: options.signingKey };
  const scope: AuthScope = { app, jwtSecret: options.jwtSecret, tokenKeys, siteUrl: options.siteUrl, limits };
  signInRoutes(scope);
  verifyRoutes(scope);
  sessionRoutes(scope);
  userRoutes(scope);
  // GoTrue's key set: the public half of the signing key, for services that verify learners' tokens.
  const published = keySet(tokenKeys);
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=600');
    return published;
  });
}

/**
 * What the auth routes share: the scope they are registered on, the server's secret (which also keys the codes'
 * HMACs), the keys that sign access tokens, the site and the limits.
 */
export interface AuthScope {
  app: FastifyInstance;
  jwtSecret: string;
  tokenKeys: TokenKeys;
  siteUrl: string;
  limits: AuthRateLimits;
}

/** A route counted against a per-IP limit of `max` requests in the window. */
export function perIp(max: number): RouteShorthandOptions {
  return { config: { rateLimit: { max, timeWindow: RATE_WINDOW_MS } } };
}

/** Errors, JSON bodies and headers of this scope as GoTrue has them. */
function speakGoTrue(app: FastifyInstance): void {
  // Every error of this scope in GoTrue's shape, so the client raises it with a code and a sentence.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof AuthFailure)
      return sendAuthError(reply, error.statusCode, error.code, error.message);
    // A refusal of the app's own checks at the edge (text the database cannot store) keeps its sentence.
    if (error instanceof HttpError && error.statusCode < 500)
      return sendAuthError(reply, error.statusCode, 'validation_failed', error.message);
    const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      if (isClientAbort(error))
        request.log.info({ code: (error as { code?: unknown }).code }, 'the client went away');
      else request.log.error({ err: error }, 'auth request failed');
      return sendAuthError(
        reply,
        500,
        'unexpected_failure',
        'Something went wrong on our side. Please try again.',
      );
    }
    const message =
      status === 413
        ? 'The request body is too large.'
        : status === 415
          ? 'Send JSON.'
          : 'The request body is not valid JSON.';
    return sendAuthError(reply, status, 'validation_failed', message);
  });

  // @supabase/auth-js sends `Content-Type: application/json` with no body on /logout; GoTrue reads that as {}.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    void parseJson(request, body.toString(), done);
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', GOTRUE_API_VERSION);
    // Answers about a person are never stored; the public key set says how long it may be kept.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}

/** A session as GoTrue answers it: its refresh token and a fresh 1-hour access token. */
export async function answerSession(
  { tokenKeys, siteUrl }: Pick<AuthScope, 'tokenKeys' | 'siteUrl'>,
  session: IssuedSession,
) {
  const access = await signAccessToken(tokenKeys, {
    userId: session.user.id,
    email: session.user.email,
    sessionId: session.sessionId,
    userMetadata: session.user.userMetadata,
    issuer: authIssuer(siteUrl),
    signedInAt: session.signedInAt,
  });
  return presentSession({
    accessToken: access.token,
    expiresAt: access.expiresAt,
    refreshToken: session.refreshToken,
    user: session.user,
  });
}

/** GoTrue's `iss`: the address of the auth server, here the site's /auth/v1. */
export const authIssuer = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/auth/v1`;

/** Asking for a sign-in mail: a link and a code, or a sentence when it is too soon for another. */
function signInRoutes(scope: AuthScope): void {
  const { app, siteUrl, limits } = scope;
  app.post('/otp', perIp(limits.otp), async (request, reply) => {
    const body = OtpBody.safeParse(request.body ?? {});
    if (!body.success) {
      const issue = body.error.issues[0];
      const message =
        issue?.path[0] === 'email'
          ? 'Unable to validate email address: invalid format'
          : issue?.path[0] === 'data'
            ? issue.message
            : 'The request is not valid.';
      return sendAuthError(reply, 400, 'validation_failed', message);
    }
    const { redirect_to: redirectTo } = request.query as { redirect_to?: string };
    const outcome = await requestMagicLink(
      app.db,
      app.jobs,
      {
        email: body.data.email,
        createUser: body.data.create_user,
        data: body.data.data,
        redirectTo: safeRedirect(siteUrl, typeof redirectTo === 'string' ? redirectTo : undefined),
        codeChallenge: body.data.code_challenge ?? undefined,
        codeChallengeMethod: body.data.code_challenge_method ?? undefined,
      },
      new Date(),
      limits.emailIntervalSeconds,
    );
    if (!outcome.ok) {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      return sendAuthError(
        reply,
        429,
        'over_email_send_rate_limit',
        tooSoonToSendAgain(outcome.retryAfterSeconds),
      );
    }
    return {};
  });
}

/**
 * Answers a typed code: a session; GoTrue's 403 for a wrong or spent code; or 429 while the address has sent
 * too many wrong codes, a rate limit rather than a bad code, since the right code is refused too until then.
 */
async function answerCode(
  scope: AuthScope,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; token: string; type: z.infer<typeof OtpType> },
) {
  const { app, jwtSecret } = scope;
  const outcome = await verifyCode(app.db, jwtSecret, body.email, body.token, {
    purpose: purposeOf(body.type),
  });
  if (outcome.ok) {
    const userAgent = request.headers['user-agent'];
    return answerSession(scope, await createSession(app.db, outcome.link.userId, { userAgent }));
  }
  if (outcome.retryAfterSeconds) {
    reply.header('Retry-After', String(outcome.retryAfterSeconds));
    const message = tooManyCodesMessage(outcome.retryAfterSeconds);
    return sendAuthError(reply, 429, 'over_request_rate_limit', message);
  }
  if (outcome.emailExists) return sendAuthError(reply, 422, 'email_exists', EMAIL_EXISTS);
  return sendAuthError(reply, 403, 'otp_expired', 'Token has expired or is invalid'); // GoTrue's sentence
}

/** Verifying a sign-in link or code: by POST from the web app, or by GET from GoTrue's own link. */
function verifyRoutes(scope: AuthScope): void {
  const { app, siteUrl, limits } = scope;
  app.post('/verify', perIp(limits.verify), async (request, reply) => {
    const body = VerifyBody.safeParse(request.body ?? {});
    if (!body.success) {
      return sendAuthError(
        reply,
        400,
        'validation_failed',
        'Verify needs a token_hash, or an email and its 6-digit token',
      );
    }
    if ('token' in body.data) return answerCode(scope, request, reply, body.data);
    const verified = await verifyLinkToken(app.db, body.data.token_hash, purposeOf(body.data.type));
    if (verified === 'email_exists') return sendAuthError(reply, 422, 'email_exists', EMAIL_EXISTS);
    if (!verified) return sendAuthError(reply, 403, 'otp_expired', 'Email link is invalid or has expired');
    return answerSession(
      scope,
      await createSession(app.db, verified.userId, { userAgent: request.headers['user-agent'] }),
    );
  });

  // For clients that open GoTrue's own link: verifies, then 303 back to the site with the session in the
  // fragment (implicit flow) or a one-time `?code=` (PKCE). The web app's e-mails link to /signin/verify, which
  // verifies with a POST instead, so a mail scanner fetching the link does not use it up.
  app.get('/verify', perIp(limits.verify), async (request, reply) => {
    const query = VerifyQuery.safeParse(request.query ?? {});
    const fallback = safeRedirect(siteUrl, query.success ? query.data.redirect_to : undefined);
    const fail = (code: string, description: string) => {
      const target = new URL(fallback);
      target.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: code,
        error_description: description,
      }).toString();
      return reply.redirect(target.toString(), 303);
    };
    if (!query.success) return fail('validation_failed', 'Verify needs a token and a type');
    const verified = await verifyLinkToken(app.db, query.data.token, purposeOf(query.data.type));
    if (verified === 'email_exists') return fail('email_exists', EMAIL_EXISTS);
    if (!verified) return fail('otp_expired', 'Email link is invalid or has expired');

    const target = new URL(safeRedirect(siteUrl, query.data.redirect_to ?? verified.redirectTo));
    if (verified.codeChallenge && verified.codeChallengeMethod) {
      const code = await createAuthCode(app.db, verified.userId, {
        codeChallenge: verified.codeChallenge,
        codeChallengeMethod: verified.codeChallengeMethod,
      });
      target.searchParams.set('code', code);
      return reply.redirect(target.toString(), 303);
    }
    const session = await answerSession(
      scope,
      await createSession(app.db, verified.userId, { userAgent: request.headers['user-agent'] }),
    );
    target.hash = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type: query.data.type,
    }).toString();
    return reply.redirect(target.toString(), 303);
  });
}

/** Refreshing and exchanging tokens. */
function sessionRoutes(scope: AuthScope): void {
  const { app, limits } = scope;
  app.post('/token', perIp(limits.token), async (request, reply) => {
    const { grant_type: grantType } = request.query as { grant_type?: string };
    if (grantType === 'pkce') {
      const body = PkceBody.safeParse(request.body ?? {});
      if (!body.success)
        return sendAuthError(
          reply,
          400,
          'validation_failed',
          'An auth_code and a code_verifier are required',
        );
      const exchanged = await exchangeAuthCode(app.db, body.data.auth_code, body.data.code_verifier);
      if (!exchanged.ok) {
        const [status, message] = PKCE_REFUSALS[exchanged.reason];
        return sendAuthError(reply, status, exchanged.reason, message);
      }
      return answerSession(
        scope,
        await createSession(app.db, exchanged.userId, { userAgent: request.headers['user-agent'] }),
      );
    }
    if (grantType !== 'refresh_token') {
      return sendAuthError(reply, 400, 'validation_failed', 'Unsupported grant_type');
    }
    const body = RefreshBody.safeParse(request.body ?? {});
    if (!body.success) return sendAuthError(reply, 400, 'validation_failed', 'A refresh_token is required');

    const outcome = await refreshSession(app.db, body.data.refresh_token);
    if (!outcome.ok) return sendAuthError(reply, 400, outcome.reason, REFRESH_MESSAGES[outcome.reason]);
    return answerSession(scope, outcome.session);
  });
}
