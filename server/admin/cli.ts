// `npm run admin -- grant <email>` / `revoke <email>`: makes an address an administrator, or stops it being
// one; `pro <email> on|off [note]` grants Pro by hand (a gift, support) or takes the grant back. On
// DATABASE_URL's database or the embedded one in DATA_DIR (running or not).
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { setGrantedPro } from '#server/billing/service.ts';
import { type Command, CommandFailure, commandConfig, runAsProcess } from '#server/command.ts';
import { openDatabase } from '#server/db/client.ts';
import { openCommandLineDatabase } from '#server/db/command-line.ts';
import { users } from '#server/db/schema.ts';
import { isAdminUser } from '#server/policies/rules.ts';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | pro <email> on|off [note]';

export const adminCommand: Command = async (args, { env, stdout }) => {
  const [command, rawEmail, setting, ...noteWords] = args;
  const isRoleCommand = command === 'grant' || command === 'revoke';
  const isProCommand = command === 'pro' && (setting === 'on' || setting === 'off');
  if ((!isRoleCommand && !isProCommand) || !rawEmail) throw new CommandFailure(USAGE);
  const parsed = z.email().safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) throw new CommandFailure(`"${rawEmail}" is not an e-mail address.\n${USAGE}`);
  const email = parsed.data;

  const config = commandConfig(env);

  const database = await openCommandLineDatabase(config);
  try {
    const { db, pool } = openDatabase(database.url, { max: 1, onIdleError: () => undefined });
    try {
      if (isProCommand) {
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`);
        if (!user)
          throw new CommandFailure(`${email} has no account: Pro is granted to someone who has signed up.`);
        const note = noteWords.join(' ').trim().slice(0, 500) || null;
        const isPro = await setGrantedPro(db, user.id, { isOn: setting === 'on', note });
        stdout.write(
          setting === 'on'
            ? `${email} has Pro, granted by hand${note ? ` (${note})` : ''}.\n`
            : `${email}'s granted Pro is taken back; ${isPro ? 'their subscription keeps them Pro' : 'they are on the free plan'}.\n`,
        );
        return;
      }
      const isAdmin = command === 'grant';
      const [updated] = await db
        .update(users)
        .set({ isAdmin, updatedAt: new Date() })
        .where(sql`lower(${users.email}) = ${email}`)
        .returning({ id: users.id });
      if (!updated && isAdmin) {
        // Not signed up yet: the account waits, already an admin, for its first magic link.
        await db.insert(users).values({ email, isAdmin: true });
        stdout.write(`${email} has no account yet; one was created as an administrator.\n`);
      } else if (!updated) {
        stdout.write(`${email} has no account; nothing to revoke.\n`);
      } else {
        stdout.write(`${email} is ${isAdmin ? 'now an administrator' : 'no longer an administrator'}.\n`);
      }
      if (!isAdmin && isAdminUser({ email, isAdmin }, config.adminEmails)) {
        stdout.write(`Note: ADMIN_EMAILS still lists ${email}, which keeps it an administrator.\n`);
      }
      const [check] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, email));
      if (check && check.isAdmin !== isAdmin)
        throw new CommandFailure('The change did not take; nothing was changed.');
    } finally {
      await pool.end();
    }
  } finally {
    await database.close();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAsProcess(adminCommand);
