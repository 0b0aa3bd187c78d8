// `npm run bench`: GET /api/languages/ on the real app (database query, presenter, compression, security
// headers) against a bare Fastify route that answers the very same bytes, both measured in this run on this
// machine. Prints the figures and writes bench/results/languages.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { withBenchDatabase } from './database.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATH = '/api/languages/';

interface Figures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  throughputMBps: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string): Promise<Figures> {
  // A short warm-up so both sides are measured with warm caches and open pools.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    throughputMBps: Number((result.throughput.average / 1024 / 1024).toFixed(2)),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

await withBenchDatabase('catamaran-bench-', 1, async ({ databaseUrl, admin: seeding }) => {
  await seeding.pool.end();

  const jwtSecret = randomBytes(48).toString('base64url');
  const app = await buildApp({
    ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: jwtSecret }),
    databaseUrl,
    jwtSecret,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${PATH}`;

  // The baseline answers the bytes the app answered, with the same content type and nothing else.
  const sample = await fetch(appUrl);
  const body = await sample.text();
  const bare = Fastify({ logger: false });
  bare.get(PATH, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}${PATH}`;

  console.info(`GET ${PATH}: ${CONNECTIONS} connections, ${DURATION_S} s each, ${cpus().length} cores`);
  const baseline = await measure(bareUrl);
  const catamaran = await measure(appUrl);
  await app.close();
  await bare.close();

  const ratio = Number((catamaran.requestsPerSecond / baseline.requestsPerSecond).toFixed(3));
  const table = [
    ['', 'req/s', 'p50 ms', 'p99 ms', 'MB/s', 'errors', 'non-2xx'],
    ['bare Fastify (baseline)', ...Object.values(baseline).map(String)],
    ['Catamaran', ...Object.values(catamaran).map(String)],
  ];
  for (const row of table)
    console.info(
      `${(row[0] ?? '').padEnd(26)}${row
        .slice(1)
        .map((cell) => cell.padStart(9))
        .join('')}`,
    );
  console.info(`Catamaran serves ${(ratio * 100).toFixed(1)}% of the baseline's requests per second.`);

  mkdirSync('bench/results', { recursive: true });
  const result = {
    benchmark: 'GET /api/languages/',
    measuredAt: new Date().toISOString(),
    machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      responseBytes: Buffer.byteLength(body),
    },
    baseline,
    catamaran,
    ratioToBaseline: ratio,
  };
  writeFileSync('bench/results/languages.json', `${JSON.stringify(result, null, 2)}\n`);
  console.info('Written to bench/results/languages.json');
});
