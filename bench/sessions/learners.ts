// The signed-in learners the load sends requests as: users made in one insert, then a session and an access
// token each (bench/database.ts signedInToken, as the auth server signs them); and one more whose session has
// ended, which tells the two sides apart before anything is measured.
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { authSessions, users } from '../../server/db/schema.ts';
import { signedInToken } from '../database.ts';

export interface Learners {
  /** One access token per learner, each of its own session. */
  tokens: string[];
  /** A token whose session was deleted: the app as it ships refuses it, the baseline lets it through. */
  endedToken: string;
  seconds: number;
}

/** `count` learners signed in, `concurrency` at a time (the admin pool's size). */
export async function signInLearners(
  db: Database,
  jwtSecret: string,
  count: number,
  concurrency: number,
): Promise<Learners> {
  const startedAt = performance.now();
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: count + 1 }, (_, index) => ({
        email: `learner-${index}@sessions.bench.example.com`,
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const tokens: string[] = new Array(made.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < made.length; index = next++) {
      tokens[index] = await signedInToken(db, jwtSecret, (made[index] as { id: string }).id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const endedToken = tokens.pop() as string;
  const endedUser = made.at(-1) as { id: string };
  await db.delete(authSessions).where(eq(authSessions.userId, endedUser.id));
  return { tokens, endedToken, seconds: Math.round((performance.now() - startedAt) / 100) / 10 };
}

/**
 * Both sides answer the scenarios' first request 200, and differ where they should: a token whose session has
 * ended is refused by the app as it ships (401 session_not_found) and let through by the baseline.
 */
export async function checkSides(
  origins: { baseline: string; checked: string },
  paths: string[],
  learners: Learners,
): Promise<{ endedSession: { baseline: number; checked: number } }> {
  const get = async (origin: string, path: string, token: string) => {
    const response = await fetch(origin + path, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.text() };
  };
  for (const path of paths) {
    for (const [side, origin] of Object.entries(origins)) {
      const answer = await get(origin, path, learners.tokens[0] as string);
      if (answer.status !== 200) throw new Error(`${side} answered ${path} ${answer.status}: ${answer.body}`);
    }
  }
  const path = paths[0] ?? '/api/me/subscription/';
  const baseline = await get(origins.baseline, path, learners.endedToken);
  const checked = await get(origins.checked, path, learners.endedToken);
  if (baseline.status !== 200 || checked.status !== 401 || !checked.body.includes('session_not_found')) {
    throw new Error(
      `An ended session's token should pass the baseline and be refused by the app as it ships; they answered ` +
        `${baseline.status} and ${checked.status} ${checked.body}`,
    );
  }
  return { endedSession: { baseline: baseline.status, checked: checked.status } };
}
