import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { localJwtSecret } from '#server/auth/local-secret.ts';
import { ideasWorkerUrl } from '#server/bulk/off-thread.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { type EmbeddedPostgres, type SupervisionEvent, startEmbeddedPostgres } from '#server/db/embedded.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedLanguages } from '#server/db/seed.ts';
import { seedDemoContent } from '#server/demo/seed.ts';
import { failInterruptedImports } from '#server/dictionary/imports/service.ts';
import { retireUnusedImports } from '#server/dictionary/store.ts';
import { createLogger } from '#server/logger.ts';
import { mailSummary } from '#server/mail/mailer.ts';
import { analyseChaptersWithoutWords } from '#server/stories/service.ts';

const EMBEDDED_DATABASE = 'catamaran';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

// A server built without the workbook reader would fail every bulk import: better not to start at all.
if (!existsSync(ideasWorkerUrl())) {
  process.stderr.write(
    `The workbook reader ${fileURLToPath(ideasWorkerUrl())} is missing: build the server with npm run build.\n`,
  );
  process.exit(1);
}

const log = createLogger(config);
let embedded: EmbeddedPostgres | undefined;

process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception; stopping');
  process.exit(1); // the embedded cluster's exit hook stops it
});
process.on('unhandledRejection', (reason) => {
  log.fatal({ err: reason }, 'unhandled promise rejection; stopping');
  process.exit(1);
});

try {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    log.info({ dir }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dir,
      onLog: (line) => log.debug({ postgres: line }, 'postgres'),
      supervise: { onEvent: reportSupervision },
      onOrphanStopped: (pid) =>
        log.warn(
          { dir, postgresPid: pid },
          'stopped the PostgreSQL a stopped Catamaran had left running on this folder',
        ),
    });
    databaseUrl = embedded.url(EMBEDDED_DATABASE);
    await ensureDatabase(embedded.url('postgres'), EMBEDDED_DATABASE);
  }

  await migrateDatabase(databaseUrl);
  const jwtSecret = config.jwtSecret ?? (await localJwtSecret(config.dataDir));
  const app = await buildApp({ ...config, databaseUrl, jwtSecret }, { logger: log });
  const added = await seedLanguages(app.db);
  if (added > 0) log.info({ added }, 'seeded languages');
  const interrupted = await failInterruptedImports(app.db, app.pool, { storage: app.storage, log });
  await retireUnusedImports(app.pool).catch((error: unknown) =>
    log.warn({ err: error }, 'could not drop the tables of replaced dictionaries'),
  );
  if (interrupted > 0)
    log.warn({ interrupted }, 'marked dictionary imports interrupted by a stop, or never started, as failed');
  // Chapters saved before their language had an analyser get their words now (issue 21).
  const analysed = await analyseChaptersWithoutWords(app.db);
  if (analysed > 0)
    log.info({ chapters: analysed }, 'found the words of chapters saved before their analyser');
  const dictionaryDeps = { db: app.db, pool: app.pool, limits: config.dictionaryLimits, log };
  if (config.demoContent) {
    const demo = await seedDemoContent({ ...dictionaryDeps, storage: app.storage });
    if (demo.dictionaries.length > 0)
      log.info({ pairs: demo.dictionaries }, 'imported the demo dictionaries');
    if (demo.stories > 0) log.info({ stories: demo.stories }, 'added the demo library');
  }

  // Chapters whose terms were never made (saved before issue 22, the demo library, a refresh that failed) or
  // were made with a dictionary replaced since (an import from the command line) get them, in the background.
  await app.jobs.enqueue('chapter-terms', {});

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(config.host) ? 'localhost' : config.host;
  const origin = `http://${shownHost}:${port}`;
  const mail = mailSummary(config, origin);
  const admins =
    config.adminEmails.length > 0 ? config.adminEmails.join(', ') : 'none listed (set ADMIN_EMAILS)';
  process.stdout.write(
    `\nCatamaran is running at ${origin} (started in ${process.uptime().toFixed(1)} s)\n` +
      `Database: ${embedded ? `embedded PostgreSQL in ${join(config.dataDir, 'postgres')}` : 'DATABASE_URL'}\n` +
      `Mail: ${mail}\n` +
      `Admins: ${admins}\n\n`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: stopping at once');
      process.exit(1);
    }
    stopping = true;
    app.lifecycle.draining = true; // readiness answers 503 from now on
    await drain(signal);
    log.info({ signal }, 'stopping: no new requests; finishing the ones in flight');
    setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'requests did not finish in time; stopping anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close(); // waits for requests in flight, then closes the pool
      await embedded?.stop(); // only now: every write has been committed
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
} catch (error) {
  log.fatal({ err: error }, 'Catamaran could not start');
  await embedded?.stop();
  process.exit(1);
}

/**
 * After SIGTERM (an orchestrator's or a deploy's stop), SHUTDOWN_DRAIN_SECONDS for the load balancer to see the
 * readiness check fail and send no more requests here; those that still come are served. SIGINT (Ctrl-C at a
 * terminal) does not wait.
 */
async function drain(signal: NodeJS.Signals): Promise<void> {
  const seconds = signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0;
  if (seconds === 0) return;
  log.info(
    { signal, drainSeconds: seconds },
    'draining: readiness answers 503 while requests are still served',
  );
  await new Promise((done) => setTimeout(done, seconds * 1000));
}

/** The embedded cluster's supervisor in the log; when it gives up, the process stops for an outer supervisor. */
function reportSupervision(event: SupervisionEvent): void {
  if (event.kind === 'exited') {
    log.error(
      { postgresPid: event.pid, reason: event.reason },
      'the embedded PostgreSQL stopped by itself; starting it again',
    );
  } else if (event.kind === 'restart-failed') {
    log.warn(
      { attempt: event.attempt, err: event.error, nextDelayMs: event.nextDelayMs },
      'the embedded PostgreSQL did not start again',
    );
  } else if (event.kind === 'restarted') {
    log.warn({ attempt: event.attempt, postgresPid: event.pid }, 'the embedded PostgreSQL is running again');
  } else {
    log.fatal(
      { attempts: event.attempts, err: event.error },
      'the embedded PostgreSQL could not be started again',
    );
    process.stderr.write(
      `The embedded PostgreSQL stopped and could not be started again in ${event.attempts} tries, so Catamaran ` +
        'is stopping too: start it again, or let its supervisor do so.\n',
    );
    process.exit(1);
  }
}

/** Creates the app's database in a fresh embedded cluster. */
async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
