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
}

/** Real mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
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
