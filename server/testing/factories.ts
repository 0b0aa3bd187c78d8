import { createSession } from '../auth/sessions.ts';
import { signAccessToken } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import { languages, users } from '../db/schema.ts';
import { TEST_JWT_SECRET } from './app.ts';

// ISO 639-1 leaves the q* codes unassigned, so they never clash with a seeded language.
let sequence = 0;
function nextUnusedCode(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `q${letters[sequence++ % letters.length]}`;
}

/** A language of the test's own, with a two-letter code no seeded language uses. */
export async function createLanguage(
  db: Database,
  overrides: Partial<typeof languages.$inferInsert> = {},
): Promise<typeof languages.$inferSelect> {
  const code = overrides.code ?? nextUnusedCode();
  const [language] = await db
    .insert(languages)
    .values({ code, name: `Test language ${code}`, nativeName: `Native ${code}`, ...overrides })
    .returning();
  if (!language) throw new Error('createLanguage inserted nothing');
  return language;
}

let userSequence = 0;

/** A user who has confirmed their address, with a unique e-mail unless one is given. */
export async function createUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  userSequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `learner${userSequence}-${Date.now()}@example.com`,
      userMetadata: { full_name: `Learner ${userSequence}`, username: `learner${userSequence}` },
      emailConfirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('createUser inserted nothing');
  return user;
}

/** Signs a user in directly (no e-mail): a session, its refresh token and a 1-hour access token. */
export async function signIn(db: Database, user: { id: string }, secret = TEST_JWT_SECRET) {
  const session = await createSession(db, user.id);
  const access = await signAccessToken(secret, {
    userId: session.user.id,
    email: session.user.email,
    sessionId: session.sessionId,
    userMetadata: session.user.userMetadata,
  });
  return { accessToken: access.token, refreshToken: session.refreshToken, sessionId: session.sessionId };
}
