import { resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type pg from 'pg';
import { accountRoutes } from '#server/account/routes.ts';
import { activityRoutes } from '#server/activity/routes.ts';
import { pruneReadingReports } from '#server/activity/service.ts';
import { permissionRoutes } from '#server/admin/routes.ts';
import { ENDED_SESSIONS_POLL_MS, pruneSessions } from '#server/auth/ended-sessions.ts';
import { type EndedSessionsFeed, registerApiAuthentication } from '#server/auth/guard.ts';
import { prepareMagicLink } from '#server/auth/magic-links.ts';
import { type AuthRateLimits, authRoutes } from '#server/auth/routes.ts';
import { billingRoutes } from '#server/billing/routes.ts';
import { adminBulkImportRoutes } from '#server/bulk/routes.ts';
import type { Config, HttpTimeouts } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { runImportJob, watchStalledImports } from '#server/dictionary/imports/service.ts';
import { adminDictionaryRoutes, lookupRoutes } from '#server/dictionary/routes.ts';
import { feedbackRoutes } from '#server/feedback/routes.ts';
import { healthRoutes } from '#server/health/routes.ts';
import { type Lifecycle, storageCheck } from '#server/health/service.ts';
import { COMPRESS_FROM_BYTES } from '#server/http/accept-encoding.ts';
import { isDatabaseUnavailable, outageReporter } from '#server/http/database-unavailable.ts';
import { registerErrorHandler } from '#server/http/errors.ts';
import { pruneIdempotencyKeys } from '#server/http/idempotency.ts';
import { CauseLogController } from '#server/http/log-policy.ts';
import { requestId } from '#server/http/request-id.ts';
import { registerSecurityHeaders } from '#server/http/security.ts';
import { registerTextCheck } from '#server/http/text-check.ts';
import { registerWebApp } from '#server/http/web-app.ts';
import { everyInterval } from '#server/jobs/every.ts';
import { type Jobs, startJobs } from '#server/jobs/jobs.ts';
import { adminLanguageRoutes } from '#server/languages/admin-routes.ts';
import { keepActiveLanguages, languageRoutes } from '#server/languages/routes.ts';
import { libraryRoutes } from '#server/library/routes.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { type Mailer, mailRoute, outboxMailer, smtpMailer } from '#server/mail/mailer.ts';
import { outboxRoutes } from '#server/mail/routes.ts';
import { adminNarratorRoutes } from '#server/narrators/admin-routes.ts';
import { type NarratorRateLimits, narratorRoutes } from '#server/narrators/routes.ts';
import { requireAdmin } from '#server/policies/admin-guard.ts';
import { registerViewer } from '#server/policies/viewer.ts';
import { progressRoutes } from '#server/progress/routes.ts';
import { readerRoutes } from '#server/reader/routes.ts';
import { localStorage } from '#server/storage/local.ts';
import { registerMedia } from '#server/storage/media.ts';
import { s3Storage } from '#server/storage/s3.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import { adminStoryRoutes } from '#server/stories/admin-routes.ts';
import { termRoutes } from '#server/terms/routes.ts';
import { refreshStaleChapterTerms } from '#server/terms/service.ts';
import { uploadRoutes } from '#server/uploads/routes.ts';
import { wordRoutes } from '#server/words/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The pool under `db`, for what the query builder does not do (COPY, hand-tuned lookups). */
    pool: pg.Pool;
    jobs: Jobs;
    storage: ObjectStorage;
    /** Set draining by main on SIGTERM: the readiness check then answers 503 while requests are still served. */
    lifecycle: Lifecycle;
  }
}

/** The configuration once a database is known: from DATABASE_URL, or the embedded cluster main started. */
export type AppConfig = Config & { databaseUrl: string; jwtSecret: string };

export interface AppOptions {
  /** The built web app, instead of the config's (WEB_DIST_DIR); tests point it at a folder of their own. */
  webDistDir?: string;
  /** The process's logger; by default one is made from the config, writing to standard output. */
  logger?: Logger;
  /** Where log lines go when no logger is given; tests capture them. */
  logStream?: { write(line: string): void };
  /** Sends mail; by default SMTP when SMTP_URL is set, else the development outbox. */
  mailer?: Mailer;
  /** Auth rate limits per IP, and the interval between mails to one address; tests and benchmarks set them. */
  authRateLimits?: AuthRateLimits;
  /** Rate limits per IP of the narrator application and video calls; tests may lower them. */
  narratorRateLimits?: NarratorRateLimits;
  /** Job timing; tests shorten the retry delay, the mail benchmark compares mail concurrencies. */
  jobs?: { retryDelaySeconds?: number; pollingIntervalSeconds?: number; mailConcurrency?: number };
  /**
   * How often this server looks for dictionary imports whose server went away (every 20 s by default) and
   * forgets old reading-report ids (every hour); false: never (the test harness, whose tests call them).
   */
  sweeps?: { stalledImportsMs?: number; readingReportsMs?: number; sessionsMs?: number } | false;
  /** Sees every route as it is registered: a test lists them (server/http/endpoints.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Whether /api refuses the tokens of sessions that have ended (docs/decisions/065); true unless set. Only the
   * session benchmark turns it off, to measure its cost against the guard without it in the same run.
   */
  checkSessions?: boolean;
  /** How often this server reads the sessions ended anywhere (every 2 s by default); tests shorten it. */
  endedSessionsPollMs?: number;
  /** How often this server reads the active languages again (every 2 s by default); tests shorten it. */
  languagesPollMs?: number;
}

/** Builds the whole server, ready to listen or to be called with `inject`; closing it closes its pool. */
export async function buildApp(config: AppConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as Fastify's base logger so plugins see the default instance type.
    loggerInstance: (options.logger ?? createLogger(config, options.logStream)) as FastifyBaseLogger,
    genReqId: requestId,
    logController: new CauseLogController({ requestIdLogLabel: 'requestId' }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...httpTimeoutOptions(config.httpTimeouts),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Read by route() (server/http/contract.ts): answers are checked against their schemas in tests, and an
  // admin endpoint is registered only on the scope the admin guard sets apart.
  app.decorate('checksAnswers', config.env === 'test');
  app.decorate('isAdminScope', false);
  app.decorate('lifecycle', { draining: false });

  const uploadsDir = resolve(config.dataDir, 'uploads'); // DATA_DIR may be relative (./data by default)
  // One line per outage of the database, whether a call or an idle connection meets it first.
  const reportOutage = outageReporter();
  await connectServices(app, config, options, uploadsDir, reportOutage);
  registerRequestHooks(app);
  registerErrorHandler(app, reportOutage);
  registerTextCheck(app);
  registerSecurityHeaders(
    app,
    config.siteUrl,
    app.storage.externalOrigin ? [app.storage.externalOrigin] : [],
  );
  // Answers are compressed as they are made (the web app's files are compressed at build time): brotli at
  // quality 1 shrinks a 270 KB story list about as well as quality 4 in a quarter of the time, and compression
  // was most of that list's cost (bench/reading).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });

  await app.register(authRoutes, {
    prefix: '/auth/v1',
    jwtSecret: config.jwtSecret,
    signingKey: config.jwtSigningKey,
    siteUrl: config.siteUrl,
    rateLimits: options.authRateLimits,
  });
  await app.register(
    async (api) => {
      await apiRoutes(api, config, options, { uploadsDir, reportOutage });
    },
    { prefix: '/api' },
  );
  if (!config.s3) await registerMedia(app, uploadsDir, { signingSecret: config.jwtSecret });
  // Every sign-in code is listed there: only for a server that the machine alone can reach.
  if (mailRoute(config) === 'outbox') await app.register(outboxRoutes);
  await registerWebApp(app, options.webDistDir ?? config.webDistDir);
  return app;
}

/**
 * Every endpoint under /api: the token is checked first (but for public endpoints), then each area registers
 * its routes; the admin endpoints sit behind the admin guard.
 */
async function apiRoutes(
  api: FastifyInstance,
  config: AppConfig,
  options: AppOptions,
  { uploadsDir, reportOutage }: { uploadsDir: string; reportOutage: ReturnType<typeof outageReporter> },
): Promise<void> {
  const feed: EndedSessionsFeed = {
    db: api.db,
    pollMs: options.endedSessionsPollMs ?? ENDED_SESSIONS_POLL_MS,
    onError: (error) =>
      isDatabaseUnavailable(error)
        ? reportOutage(api.log, error)
        : api.log.error({ err: error }, 'could not read the ended sessions'),
  };
  registerApiAuthentication(
    api,
    { secret: config.jwtSecret, signing: config.jwtSigningKey },
    options.checkSessions === false ? undefined : feed,
  );
  registerViewer(api, config.adminEmails);
  keepActiveLanguages(api, {
    pollMs: options.languagesPollMs,
    onError: (error) =>
      isDatabaseUnavailable(error)
        ? reportOutage(api.log, error)
        : api.log.error({ err: error }, 'could not read the languages'),
  });
  await api.register(healthRoutes, {
    lifecycle: api.lifecycle,
    checkStorage: storageCheck(config.s3 ? { s3: config.s3 } : { uploadsDir }),
  });
  await api.register(languageRoutes);
  await api.register(billingRoutes, { billing: config.billing, siteUrl: config.siteUrl });
  await api.register(feedbackRoutes, { feedbackEmail: config.feedbackEmail });
  await api.register(accountRoutes, { billing: config.billing, siteUrl: config.siteUrl });
  await api.register(narratorRoutes, {
    signingSecret: config.jwtSecret,
    rateLimits: options.narratorRateLimits,
  });
  await api.register(permissionRoutes);
  await api.register(lookupRoutes, { cacheEntries: config.lookupCacheEntries });
  await api.register(libraryRoutes);
  await api.register(readerRoutes);
  await api.register(progressRoutes);
  await api.register(wordRoutes);
  await api.register(termRoutes);
  await api.register(activityRoutes);
  await api.register(
    async (admin) => {
      requireAdmin(admin);
      await admin.register(adminLanguageRoutes);
      await admin.register(adminStoryRoutes);
      await admin.register(uploadRoutes);
      await admin.register(adminDictionaryRoutes, { limits: config.dictionaryLimits });
      await admin.register(adminBulkImportRoutes);
    },
    { prefix: '/admin' },
  );
  // The Teachers tab's calls keep the specification's paths, outside /api/admin/, behind the same guard.
  await api.register(async (admin) => {
    requireAdmin(admin);
    await admin.register(adminNarratorRoutes);
  });
}

/** Decorates the app with its database, storage and jobs (which send mail), and closes them with it. */
async function connectServices(
  app: FastifyInstance,
  config: AppConfig,
  options: AppOptions,
  uploadsDir: string,
  reportOutage: ReturnType<typeof outageReporter>,
): Promise<void> {
  const { db, pool } = openDatabase(config.databaseUrl, {
    max: config.databasePoolMax,
    // A restart of the database drops every idle connection at once: one line for the outage, not one each.
    onIdleError: (error) =>
      isDatabaseUnavailable(error)
        ? reportOutage(app.log, error)
        : app.log.warn({ err: error }, 'an idle database connection failed'),
  });
  app.decorate('db', db);
  app.decorate('pool', pool);
  // Before the jobs start: a job may run at once and needs it.
  const storage = config.s3
    ? s3Storage(config.s3)
    : localStorage(uploadsDir, { signingSecret: config.jwtSecret });
  app.decorate('storage', storage);
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom, options.jobs?.mailConcurrency)
      : outboxMailer(db, app.log));
  const jobs = await startJobs({
    databaseUrl: config.databaseUrl,
    secret: config.jwtSecret,
    log: app.log,
    onDatabaseUnavailable: (error) => {
      if (!isDatabaseUnavailable(error)) return false;
      reportOutage(app.log, error);
      return true;
    },
    handlers: (queue) => ({
      'send-mail': (message) => mailer.send(message),
      'magic-link': (request) =>
        prepareMagicLink(db, mailer, { siteUrl: config.siteUrl, secret: config.jwtSecret }, request),
      'dictionary-import': async ({ importId }, { signal }) => {
        const deps = { db, pool, storage, limits: config.dictionaryLimits, log: app.log };
        const done = await runImportJob(deps, importId, signal);
        // The terms of the language's chapters follow its new dictionary (issue 22); start-up's sweep otherwise.
        if (done?.status !== 'succeeded') return;
        await queue
          .enqueue('chapter-terms', { language: done.sourceCode })
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not queue the terms of chapters'));
      },
      'chapter-terms': async ({ language }, { signal }) => {
        const refreshed = await refreshStaleChapterTerms(db, { language, signal });
        if (refreshed > 0) app.log.info({ chapters: refreshed, language }, 'made the terms of chapters');
      },
    }),
    ...options.jobs,
  });
  app.decorate('jobs', jobs);
  const sweeps = options.sweeps === false ? [] : startSweeps(app, options.sweeps);
  app.addHook('onClose', async () => {
    // Each step said, so a stop that runs out of SHUTDOWN_TIMEOUT_MS shows which one it waited on.
    app.log.info('stopping: the sweeps');
    for (const sweep of sweeps) await sweep.stop();
    app.log.info('stopping: the job queue');
    await jobs.stop(); // lets a mail being sent finish
    mailer.close?.();
    app.log.info('stopping: the database pool');
    await pool.end();
  });
}

/** Housekeeping every server does on a timer, each run safe on several servers at once. */
function startSweeps(
  app: FastifyInstance,
  every: { stalledImportsMs?: number; readingReportsMs?: number; sessionsMs?: number } = {},
): { stop: () => Promise<void> }[] {
  const { db, pool, storage, log } = app;
  return [
    // An import whose server went away is failed by any other, rather than show "running" until a restart.
    watchStalledImports({ db, pool, storage, log }, { intervalMs: every.stalledImportsMs }),
    everyInterval(() => pruneReadingReports(db), {
      intervalMs: every.readingReportsMs ?? 60 * 60 * 1000,
      onError: (error) => log.warn({ err: error }, 'could not forget old reading-report ids'),
    }),
    // The outbox's keys, kept 8 days (decision 084), on the same hourly rhythm.
    everyInterval(() => pruneIdempotencyKeys(db), {
      intervalMs: every.readingReportsMs ?? 60 * 60 * 1000,
      onError: (error) => log.warn({ err: error }, 'could not forget old idempotency keys'),
    }),
    everyInterval(() => pruneSessions(db), {
      intervalMs: every.sessionsMs ?? 60 * 60 * 1000,
      onError: (error) => log.warn({ err: error }, 'could not sweep expired and ended sessions'),
    }),
  ];
}

/** The request id on every answer, and `Connection: close` on the answers of a closing server. */
function registerRequestHooks(app: FastifyInstance): void {
  // Hooks that run on every request are callback hooks: an async one costs a promise and a microtask each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // While closing, a request that was in flight answers with `Connection: close`. Otherwise its keep-alive
  // connection, busy when close() began, would hold the server open until the client's idle timeout.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/**
 * Node's timeouts against slow or stalled clients (README, "Timeouts, readiness and draining"): the headers
 * must arrive within `headersMs`, the whole request within `requestMs` (large enough for the largest dictionary
 * dump), and a connection where nothing moves for `idleMs` is closed. Node checks the first two every
 * `connectionsCheckingInterval`, 30 s by default, which would let a 30 s limit run to a minute.
 */
function httpTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(timeouts.headersMs, 1000),
    },
  };
}

/** Fastify trusts a hop count at run time but types only a function for it: the first n hops. */
function trustProxyOption(value: boolean | number | string) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
