import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import type { JobName, Jobs } from '#server/jobs/jobs.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser } from '#server/testing/factories.ts';
import { requestMagicLink } from './magic-links.ts';

const t = setupTestApp({ app: { mailer: { send: async () => undefined } } });

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

/** The database as the request sees it, writing down each statement it sends (the SQL text, values apart). */
function recordingDatabase() {
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
  pools.push(pool);
  const db = drizzle(pool, { schema, logger: { logQuery: (query) => statements.push(query) } });
  return { db, statements };
}

/** Jobs that only write down what was queued: the answer must not wait for them. */
function recordingJobs() {
  const queued: { name: JobName; fields: string[] }[] = [];
  const jobs: Jobs = {
    enqueue: async (name, payload) => {
      queued.push({ name, fields: Object.keys(payload).sort() });
    },
    sendMail: async () => undefined,
    stop: async () => undefined,
  };
  return { jobs, queued };
}

// The request must not tell which addresses have an account, by its answer or by its timing. Comparing timings
// in a test only measures the machine's noise; what makes them equal is that the request does the same work,
// and that is what this checks: the same statements, the same queued job, nothing about the account. (That the
// answers are the same is in magic-links.test.ts.)
describe('POST /otp does the same work for an address with an account and one without', () => {
  it('sends the same statements, none about users, and queues the same job', async () => {
    const known = await createUser(t.db, { email: `known-${Date.now()}@example.com` });
    const unknown = `unknown-${Date.now()}@example.com`;
    const request = { createUser: false, redirectTo: 'http://127.0.0.1/' };

    const forKnown = recordingDatabase();
    const knownJobs = recordingJobs();
    const knownOutcome = await requestMagicLink(forKnown.db, knownJobs.jobs, {
      ...request,
      email: known.email,
    });
    const forUnknown = recordingDatabase();
    const unknownJobs = recordingJobs();
    const unknownOutcome = await requestMagicLink(forUnknown.db, unknownJobs.jobs, {
      ...request,
      email: unknown,
    });

    expect(knownOutcome).toEqual({ ok: true });
    expect(unknownOutcome).toEqual({ ok: true });
    expect(forKnown.statements.length).toBeGreaterThan(0);
    expect(forUnknown.statements).toEqual(forKnown.statements);
    for (const statement of forKnown.statements) expect(statement).not.toMatch(/"users"|one_time_tokens/);
    expect(knownJobs.queued).toEqual([{ name: 'magic-link', fields: ['createUser', 'email', 'redirectTo'] }]);
    expect(unknownJobs.queued).toEqual(knownJobs.queued);
  });
});
