import { describe, expect, it } from 'vitest';
import { isLoopbackHost, mailSummary } from './mailer.ts';

const development = { env: 'development' as const, smtpUrl: undefined };

describe('the start-up line about mail', () => {
  it('points to the development outbox on a loopback address', () => {
    expect(mailSummary({ ...development, host: '127.0.0.1' }, 'http://localhost:3000')).toBe(
      'sign-in mail is not sent: open http://localhost:3000/dev/outbox to follow the links',
    );
  });

  it('says the outbox is off, and why, on any other address', () => {
    expect(mailSummary({ ...development, host: '0.0.0.0' }, 'http://localhost:3000')).toBe(
      'sign-in mail is not sent, and the development outbox is off because HOST is not a loopback address: set SMTP_URL',
    );
  });

  it('says mail goes over SMTP_URL when it is set, whatever the address', () => {
    expect(mailSummary({ ...development, smtpUrl: 'smtp://mail:25', host: '0.0.0.0' }, 'http://x')).toBe(
      'sign-in mail is sent over SMTP_URL',
    );
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'example.com', '127.0.0.1.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
