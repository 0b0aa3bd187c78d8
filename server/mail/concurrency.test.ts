import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

const AT_ONCE = 6;

/**
 * An SMTP server that accepts no mail until AT_ONCE mails are being delivered to it at the same moment, then
 * accepts them all. A server that sends one mail at a time never gets there.
 */
async function startHoldingSmtp() {
  const received: string[] = [];
  const held: (() => void)[] = [];
  let peak = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        held.push(() => {
          received.push(...session.envelope.rcptTo.map((address) => address.address));
          callback();
        });
        peak = Math.max(peak, held.length);
        if (held.length >= AT_ONCE) for (const release of held.splice(0)) release();
      });
    },
  });
  const port = await new Promise<number>((listening) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      listening(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  const close = () => {
    for (const release of held.splice(0)) release();
    return new Promise<void>((closed) => server.close(() => closed()));
  };
  return { received, port, close, peak: () => peak };
}

const smtp = await startHoldingSmtp();
afterAll(async () => smtp.close()); // after the app's own (hooks run last first): it holds open connections
const t = setupTestApp({
  config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Catamaran <no-reply@example.com>' },
  app: { authRateLimits: { otp: 100, verify: 100, token: 100 } },
});

describe('sign-in mail under load', () => {
  it('is sent several at a time, not one after the other', async () => {
    const emails = Array.from({ length: AT_ONCE }, (_, i) => `busy-${i}-${Date.now()}@example.com`);

    for (const email of emails) {
      const response = await t.request({
        method: 'POST',
        url: '/auth/v1/otp',
        payload: { email, create_user: true },
      });
      expect(response.status).toBe(200);
    }

    await expect.poll(() => smtp.received.length, { timeout: SERVER_WORK_TIMEOUT }).toBe(AT_ONCE);
    expect(smtp.received.sort()).toEqual(emails.sort());
    expect(smtp.peak()).toBe(AT_ONCE);
  }, 30_000);
});
