import type { FastifyBaseLogger as Logger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { sealer } from './sealed.ts';

const SEND_MAIL = 'send-mail';

export interface Jobs {
  /** Queues an e-mail; it is sent by a worker, retried with back-off while the mail server fails. */
  sendMail(message: MailMessage): Promise<void>;
  stop(): Promise<void>;
}

/** Background work in the same PostgreSQL (pg-boss): any server process may send, any may work. */
export async function startJobs(options: {
  databaseUrl: string;
  secret: string;
  mailer: Mailer;
  log: Logger;
  pollingIntervalSeconds?: number;
  /** The first retry's delay; it doubles on each failure (back-off). */
  retryDelaySeconds?: number;
}): Promise<Jobs> {
  const { seal, open } = sealer(options.secret);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: 3,
    application_name: 'catamaran-jobs',
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  const policy = {
    name: SEND_MAIL,
    retryLimit: 20,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
  };
  await boss.createQueue(SEND_MAIL, policy);
  await boss.updateQueue(SEND_MAIL, policy); // a queue made by an earlier version keeps today's policy too
  await boss.work<{ sealed: string }>(
    SEND_MAIL,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    async ([job]) => {
      if (!job) return;
      const message = open<MailMessage>(job.data.sealed);
      try {
        await options.mailer.send(message);
      } catch (error) {
        options.log.warn(
          { err: error, to: message.to, attempt: job.id },
          'sending mail failed; it will be retried',
        );
        throw error;
      }
    },
  );

  return {
    async sendMail(message) {
      await boss.send(SEND_MAIL, { sealed: seal(message) }, policy);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/** Installs pg-boss's tables without starting workers (the test template does this once). */
export async function installJobTables(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
