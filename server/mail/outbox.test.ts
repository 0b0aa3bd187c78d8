import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { setupTestApp, testConfig } from '#server/testing/app.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

const t = setupTestApp();

describe('the development outbox', () => {
  it('lists a sign-in mail with its link once the job has sent it', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    await t.request({ method: 'POST', url: '/auth/v1/otp', payload: { email, create_user: true } });

    await expect
      .poll(async () => (await t.get('/dev/outbox')).text, { timeout: SERVER_WORK_TIMEOUT })
      .toContain(`To ${email}`);
    const page = (await t.get('/dev/outbox')).text;
    expect(page).toMatch(
      /<a href="http:\/\/localhost:3000\/signin\/verify\?token_hash=[\w-]+&amp;type=email/,
    );
  });

  it('does not exist in production, when SMTP_URL is set, or when HOST is not a loopback address', async () => {
    for (const overrides of [
      { env: 'production' as const },
      { smtpUrl: 'smtp://127.0.0.1:1' },
      { host: '0.0.0.0' },
      { host: '::' },
      { host: '192.168.1.20' },
    ]) {
      const app = await buildApp(testConfig(t.databaseUrl, overrides));
      try {
        const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
        expect(response.statusCode).not.toBe(200);
        expect(response.body, JSON.stringify(overrides)).not.toContain('Development outbox');
      } finally {
        await app.close();
      }
    }
  });

  it('is served on every loopback address', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
      const app = await buildApp(testConfig(t.databaseUrl, { host }));
      try {
        const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
        expect(response.body, host).toContain('Development outbox');
      } finally {
        await app.close();
      }
    }
  });
});
