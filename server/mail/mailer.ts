import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes the connections it keeps open, if any. */
  close?(): void;
}

/** As many mails as the job workers send at once (server/jobs/jobs.ts): one connection each. */
export const MAIL_CONCURRENCY = 10;

/**
 * Real mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465), over a pool of up to
 * `maxConnections` connections kept open between mails, so several mails go out at once without a new
 * connection and TLS handshake each. SMTP_URL's own `pool` or `maxConnections` parameters win.
 */
export function smtpMailer(url: string, from: string, maxConnections = MAIL_CONCURRENCY): Mailer {
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  if (!pooled.searchParams.has('maxConnections'))
    pooled.searchParams.set('maxConnections', String(maxConnections));
  const transport = nodemailer.createTransport(pooled.toString());
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Development mail: kept in the database, listed at /dev/outbox, and logged so the link is one click away. */
export function outboxMailer(db: Database, log: Logger): Mailer {
  return {
    async send(message) {
      await db.insert(devOutbox).values(message);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log.info({ to: message.to, subject: message.subject, link }, 'mail kept in the development outbox');
    },
  };
}

/**
 * Whether the server listens only where the machine itself can reach it: 127.0.0.0/8, ::1 or localhost. The
 * development outbox lists every sign-in link and code, so it is served on such an address alone.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Where sign-in mail goes: over SMTP_URL, to a served development outbox, or kept unserved. */
export function mailRoute(config: Pick<Config, 'env' | 'smtpUrl' | 'host'>) {
  if (config.smtpUrl) return 'smtp';
  if (config.env === 'production') return 'none';
  return isLoopbackHost(config.host) ? 'outbox' : 'unserved-outbox';
}

/** The start-up summary's line about mail (server/main.ts), for a server reached at `origin`. */
export function mailSummary(config: Pick<Config, 'env' | 'smtpUrl' | 'host'>, origin: string) {
  switch (mailRoute(config)) {
    case 'smtp':
      return 'sign-in mail is sent over SMTP_URL';
    case 'outbox':
      return `sign-in mail is not sent: open ${origin}/dev/outbox to follow the links`;
    default:
      return 'sign-in mail is not sent, and the development outbox is off because HOST is not a loopback address: set SMTP_URL';
  }
}

/** The last 50 mails of the development outbox, newest first. */
export async function latestOutboxMail(db: Database) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(50);
}
