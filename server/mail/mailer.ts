import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer from 'nodemailer';
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

/** The last 50 mails of the development outbox, newest first. */
export async function latestOutboxMail(db: Database) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(50);
}
