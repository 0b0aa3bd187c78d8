// The site Lighthouse measures: the built app (dist/server/main.js, production mode, as the site runs) over the
// benchmark's embedded PostgreSQL, with the demo library the server adds to a new database; a learner of
// Spanish with a session the auth server issued, as the browser keeps it; and the baseline, a bare Fastify
// route answering one small static page on the same machine.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { startBuiltServer } from '../../e2e/support/server.ts';
import { createSession } from '../../server/auth/sessions.ts';
import type { BenchDatabase } from '../database.ts';

/** The cookie the app keeps beside its stored session for the server's page route (web/lib/pageSession.ts). */
export const PAGE_SESSION_COOKIE = 'catamaran-page-session';
/** The cookie with the learner's time zone the app writes beside it (web/lib/pageSession.ts, decision 117). */
export const PAGE_ZONE_COOKIE = 'catamaran-page-zone';
/** The auth client's localStorage key (web/features/auth/client.ts). */
export const SESSION_KEY = 'catamaran-auth';

export interface Site {
  origin: string;
  /** The reader's page: the first chapter of a demo Spanish story. */
  readerPath: string;
  learnerId: string;
  stop(): Promise<void>;
}

/** Starts the built server on the benchmark's database and waits for the demo library to be in it. */
export async function startSite(database: BenchDatabase): Promise<Site> {
  const server = await startBuiltServer(
    {
      DATABASE_URL: database.databaseUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // Production requires SMTP; nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: `${database.scratch}/data`,
      DEMO_CONTENT: 'on',
      LOG_LEVEL: 'warn',
    },
    180_000,
  );
  try {
    const { rows } = await database.admin.pool.query<{ story_id: number; chapter_id: number }>(
      `SELECT s.id AS story_id, c.id AS chapter_id
         FROM stories s
         JOIN languages l ON l.id = s.language_id AND l.code = 'es'
         JOIN chapters c ON c.story_id = s.id
        WHERE s.is_published
        ORDER BY s.id, c.chapter_number
        LIMIT 1`,
    );
    const first = rows[0];
    if (!first) throw new Error('The demo library has no published Spanish story.');
    const learnerId = await createLearner(database);
    await chooseSpanish(server.url, await issueSession(database, learnerId, server.url));
    return {
      origin: server.url,
      readerPath: `/read/${first.story_id}/${first.chapter_id}`,
      learnerId,
      stop: async () => {
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A confirmed learner, made straight in the database as the end-to-end tests make theirs. */
async function createLearner(database: BenchDatabase): Promise<string> {
  const { rows } = await database.admin.pool.query<{ id: string }>(
    `INSERT INTO users (email, user_metadata, email_confirmed_at)
     VALUES ('lighthouse@example.com', $1, now()) RETURNING id`,
    [{ full_name: 'Light House', username: 'lighthouse' }],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('The learner was not created.');
  return id;
}

/** A session as the auth server issues it (a refresh-token grant), in the shape the auth client stores. */
export async function issueSession(
  database: BenchDatabase,
  userId: string,
  origin: string,
): Promise<Record<string, unknown>> {
  const issued = await createSession(database.admin.db, userId, { userAgent: 'bench/lighthouse' });
  const response = await fetch(`${origin}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: issued.refreshToken }),
  });
  if (!response.ok)
    throw new Error(`The session refresh answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The learner's first language, Spanish from English, chosen as the dashboard chooses it. */
async function chooseSpanish(origin: string, session: Record<string, unknown>): Promise<void> {
  const headers = { authorization: `Bearer ${String(session.access_token)}` };
  const languages = (await (await fetch(`${origin}/api/languages/`, { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const id = (code: string) => languages.find((language) => language.code === code)?.id;
  const response = await fetch(`${origin}/api/user/language-progress/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ language_id: id('es'), native_language_id: id('en'), current_level: 'beginner' }),
  });
  if (!response.ok) throw new Error(`Choosing Spanish answered ${response.status}: ${await response.text()}`);
}

/**
 * The baseline: a bare Fastify route answering a minimal page (a heading and a paragraph, no script, no
 * stylesheet), what this machine and Lighthouse's simulated phone can do at best.
 */
export async function startBaseline(): Promise<{ url: string; server: FastifyInstance }> {
  const server = Fastify({ logger: false });
  const page =
    '<!doctype html><html lang="en"><head><meta charset="UTF-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="A minimal page, the baseline of the front end\'s benchmark.">' +
    '<title>Baseline</title></head><body><main><h1>Learn a language by reading stories</h1>' +
    '<p>No flashcards. No games. Just stories at your level.</p></main></body></html>';
  server.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, server };
}
