// `npm run admin -- grant <email>` / `revoke <email>`: makes an address an administrator, or stops it being
// one, on DATABASE_URL's database or the embedded one in DATA_DIR (running or not).
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { openCommandLineDatabase } from '../db/command-line.ts';
import { users } from '../db/schema.ts';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const [command, rawEmail] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !rawEmail) fail(USAGE);
const email = z.email().safeParse(rawEmail.trim().toLowerCase());
if (!email.success) fail(`"${rawEmail}" is not an e-mail address.\n${USAGE}`);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const database = await openCommandLineDatabase(config);
try {
  const { db, pool } = openDatabase(database.url, { max: 1, onIdleError: () => undefined });
  try {
    const isAdmin = command === 'grant';
    const [updated] = await db
      .update(users)
      .set({ isAdmin, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email.data}`)
      .returning({ id: users.id });
    if (!updated && isAdmin) {
      // Not signed up yet: the account waits, already an admin, for its first magic link.
      await db.insert(users).values({ email: email.data, isAdmin: true });
      process.stdout.write(`${email.data} has no account yet; one was created as an administrator.\n`);
    } else if (!updated) {
      process.stdout.write(`${email.data} has no account; nothing to revoke.\n`);
    } else {
      process.stdout.write(
        `${email.data} is ${isAdmin ? 'now an administrator' : 'no longer an administrator'}.\n`,
      );
    }
    if (!isAdmin && config.adminEmails.includes(email.data)) {
      process.stdout.write(
        `Note: ADMIN_EMAILS still lists ${email.data}, which keeps it an administrator.\n`,
      );
    }
    const [check] = await db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.email, email.data));
    if (check && check.isAdmin !== isAdmin) fail('The change did not take; nothing was changed.');
  } finally {
    await pool.end();
  }
} finally {
  await database.close();
}
