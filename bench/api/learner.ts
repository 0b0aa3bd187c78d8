// The signed-in learner every request is sent as, with some progress made through the API as the web app makes
// it: Spanish chosen, the first demo chapter marked read, reading time counted, a few words looked up and saved.
// And the list of hot endpoints, each one request as a browser sends it.
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER, OCCURRED_AT_HEADER } from '../../common/offline.ts';
import type { Database } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { signedInToken } from '../database.ts';
import { type Answer, fetchRaw as fetchAnswer } from '../fetch.ts';
import type { LoadRequest } from './load.ts';

/** What a browser sends with a fetch of the app (web/lib/api.ts adds X-Timezone). */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'x-timezone': 'Europe/Madrid',
};

/** A word of the first demo chapter found in the demo dictionary: looked up once first, then cached. */
const LOOKED_UP = ['gata', 'luna', 'casa', 'noche', 'blanca'];

export type { Answer };

/** One request as the wire carries it, with a browser's headers. */
export function fetchRaw(origin: string, sent: LoadRequest): Promise<Answer> {
  return fetchAnswer(origin, sent, BROWSER_HEADERS);
}

export interface Learner {
  token: string;
  /** Tokens of other learners, each reading too: the reports as the reader sends them come from all of them. */
  readers: string[];
  chapterId: number;
  storyId: number;
  languageId: number;
  word: string;
}

/** Signs a learner in and makes their progress through the app at `origin`. */
export async function prepareLearner(db: Database, jwtSecret: string, origin: string): Promise<Learner> {
  const [user] = await db
    .insert(users)
    .values({
      email: 'bench-learner@example.com',
      userMetadata: { full_name: 'Bench Learner', username: 'benchlearner' },
      emailConfirmedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no learner inserted');
  const token = await signedInToken(db, jwtSecret, user.id);
  // The first chapter of the first free Spanish demo story.
  const { rows } = await db.execute<{ chapter_id: number; story_id: number; language_id: number }>(sql`
    SELECT c.id AS chapter_id, s.id AS story_id, l.id AS language_id
    FROM chapters c JOIN stories s ON s.id = c.story_id JOIN languages l ON l.id = s.language_id
    WHERE l.code = 'es' AND s.is_free AND s.is_published
    ORDER BY s.id, c.chapter_number LIMIT 1`);
  const first = rows[0];
  if (!first) throw new Error('the demo library has no free Spanish story');
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const answer = await fetchRaw(origin, {
      method,
      path,
      headers: body === undefined ? { authorization: json.authorization } : json,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
    return answer;
  };
  await send('POST', '/api/user/language-progress/', { language_id: first.language_id });
  await send('POST', `/api/chapters/${first.chapter_id}/mark-read/`, {});
  await send('POST', '/api/track-reading-time/', { chapter_id: first.chapter_id, seconds: 240 });
  let word = '';
  for (const candidate of LOOKED_UP) {
    const answer = await send(
      'GET',
      `/api/dict/lookup/?language=es&surface=${encodeURIComponent(candidate)}`,
    );
    if (!word && (JSON.parse(answer.body) as { found?: boolean }).found !== false) word = candidate;
    await send('POST', '/api/words/save/', {
      word: candidate,
      language: 'es',
      story: first.story_id,
      chapter: first.chapter_id,
    });
  }
  return {
    token,
    readers: await readersOf(db, jwtSecret, READERS),
    chapterId: first.chapter_id,
    storyId: first.story_id,
    languageId: first.language_id,
    word: word || (LOOKED_UP[0] as string),
  };
}

/** Learners reading at the same moment, each sending a report every 30 seconds as the reader does. */
const READERS = 200;

/** `count` more signed-in learners, their tokens. */
async function readersOf(db: Database, jwtSecret: string, count: number): Promise<string[]> {
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `bench-reader-${index}@example.com`,
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const tokens: string[] = [];
  for (const user of made) tokens.push(await signedInToken(db, jwtSecret, user.id));
  return tokens;
}

export const ENDPOINTS = [
  'languages',
  'stories',
  'dailyGoal',
  'chapter',
  'activity',
  'words',
  'lookup',
  'track',
  'trackKeyed',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/**
 * Each endpoint's target as a share of the bare route's rate (issue 25): a third for the hot reads and the
 * reading-time write, half for the cached lookup. Its p99 is measured offered half of that rate.
 */
export const TARGET_SHARE: Record<Endpoint, number> = {
  languages: 0.33,
  stories: 0.33,
  dailyGoal: 0.33,
  chapter: 0.33,
  activity: 0.33,
  words: 0.33,
  lookup: 0.5,
  track: 0.33,
  trackKeyed: 0.33,
};

/** A UUID the load generator replaces with a new one on every send (LoadRequest.fresh). */
const FRESH_ID = '00000000-0000-4000-8000-00000000f2e5';

/**
 * Each hot endpoint's requests, signed as the learner; the reports as the reader sends them, from every reader
 * in turn (one learner cannot send 50 at once: their day's row would be the only one written).
 */
export function endpointRequests(learner: Learner): Record<Endpoint, LoadRequest[]> {
  const headers = { authorization: `Bearer ${learner.token}` };
  const get = (path: string): LoadRequest[] => [{ method: 'GET', path, headers }];
  const occurredAt = new Date().toISOString();
  return {
    languages: get('/api/languages/'),
    stories: get('/api/stories/?language=es'),
    dailyGoal: get('/api/daily-goal/?language=es'),
    chapter: get(`/api/chapters/${learner.chapterId}/`),
    activity: get('/api/activity/'),
    words: get('/api/words/'),
    lookup: get(`/api/dict/lookup/?language=es&surface=${encodeURIComponent(learner.word)}`),
    track: [
      {
        method: 'POST',
        path: '/api/track-reading-time/',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ chapter_id: learner.chapterId, seconds: 30 }),
      },
    ],
    // As the reader sends it (web/features/reader/useReadingTime.ts): a report id of its own, sent as its
    // Idempotency-Key too, and when it was read (Occurred-At), through the outbox (decision 084).
    trackKeyed: learner.readers.map((token) => ({
      method: 'POST',
      path: '/api/track-reading-time/',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: FRESH_ID,
        [OCCURRED_AT_HEADER]: occurredAt,
      },
      body: JSON.stringify({ chapter_id: learner.chapterId, seconds: 30, report_id: FRESH_ID }),
      fresh: FRESH_ID,
    })),
  };
}
