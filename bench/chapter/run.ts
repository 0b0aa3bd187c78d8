// `npm run bench:chapter`: GET /api/chapters/{id}/ as the reader opens it (the demo chapter, 10,000 words of
// Spanish, an analysed Japanese chapter), signed in as a learner with statuses, with a browser's headers, at 50
// connections flat out; each against a bare Fastify route answering the very same bytes (compressed as the app
// compressed them) in the same run. autocannon runs in a child process, so process.cpuUsage here is the
// server's; PostgreSQL's CPU is read from /proc. Writes bench/results/chapter.json.
// Knobs: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50), BENCH_CHAPTER_PROFILE=1 (a .cpuprofile of
// the app's load, written to bench/results/).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { signedInToken, withBenchDatabase } from '../database.ts';
import { postgresCpuSeconds } from '../measure.ts';
import { seedBenchChapters } from './data.ts';
import { profiled } from './profile.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const run = promisify(execFile);

interface Figures {
  requestsPerSecond: number;
  latencyP99Ms: number;
  non2xx: number;
  appMicrosPerRequest: number;
  postgresMicrosPerRequest: number | null;
}

async function autocannon(url: string, headers: Record<string, string>, duration: number) {
  const flags = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(
    'node_modules/.bin/autocannon',
    ['-j', '-c', String(CONNECTIONS), '-d', String(duration), ...flags, url],
    { maxBuffer: 1 << 24 },
  );
  return JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    non2xx: number;
  };
}

async function measure(url: string, headers: Record<string, string>, postmaster: number): Promise<Figures> {
  await autocannon(url, headers, 2);
  const cpu = process.cpuUsage();
  const pg = postgresCpuSeconds(postmaster);
  const result = await autocannon(url, headers, DURATION_S);
  const used = process.cpuUsage(cpu);
  const pgAfter = postgresCpuSeconds(postmaster);
  const total = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    appMicrosPerRequest: Math.round((used.user + used.system) / total),
    postgresMicrosPerRequest:
      pg === undefined || pgAfter === undefined ? null : Math.round(((pgAfter - pg) * 1e6) / total),
  };
}

await withBenchDatabase('catamaran-chapter-', 2, async ({ databaseUrl, admin, postgres }) => {
  const jwtSecret = randomBytes(48).toString('base64url');
  const app = await buildApp({
    ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: jwtSecret, DEMO_CONTENT: 'off' }),
    databaseUrl,
    jwtSecret,
  });
  const seeded = await seedBenchChapters(admin, app.storage);
  const token = await signedInToken(admin.db, jwtSecret, seeded.learnerId);
  await admin.pool.end();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, br',
    'x-timezone': 'Europe/Madrid',
    accept: 'application/json',
  };

  const bare = Fastify({ logger: false });
  const answers = new Map<string, { body: Buffer; encoding: string; type: string }>();
  bare.get('/api/chapters/:id/', (request, reply) => {
    const answer = answers.get((request.params as { id: string }).id);
    if (!answer) return reply.code(404).send();
    return reply.header('content-encoding', answer.encoding).type(answer.type).send(answer.body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareOrigin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  console.info(
    `GET /api/chapters/{id}/: ${CONNECTIONS} connections, ${DURATION_S} s each, ${cpus().length} cores`,
  );
  const results = [];
  for (const chapter of seeded.chapters) {
    const path = `/api/chapters/${chapter.id}/`;
    // The bytes as they came over the wire: fetch would decompress them, so a raw request.
    const sample = await rawGet(`${origin}${path}`, headers);
    if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
    answers.set(String(chapter.id), sample);
    const baseline = await measure(`${bareOrigin}${path}`, headers, postgres.pid);
    const catamaran = await profiled(`chapter-${chapter.id}`, () =>
      measure(`${origin}${path}`, headers, postgres.pid),
    );
    const conditional = sample.etag
      ? await measure(`${origin}${path}`, { ...headers, 'if-none-match': sample.etag }, postgres.pid)
      : null;
    results.push({
      chapter: chapter.name,
      bytes: sample.body.length,
      etag: sample.etag,
      baseline,
      catamaran,
      conditional,
    });
  }
  await app.close();
  await bare.close();
  printTable(results);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/chapter.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), cores: cpus().length, connections: CONNECTIONS, durationSeconds: DURATION_S, results }, null, 2)}\n`,
  );
});

async function rawGet(url: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    body: Buffer;
    encoding: string;
    type: string;
    etag: string | undefined;
  }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(parts),
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          type: String(response.headers['content-type']),
          etag: response.headers.etag,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function printTable(
  results: {
    chapter: string;
    bytes: number;
    baseline: Figures;
    catamaran: Figures;
    conditional: Figures | null;
  }[],
) {
  const rows = [['', 'req/s', 'p99 ms', 'app µs/req', 'pg µs/req', 'non-2xx', '% of bare']];
  for (const result of results) {
    const line = (label: string, figures: Figures) => [
      `${result.chapter}: ${label}`,
      String(figures.requestsPerSecond),
      String(figures.latencyP99Ms),
      String(figures.appMicrosPerRequest),
      String(figures.postgresMicrosPerRequest ?? '-'),
      String(figures.non2xx),
      `${((figures.requestsPerSecond / result.baseline.requestsPerSecond) * 100).toFixed(1)}`,
    ];
    rows.push(line('bare', result.baseline), line('app', result.catamaran));
    if (result.conditional) rows.push(line('app, If-None-Match (304)', result.conditional));
  }
  for (const row of rows)
    console.info(
      `${(row[0] ?? '').padEnd(52)}${row
        .slice(1)
        .map((cell) => cell.padStart(11))
        .join('')}`,
    );
}
