import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

interface Caught {
  to: string[];
  raw: string;
}

function freePort(): Promise<number> {
  return new Promise((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => found(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port: number) {
  const caught: Caught[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', () => listening()));
  return { caught, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}

const port = await freePort();
const t = setupTestApp({
  config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Catamaran <no-reply@example.com>' },
  app: { jobs: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
});
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterAll(async () => smtp?.close());

describe('sign-in mail over SMTP', () => {
  it('goes out from the job as a multipart mail with a plain-text and an HTML part', async () => {
    smtp ??= await startSmtp(port);
    const server = smtp;
    const email = `smtp-${Date.now()}@example.com`;

    const response = await t.request({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email, create_user: true },
    });

    expect(response.status).toBe(200);
    await expect.poll(() => server.caught.length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    const [mail] = server.caught;
    expect(mail?.to).toEqual([email]);
    expect(mail?.raw).toMatch(/^From: Catamaran <no-reply@example\.com>/m);
    expect(mail?.raw).toMatch(/Subject: Confirm your Catamaran account/);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
  });
});
