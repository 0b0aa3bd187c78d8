import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { plainTextPart } from '#server/testing/mime.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

interface Caught {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. While `isDown`, it turns every connection away
 * with 421 (service not available), as a mail server being restarted does; the port stays this test's.
 */
async function startSmtp() {
  const caught: Caught[] = [];
  const state = { isDown: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (!state.isDown) return callback();
      callback(Object.assign(new Error('Down for maintenance'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        caught.push({ to: session.envelope.rcptTo.map((a) => a.address), raw });
        callback();
      });
    },
  });
  const port = await new Promise<number>((listening) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      listening(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return { caught, state, port, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}

const smtp = await startSmtp();
afterAll(async () => smtp.close()); // after the app's own (hooks run last first): it holds open connections
const t = setupTestApp({
  config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Catamaran <no-reply@example.com>' },
  app: { jobs: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
});

const hasMailFor = (email: string) => smtp.caught.some((mail) => mail.to.includes(email));

describe('sign-in mail over SMTP', () => {
  it('is not lost while the mail server is down: the request succeeds and the mail arrives once it is up', async () => {
    const email = `outage-${Date.now()}@example.com`;
    smtp.state.isDown = true;
    try {
      const response = await t.request({
        method: 'POST',
        url: '/auth/v1/otp',
        payload: { email, create_user: true },
      });
      expect(response.status).toBe(200);

      // Wait until the job has failed once and waits to retry (pg-boss back-off: 1-2 s).
      await expect
        .poll(
          async () => {
            const { rows } = await t.db.execute<{ state: string }>(
              sql`SELECT state FROM pgboss.job WHERE name = 'magic-link' AND output::text LIKE '%Down for maintenance%'`,
            );
            return rows.map((row) => row.state);
          },
          { timeout: 20_000, interval: 250 },
        )
        .toContain('retry');
      expect(hasMailFor(email)).toBe(false);
    } finally {
      smtp.state.isDown = false;
    }

    await expect.poll(() => hasMailFor(email), { timeout: SERVER_WORK_TIMEOUT }).toBe(true);
  }, 60_000);

  it('carries a link that signs @supabase/auth-js in after a sign-up', async () => {
    const auth = authClient(await listenForAuth(t.app));
    const email = `smtp-signup-${Date.now()}@example.com`;

    const { error } = await auth.signInWithOtp({ email, options: { data: { full_name: 'Zoë Ångström' } } });
    expect(error).toBeNull();
    await expect.poll(() => hasMailFor(email), { timeout: SERVER_WORK_TIMEOUT }).toBe(true);

    const text = plainTextPart(smtp.caught.find((mail) => mail.to.includes(email))?.raw ?? '');
    const link = new URL(text.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect(text).toMatch(/Or enter this code: \d{6}/);
    const verified = await auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'email',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.user_metadata).toEqual({ full_name: 'Zoë Ångström', username: 'zoëångström' });
  });

  it('goes out from the job as a multipart mail with a plain-text and an HTML part', async () => {
    const email = `smtp-${Date.now()}@example.com`;

    const response = await t.request({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email, create_user: true },
    });

    expect(response.status).toBe(200);
    await expect.poll(() => hasMailFor(email), { timeout: SERVER_WORK_TIMEOUT }).toBe(true);
    const mail = smtp.caught.find((message) => message.to.includes(email));
    expect(mail?.to).toEqual([email]);
    expect(mail?.raw).toMatch(/^From: Catamaran <no-reply@example\.com>/m);
    expect(mail?.raw).toMatch(/Subject: Confirm your Catamaran account/);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
  });
});
