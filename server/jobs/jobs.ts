import type { FastifyBaseLogger as Logger } from 'fastify';
import PgBoss from 'pg-boss';
import { underSchemaLock } from '#server/db/migrate.ts';
import { MAIL_CONCURRENCY, type MailMessage } from '#server/mail/mailer.ts';
import { sealer } from './sealed.ts';
import { startWorker, type Worker } from './worker.ts';

/** How long a stop waits for the jobs in flight, then for pg-boss itself (see Jobs.stop). */
const WORKERS_STOP_MS = 6_000;
const BOSS_STOP_MS = 3_000;

/** The kinds of background work, with what each job carries. */
export interface JobPayloads {
  'send-mail': MailMessage;
  'magic-link': {
    email: string;
    createUser: boolean;
    /** The sign-up's `data`, the new account's metadata as sent. */
    data?: Record<string, unknown>;
    /** The name alone, as requests queued before `data` carry it. */
    fullName?: string;
    redirectTo: string;
    codeChallenge?: string;
    codeChallengeMethod?: 's256' | 'plain';
  };
  'dictionary-import': { importId: number };
  /**
   * The terms of chapters never made or made with a replaced dictionary, made again (issue 22): one language's
   * after its dictionary was replaced, every language's at start-up.
   */
  'chapter-terms': { language?: string };
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

/** How many jobs of each queue one server runs at a time: mail waits on a distant server; an import is heavy. */
function concurrencyOf(name: JobName, mailConcurrency: number): number {
  return name === 'dictionary-import' || name === 'chapter-terms' ? 1 : mailConcurrency;
}

/** Background work in the same PostgreSQL (pg-boss). Payloads are sealed: they may carry links and addresses. */
export async function startJobs(options: {
  databaseUrl: string;
  secret: string;
  /** The work of each queue; given the Jobs it runs in, so a job may queue more work. */
  handlers: (jobs: Jobs) => JobHandlers;
  log: Logger;
  /** How often an idle worker asks for work queued by another server (work queued here starts at once). */
  pollingIntervalSeconds?: number;
  /** The first retry's delay; it doubles on each failure (back-off). */
  retryDelaySeconds?: number;
  /** How many mails one server sends at the same time; MAIL_CONCURRENCY by default. */
  mailConcurrency?: number;
  /**
   * Told of the queue's errors that say the database is not answering, so an outage is one warning shared
   * with the requests (server/http/database-unavailable.ts), not a stack per poll; other errors are logged.
   */
  onDatabaseUnavailable?: (error: unknown) => boolean;
}): Promise<Jobs> {
  const { seal, open } = sealer(options.secret);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: 4,
    application_name: 'catamaran-jobs',
  });
  boss.on('error', (error) => {
    if (!options.onDatabaseUnavailable?.(error)) options.log.error({ err: error }, 'job queue error');
  });
  const retryDelay = options.retryDelaySeconds ?? 10;
  const names: JobName[] = ['send-mail', 'magic-link', 'dictionary-import', 'chapter-terms'];
  // pg-boss creates its schema and each queue's table in start() and createQueue(): several servers doing so
  // at once deadlock, so they take turns under the lock our migrations take.
  await underSchemaLock(options.databaseUrl, async () => {
    await boss.start();
    for (const name of names) {
      const policy = queuePolicy(name, retryDelay);
      await boss.createQueue(name, { name, ...policy });
      await boss.updateQueue(name, { name, ...policy }); // a queue made by an earlier version keeps today's policy
    }
  });

  const workers = new Map<JobName, Worker>();
  const stopping = new AbortController();
  const jobs: Jobs = {
    async enqueue(name, payload) {
      await boss.send(name, { sealed: seal(payload) }, queuePolicy(name, retryDelay));
      workers.get(name)?.wake();
    },
    sendMail: (message) => jobs.enqueue('send-mail', message),
    // At most WORKERS_STOP_MS for the jobs in flight (a mail being sent finishes) and BOSS_STOP_MS for pg-boss,
    // so the whole stop fits in the server's SHUTDOWN_TIMEOUT_MS (15 s by default) with the pool's end after it:
    // twice 10 s did not, when a job was stuck on a database that had just been killed.
    async stop() {
      stopping.abort(new Error('The server is stopping.'));
      await Promise.all([...workers.values()].map((worker) => worker.stop(WORKERS_STOP_MS)));
      await stopBoss(boss);
    },
  };
  const handlers = options.handlers(jobs);
  for (const name of names) {
    const handler = handlers[name] as (payload: unknown, context: JobContext) => Promise<void>;
    const worker = startWorker(boss, name, {
      concurrency: concurrencyOf(name, options.mailConcurrency ?? MAIL_CONCURRENCY),
      pollingIntervalMs: (options.pollingIntervalSeconds ?? 1) * 1000,
      run: (data) => handler(open((data as { sealed: string }).sealed), { signal: stopping.signal }),
      onFailure: (error, id) =>
        options.log.warn({ err: error, job: name, id }, 'a job failed; it will be retried'),
      onFetchError: (error) => {
        if (!options.onDatabaseUnavailable?.(error))
          options.log.error({ err: error, queue: name }, 'could not ask the job queue for work');
      },
    });
    workers.set(name, worker);
  }
  return jobs;
}

/** pg-boss's own stop, within BOSS_STOP_MS whatever its database does. */
async function stopBoss(boss: PgBoss): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    boss.stop({ graceful: true, wait: true, timeout: BOSS_STOP_MS }).catch(() => undefined),
    new Promise<void>((resume) => {
      timer = setTimeout(resume, BOSS_STOP_MS + 500);
    }),
  ]);
  clearTimeout(timer);
}

/** Installs pg-boss's tables without starting workers (the test template does this once). */
export async function installJobTables(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, supervise: false, schedule: false });
  await underSchemaLock(databaseUrl, () => boss.start());
  await boss.stop({ graceful: false, wait: true });
}
