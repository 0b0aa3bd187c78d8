import type { FastifyBaseLogger as Logger } from 'fastify';
import PgBoss from 'pg-boss';
import type { MailMessage } from '#server/mail/mailer.ts';
import { sealer } from './sealed.ts';

/** The kinds of background work, with what each job carries. */
export interface JobPayloads {
  'send-mail': MailMessage;
  'magic-link': {
    email: string;
    createUser: boolean;
    fullName?: string;
    redirectTo: string;
    codeChallenge?: string;
    codeChallengeMethod?: 's256' | 'plain';
  };
  'dictionary-import': { importId: number };
}
export type JobName = keyof JobPayloads;
export interface JobContext {
  /** Aborted when the server stops: a long job should stop soon after and leave things consistent. */
  signal: AbortSignal;
}
export type JobHandlers = {
  [Name in JobName]: (payload: JobPayloads[Name], context: JobContext) => Promise<void>;
};

interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds?: number;
}

/**
 * How each queue retries. Mail is retried with back-off for hours, since a mail server comes back; an import
 * is not (a bad file stays bad; the admin starts it again) and may run for hours on a large dump.
 */
function queuePolicy(name: JobName, retryDelay: number): QueuePolicy {
  if (name === 'dictionary-import') {
    return { retryLimit: 0, retryDelay, retryBackoff: false, expireInSeconds: 12 * 3600 };
  }
  return { retryLimit: 20, retryDelay, retryBackoff: true };
}

export interface Jobs {
  /** Queues work; a worker of any app server runs it, retried with back-off while it fails. */
  enqueue<Name extends JobName>(name: Name, payload: JobPayloads[Name]): Promise<void>;
  sendMail(message: MailMessage): Promise<void>;
  stop(): Promise<void>;
}

/** Background work in the same PostgreSQL (pg-boss). Payloads are sealed: they may carry links and addresses. */
export async function startJobs(options: {
  databaseUrl: string;
  secret: string;
  /** The work of each queue; given the Jobs it runs in, so a job may queue more work. */
  handlers: (jobs: Jobs) => JobHandlers;
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

  const retryDelay = options.retryDelaySeconds ?? 10;
  const stopping = new AbortController();
  const enqueue: Jobs['enqueue'] = async (name, payload) => {
    await boss.send(name, { sealed: seal(payload) }, queuePolicy(name, retryDelay));
  };
  const jobs: Jobs = {
    enqueue,
    sendMail: (message) => enqueue('send-mail', message),
    async stop() {
      stopping.abort(new Error('The server is stopping.'));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  const handlers = options.handlers(jobs);

  for (const name of Object.keys(handlers) as JobName[]) {
    const policy = queuePolicy(name, retryDelay);
    await boss.createQueue(name, { name, ...policy });
    await boss.updateQueue(name, { name, ...policy }); // a queue made by an earlier version keeps today's policy
    await boss.work<{ sealed: string }>(
      name,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      async ([job]) => {
        if (!job) return;
        const handler = handlers[name] as (payload: unknown, context: JobContext) => Promise<void>;
        try {
          await handler(open(job.data.sealed), { signal: stopping.signal });
        } catch (error) {
          options.log.warn({ err: error, job: name, id: job.id }, 'a job failed; it will be retried');
          throw error;
        }
      },
    );
  }

  return jobs;
}

/** Installs pg-boss's tables without starting workers (the test template does this once). */
export async function installJobTables(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
