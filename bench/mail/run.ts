// `npm run bench:mail`: sign-in mail under load (issue 19), measured in one run on this machine.
//
//   1. An embedded PostgreSQL started here, migrated and seeded (bench/database.ts), and a real SMTP server in
//      this process (smtp.ts) that takes BENCH_MAIL_SMTP_DELAY_MS (300) to accept each mail, as a distant
//      provider does.
//   2. The app listening on loopback, mail over that SMTP server, with the sign-in limits raised through the
//      app's options: 30 requests per IP per 5 minutes and one mail per address per minute would refuse all
//      but 20 of these requests, and what is measured here is the mail path behind the limits, not the limits.
//   3. BENCH_MAIL_REQUESTS (200) POST /auth/v1/otp over HTTP, from BENCH_MAIL_ADDRESSES (20) addresses in turn,
//      spread evenly over BENCH_MAIL_SECONDS (60). Each asks for a redirect carrying its number, so its mail is
//      told from the others; its latency runs from the request's start to the SMTP server's acceptance.
//   4. Twice, on the same database, one after the other: the baseline, one mail at a time per server (the old
//      worker's setting), then the app as it ships (MAIL_CONCURRENCY at a time).
//
// Prints p50/p95/p99/max of request-to-SMTP latency for each and writes bench/results/mail.json with the target
// (p99 within 10 s) and a pass flag.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { MAIL_CONCURRENCY } from '../../server/mail/mailer.ts';
import { type BenchDatabase, withBenchDatabase } from '../database.ts';
import { log, machine, pad, round1, targetLine } from '../stats.ts';
import { startBenchSmtp } from './smtp.ts';

const settings = {
  requests: Number(process.env.BENCH_MAIL_REQUESTS ?? 200),
  addresses: Number(process.env.BENCH_MAIL_ADDRESSES ?? 20),
  seconds: Number(process.env.BENCH_MAIL_SECONDS ?? 60),
  smtpDelayMs: Number(process.env.BENCH_MAIL_SMTP_DELAY_MS ?? 300),
};
const TARGET_P99_MS = 10_000;
// What a run waits, after its last request, for mail still on its way before it counts the rest as lost.
const DRAIN_LIMIT_MS = 5 * 60 * 1000;

interface RunFigures {
  label: string;
  mailConcurrency: number;
  requested: number;
  answered200: number;
  delivered: number;
  peakInFlight: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

async function startApp(database: BenchDatabase, smtpUrl: string, mailConcurrency: number) {
  const env = { NODE_ENV: 'development', LOG_LEVEL: 'error', SMTP_URL: smtpUrl, DATA_DIR: database.scratch };
  const config = loadConfig(env);
  const app = await buildApp(
    {
      ...config,
      databaseUrl: database.databaseUrl,
      jwtSecret: 'bench-secret-that-is-long-enough-0123456789',
    },
    {
      authRateLimits: { otp: 100_000, verify: 100_000, token: 100_000, emailIntervalSeconds: 0 },
      jobs: { mailConcurrency },
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

/** Sends the sign-in requests at a steady pace; answers when each started, and how many were answered 200. */
async function sendRequests(base: string, runId: string) {
  const startedAt = new Map<number, number>();
  const gapMs = (settings.seconds * 1000) / settings.requests;
  const t0 = performance.now();
  const sent: Promise<boolean>[] = [];
  for (let i = 0; i < settings.requests; i++) {
    const due = t0 + i * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    const email = `bench-${runId}-${i % settings.addresses}@example.com`;
    const redirect = encodeURIComponent(`http://localhost:3000/?request=${i}`);
    startedAt.set(i, performance.now());
    sent.push(
      fetch(`${base}/auth/v1/otp?redirect_to=${redirect}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, create_user: true }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      }),
    );
  }
  const answers = await Promise.all(sent);
  return { startedAt, answered200: answers.filter(Boolean).length };
}

/** One run: a fresh SMTP server and app, the requests, then the wait for their mail. */
async function measure(database: BenchDatabase, label: string, mailConcurrency: number): Promise<RunFigures> {
  const smtp = await startBenchSmtp(settings.smtpDelayMs);
  let app: FastifyInstance | undefined;
  try {
    const started = await startApp(database, smtp.url, mailConcurrency);
    app = started.app;
    log(
      `${label}: ${settings.requests} sign-in requests over ${settings.seconds} s, ${mailConcurrency} at a time`,
    );
    const { startedAt, answered200 } = await sendRequests(started.base, label.replace(/\W+/g, '-'));
    const drainUntil = performance.now() + DRAIN_LIMIT_MS;
    while (smtp.caught.length < answered200 && performance.now() < drainUntil) {
      await new Promise((resume) => setTimeout(resume, 100));
    }
    const latencies = smtp.caught
      .map((mail) => mail.arrivedAt - (startedAt.get(mail.request) ?? Number.NaN))
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    const lost = settings.requests - latencies.length;
    if (lost > 0) latencies.push(...Array<number>(lost).fill(Number.POSITIVE_INFINITY)); // counted, never hidden
    return {
      label,
      mailConcurrency,
      requested: settings.requests,
      answered200,
      delivered: smtp.caught.length,
      peakInFlight: smtp.peakInFlight(),
      p50Ms: Math.round(percentile(latencies, 0.5)),
      p95Ms: Math.round(percentile(latencies, 0.95)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
      maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
    };
  } finally {
    await app?.close();
    await smtp.close();
  }
}

function print(runs: RunFigures[]): boolean {
  const widths = [34, 10, 10, 10, 10, 10, 10, 14];
  console.info(`\nSign-in mail: request to SMTP acceptance (ms), SMTP delay ${settings.smtpDelayMs} ms`);
  console.info(pad(['run', 'answered', 'mailed', 'p50', 'p95', 'p99', 'max', 'peak at once'], widths));
  for (const run of runs) {
    const cells = [run.label, run.answered200, run.delivered, run.p50Ms, run.p95Ms, run.p99Ms, run.maxMs];
    console.info(pad([...cells, run.peakInFlight], widths));
  }
  const now = runs.at(-1) as RunFigures;
  const isPassing = now.delivered === now.requested && now.p99Ms <= TARGET_P99_MS;
  console.info('');
  targetLine('every request mailed, p99 to SMTP', `${round1(now.p99Ms / 1000)} s`, '≤ 10 s', isPassing);
  return isPassing;
}

const runStartedAt = performance.now();
await withBenchDatabase('catamaran-bench-mail-', 2, async (database) => {
  const { rows } = await database.admin.pool.query<{ server_version: string }>('SHOW server_version');
  const runs = [
    await measure(database, 'baseline: one mail at a time', 1),
    await measure(database, `now: ${MAIL_CONCURRENCY} mails at a time`, MAIL_CONCURRENCY),
  ];
  const pass = print(runs);
  const result = {
    measuredAt: new Date().toISOString(),
    machine: machine(rows[0]?.server_version),
    settings,
    targets: { p99Ms: TARGET_P99_MS },
    runs,
    pass,
    runSeconds: round1((performance.now() - runStartedAt) / 1000),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/mail.json', `${JSON.stringify(result, null, 2)}\n`);
  console.info(`Written to bench/results/mail.json (${result.runSeconds} s in all).`);
});
