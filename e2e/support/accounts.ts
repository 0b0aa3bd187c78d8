import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { usernameFromName } from '#common/identity.ts';

/**
 * Creates a confirmed account straight in the end-to-end server's database, without sending any mail; an
 * admin when asked.
 */
export async function createAccount(email: string, fullName: string, options: { isAdmin?: boolean } = {}) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set; the end-to-end global setup sets it.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'INSERT INTO users (email, user_metadata, email_confirmed_at, is_admin) VALUES ($1, $2, now(), $3)',
      [
        email.toLowerCase(),
        { full_name: fullName, username: usernameFromName(fullName) },
        options.isAdmin ?? false,
      ],
    );
  } finally {
    await client.end();
  }
}

/**
 * Another device of a learner, signed in without a mail (one sign-in mail a minute per address): a session
 * opened in the database as a sign-in opens one, with a refresh token the server then exchanges for a
 * session of its own making. Answers the session as GoTrue's /token answers it.
 */
export async function sessionOnAnotherDevice(
  baseUrl: string,
  email: string,
  userAgent: string,
): Promise<Record<string, unknown>> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set; the end-to-end global setup sets it.');
  const refreshToken = randomBytes(32).toString('base64url');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `WITH session AS (
         INSERT INTO auth_sessions (user_id, not_after, user_agent)
         SELECT id, now() + interval '90 days', $2 FROM users WHERE lower(email) = lower($1)
         RETURNING id
       )
       INSERT INTO refresh_tokens (session_id, token_hash) SELECT id, $3 FROM session`,
      [email, userAgent, createHash('sha256').update(refreshToken).digest('hex')],
    );
  } finally {
    await client.end();
  }
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (!response.ok) throw new Error(`The refresh answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Signs `page` in as `email` without a mail: the sign-in mails are limited per network (30 in 5 minutes), which
 * the whole suite comes near, so a test whose subject is not signing in takes a session of its own this way.
 * The session is put where the auth client keeps it before the page's first script runs.
 */
export async function signInWithoutMail(page: Page, email: string): Promise<void> {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set; the end-to-end global setup sets it.');
  const session = await sessionOnAnotherDevice(baseUrl, email, 'Playwright end-to-end test');
  // Once per tab (sessionStorage outlives a navigation): a sign-out later in the test stays signed out.
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', 'yes');
    window.localStorage.setItem('catamaran-auth', stored);
  }, JSON.stringify(session));
}
