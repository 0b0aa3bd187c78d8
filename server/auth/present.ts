import type { UserRow } from './sessions.ts';
import { ACCESS_TOKEN_SECONDS } from './tokens.ts';

const iso = (date: Date | null) => date?.toISOString() ?? undefined;

/** A user as GoTrue presents one to @supabase/auth-js (spec/learner.md §3: email, user_metadata, identities, factors). */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    confirmed_at: iso(user.emailConfirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    // GoTrue leaves both out unless an e-mail change waits for its link.
    ...(user.newEmail ? { new_email: user.newEmail } : {}),
    ...(user.emailChangeSentAt ? { email_change_sent_at: user.emailChangeSentAt.toISOString() } : {}),
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.userMetadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        provider: 'email',
        identity_data: { email: user.email, email_verified: user.emailConfirmedAt !== null, sub: user.id },
        email: user.email,
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
        last_sign_in_at: iso(user.lastSignInAt),
      },
    ],
    factors: [],
    is_anonymous: false,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** A session as GoTrue answers it from /token and /verify. */
export function presentSession(session: {
  accessToken: string;
  expiresAt: number;
  refreshToken: string;
  user: UserRow;
}) {
  return {
    access_token: session.accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: session.expiresAt,
    refresh_token: session.refreshToken,
    user: presentUser(session.user),
  };
}
