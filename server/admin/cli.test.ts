import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { presentSubscription } from '#server/billing/present.ts';
import { subscriptions, users } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { runCaptured } from '#server/testing/command.ts';
import { createUser } from '#server/testing/factories.ts';
import { adminCommand } from './cli.ts';

const t = setupTestApp();

const env = () => ({ ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' });
const admin = (...args: string[]) => runCaptured(adminCommand, args, env());

describe('npm run admin', () => {
  it('grants and revokes the role of an existing user, whatever the case of the address', async () => {
    const user = await createUser(t.db, { email: 'editor@example.com' });

    const granted = await admin('grant', 'Editor@Example.com');
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain('editor@example.com is now an administrator.');
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.isAdmin).toBe(true);

    const revoked = await admin('revoke', 'editor@example.com');
    expect(revoked.stdout).toContain('editor@example.com is no longer an administrator.');
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.isAdmin).toBe(false);
  });

  it('creates the account of an address that has not signed up yet, as an administrator', async () => {
    const run = await admin('grant', 'future-admin@example.com');

    expect(run.status).toBe(0);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'future-admin@example.com'));
    expect(user?.isAdmin).toBe(true);
  });

  it('grants Pro by hand with a note, and takes it back', async () => {
    const user = await createUser(t.db, { email: 'friend@example.com' });

    const on = await admin('pro', 'Friend@example.com', 'on', 'Translator', 'thanks');
    expect(on.status).toBe(0);
    expect(on.stdout).toContain('friend@example.com has Pro, granted by hand (Translator thanks).');
    const [granted] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(granted).toMatchObject({ isGrantedPro: true, grantNote: 'Translator thanks' });
    expect(granted?.grantedAt).toBeInstanceOf(Date);
    expect(presentSubscription(granted).is_pro).toBe(true);

    const off = await admin('pro', 'friend@example.com', 'off');
    expect(off.stdout).toContain(
      "friend@example.com's granted Pro is taken back; they are on the free plan.",
    );
    const [taken] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(presentSubscription(taken).is_pro).toBe(false);

    const stranger = await admin('pro', 'nobody@example.com', 'on');
    expect(stranger.status).toBe(1);
    expect(stranger.stderr).toContain('nobody@example.com has no account');
  });

  it('refuses a bad command or address with the usage line', async () => {
    for (const args of [
      [],
      ['promote', 'a@example.com'],
      ['grant', 'not-an-address'],
      ['pro', 'a@example.com', 'maybe'],
    ]) {
      const run = await admin(...args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr).toContain(
        'Usage: npm run admin -- grant <email> | revoke <email> | pro <email> on|off [note]',
      );
    }
  });

  it('refuses a bad setting with the list of problems, before it opens any database', async () => {
    const run = await runCaptured(adminCommand, ['grant', 'a@example.com'], { ...env(), PORT: 'eighty' });

    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^The configuration is not valid:\n {2}- PORT /);
    expect(await t.db.select().from(users).where(eq(users.email, 'a@example.com'))).toEqual([]);
  });

  // The rest runs the command in this process; this runs it as `npm run admin` does, once.
  it('runs as its own process, with its exit code and output', async () => {
    await createUser(t.db, { email: 'process@example.com' });
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/admin/cli.ts', 'grant', 'process@example.com'],
      {
        env: env(),
        encoding: 'utf8',
      },
    );
    expect(run.stdout).toContain('process@example.com is now an administrator.');
    expect(run.status).toBe(0);
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', 'promote'], {
      env: env(),
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Usage: npm run admin');
  }, 120_000);
});
