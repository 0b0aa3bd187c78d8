import { eq } from 'drizzle-orm';
import { createSession } from '#server/auth/sessions.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { chapters, languages, readingDays, stories, subscriptions, users } from '#server/db/schema.ts';
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

/** A learner's subscription row as the webhooks would leave it: an active Stripe subscription unless told. */
export async function giveSubscription(
  db: Database,
  userId: string,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<typeof subscriptions.$inferSelect> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      stripeCustomerId: `cus_${userId.slice(0, 8)}`,
      stripeSubscriptionId: `sub_${userId.slice(0, 8)}`,
      status: 'active',
      currentPeriodEnd: new Date('2027-01-15T12:00:00Z'),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('giveSubscription inserted nothing');
  return row;
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

/**
 * A story with `chapters` chapters of `wordsPerChapter` words each, in reading order; published and free
 * unless told otherwise. Written straight to the tables (the admin API's rules are tested there).
 */
export async function createStory(
  db: Database,
  options: {
    languageCode?: string;
    chapters?: number;
    wordsPerChapter?: number;
    story?: Partial<typeof stories.$inferInsert>;
  } = {},
): Promise<{ story: typeof stories.$inferSelect; chapters: (typeof chapters.$inferSelect)[] }> {
  const code = options.languageCode ?? 'es';
  const [language] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code));
  if (!language) throw new Error(`createStory: no language with the code ${code}`);
  const count = options.chapters ?? 1;
  const words = options.wordsPerChapter ?? 10;
  const [story] = await db
    .insert(stories)
    .values({
      title: 'La casa del árbol',
      author: 'Ana Ruiz',
      languageId: language.id,
      isPublished: true,
      isFree: true,
      estimatedWordCount: count * words,
      ...options.story,
    })
    .returning();
  if (!story) throw new Error('createStory inserted nothing');
  const made =
    count === 0
      ? []
      : await db
          .insert(chapters)
          .values(
            Array.from({ length: count }, (_, index) => ({
              storyId: story.id,
              chapterNumber: index + 1,
              orderIndex: index,
              title: `Capítulo ${index + 1}`,
              content: Array.from({ length: words }, (_, word) => `palabra${word}`).join(' '),
              wordCount: words,
            })),
          )
          .returning();
  return { story, chapters: made.sort((a, b) => a.orderIndex - b.orderIndex) };
}

/**
 * A learner's reading on one of their local days in a language, written straight to reading_days (as the
 * reading-time reports and mark-read would have left it): for activity and streak tests.
 */
export async function addReadingDay(
  db: Database,
  entry: { userId: string; day: string; languageCode?: string; seconds?: number; wordsRead?: number },
): Promise<void> {
  const code = entry.languageCode ?? 'es';
  const [language] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code));
  if (!language) throw new Error(`addReadingDay: no language with the code ${code}`);
  await db
    .insert(readingDays)
    .values({
      userId: entry.userId,
      day: entry.day,
      languageId: language.id,
      seconds: entry.seconds ?? 0,
      wordsRead: entry.wordsRead ?? 0,
    })
    .onConflictDoUpdate({
      target: [readingDays.userId, readingDays.day, readingDays.languageId],
      set: { seconds: entry.seconds ?? 0, wordsRead: entry.wordsRead ?? 0 },
    });
}
