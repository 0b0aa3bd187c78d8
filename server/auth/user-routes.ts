import { z } from 'zod';
import { tooSoonToSendAgain } from '#server/http/retry-after.ts';
import { caller, refuse } from './caller.ts';
import { requestEmailChange } from './email-change.ts';
import { EMAIL_EXISTS, sendAuthError } from './errors.ts';
import { presentUser } from './present.ts';
import { safeRedirect } from './redirect.ts';
import type { AuthScope } from './routes.ts';
import { endSessions } from './sessions.ts';
import { findUser, USER_METADATA_TOO_LARGE, updateUserMetadata } from './users.ts';

const LogoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });
// GoTrue's user update: `data` is merged into user_metadata (any keys; a null removes one). The two keys the
// app reads keep their types, so a profile stays readable. `email` asks for an e-mail change.
const UserUpdateBody = z.object({
  email: z.email('Unable to validate email address: invalid format').max(254).optional(),
  data: z
    .record(z.string(), z.unknown())
    .refine(
      (data) =>
        (data.full_name === undefined || data.full_name === null || typeof data.full_name === 'string') &&
        (data.username === undefined || data.username === null || typeof data.username === 'string'),
      'data.full_name and data.username must be text',
    )
    .optional(),
  password: z.unknown().optional(),
  app_metadata: z.unknown().optional(),
});
const RedirectQuery = z.object({ redirect_to: z.string().max(2048).optional() });

const USER_GONE = 'User from sub claim in JWT does not exist';

/** The signed-in user, changing their metadata or address, and signing out. */
export function userRoutes(scope: AuthScope): void {
  const { app } = scope;
  app.get('/user', async (request, reply) => {
    const known = await caller(app.db, scope.tokenKeys, request);
    if ('refusal' in known) return refuse(reply, known.refusal);
    const user = await findUser(app.db, known.claims.userId);
    if (!user) return sendAuthError(reply, 403, 'user_not_found', USER_GONE);
    return presentUser(user);
  });

  app.put('/user', async (request, reply) => {
    const known = await caller(app.db, scope.tokenKeys, request);
    if ('refusal' in known) return refuse(reply, known.refusal);
    const { claims } = known;
    const body = UserUpdateBody.safeParse(request.body ?? {});
    if (!body.success) {
      const message = body.error.issues[0]?.message ?? 'The update is not valid';
      return sendAuthError(reply, 400, 'validation_failed', message);
    }
    if (body.data.app_metadata !== undefined)
      return sendAuthError(reply, 403, 'not_admin', 'User not allowed'); // GoTrue's answer to a user
    if (body.data.password !== undefined) {
      return sendAuthError(
        reply,
        422,
        'validation_failed',
        'Catamaran has no passwords: sign in with the link or the code we e-mail you.',
      );
    }
    let updated = await updateUserMetadata(app.db, claims.userId, body.data.data ?? {});
    if (updated === 'too_large') {
      return sendAuthError(reply, 400, 'validation_failed', USER_METADATA_TOO_LARGE);
    }
    if (!updated) return sendAuthError(reply, 403, 'user_not_found', USER_GONE);
    if (body.data.email !== undefined) {
      const query = RedirectQuery.safeParse(request.query ?? {});
      const redirectTo = safeRedirect(scope.siteUrl, query.success ? query.data.redirect_to : undefined);
      const change = await requestEmailChange(
        app.db,
        app.jobs,
        { siteUrl: scope.siteUrl, secret: scope.jwtSecret },
        { userId: claims.userId, newEmail: body.data.email, redirectTo },
        new Date(),
        scope.limits.emailIntervalSeconds,
      );
      if (!change.ok) {
        if (change.reason === 'email_exists') return sendAuthError(reply, 422, 'email_exists', EMAIL_EXISTS);
        if (change.reason !== 'rate_limited') return sendAuthError(reply, 403, 'user_not_found', USER_GONE);
        reply.header('Retry-After', String(change.retryAfterSeconds));
        return sendAuthError(
          reply,
          429,
          'over_email_send_rate_limit',
          tooSoonToSendAgain(change.retryAfterSeconds),
        );
      }
      updated = change.user;
    }
    return presentUser(updated);
  });

  app.post('/logout', async (request, reply) => {
    const query = LogoutQuery.safeParse(request.query ?? {});
    if (!query.success)
      return sendAuthError(reply, 400, 'validation_failed', 'scope must be global, local or others');
    const known = await caller(app.db, scope.tokenKeys, request);
    // Signing out of a session that is already gone is not an error for the client: the result is the same.
    // Without a token, or with one that is not ours, there is nobody to sign out: GoTrue's refusal.
    if ('refusal' in known) {
      if (known.refusal !== 'session_not_found') return refuse(reply, known.refusal);
    } else {
      await endSessions(app.db, known.claims.userId, known.claims.sessionId, query.data.scope);
    }
    return reply.status(204).send();
  });
}
