import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { databaseUrl, dropDatabase, onServer } from '../../server/testing/database.ts';
import { startStripeStandIn } from '../../server/testing/stripe-stand-in.ts';
import { startBuiltServer } from './server.ts';
import { startSmtpCatcher } from './smtp.ts';

const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_catamaran';

/**
 * The built server on a free port with a database of its own: a fresh one on DATABASE_URL's server, or a
 * throwaway embedded cluster. The tests find it at E2E_BASE_URL.
 */
export default async function globalSetup() {
  let embedded: EmbeddedPostgres | undefined;
  let scratch: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    scratch = await mkdtemp(join(tmpdir(), 'catamaran-e2e-pg-'));
    await chmod(scratch, 0o755);
    embedded = await startEmbeddedPostgres({ dir: join(scratch, 'postgres'), settings: { fsync: 'off' } });
    serverUrl = embedded.url('postgres');
  }
  const name = `catamaran_e2e_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));

  const mailDir = await mkdtemp(join(tmpdir(), 'catamaran-e2e-mail-'));
  const smtp = await startSmtpCatcher(mailDir);
  process.env.E2E_SMTP_URL = smtp.url;
  process.env.E2E_MAIL_DIR = mailDir;

  // Billing against a stand-in for Stripe's API; the tests sign their webhook events with its secret.
  const stripe = await startStripeStandIn();
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_STRIPE_WEBHOOK_SECRET = E2E_STRIPE_WEBHOOK_SECRET;

  process.env.E2E_DATABASE_URL = databaseUrl(serverUrl, name);
  const server = await startBuiltServer({
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PRICE_MONTHLY: 'price_monthly_e2e',
    STRIPE_PRICE_YEARLY: 'price_yearly_e2e',
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  process.env.E2E_BASE_URL = server.url;

  return async () => {
    await server.stop();
    await keepServerLog(server.output());
    await stripe.close();
    await smtp.close();
    await rm(mailDir, { recursive: true, force: true });
    if (serverUrl) await dropDatabase(serverUrl, name);
    await embedded?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  };
}

/** Where the server's own lines (warnings and errors: LOG_LEVEL=warn) are kept after a run. */
const SERVER_LOG = 'dist/test-reports/e2e-server.log';
/** pino's level of an error. */
const ERROR_LEVEL = 50;
const ERRORS_SHOWN = 20;

/**
 * Keeps what the server printed, and shows its errors: a failed test in CI then comes with what the server
 * said meanwhile, which the runner's report alone does not hold.
 */
async function keepServerLog(output: string): Promise<void> {
  await mkdir('dist/test-reports', { recursive: true });
  await writeFile(SERVER_LOG, output);
  const errors = output.split('\n').filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= ERROR_LEVEL;
    } catch {
      return false;
    }
  });
  if (errors.length === 0) return;
  console.info(`The server logged ${errors.length} error(s) during the run (all its lines: ${SERVER_LOG}):`);
  for (const line of errors.slice(-ERRORS_SHOWN)) console.info(line.slice(0, 2000));
}
