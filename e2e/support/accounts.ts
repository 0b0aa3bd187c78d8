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
