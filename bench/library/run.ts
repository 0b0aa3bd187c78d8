// `npm run bench:library`: GET /api/stories/?language=es as a browser asks it (Accept-Encoding: gzip, deflate,
// br) with 2, 100, 500 and 2,000 stories in the language, against a bare Fastify route answering the very same
// compressed bytes in the same run: 50 connections flat out, then a steady 300 requests a second for the p99.
// Prints a table and writes bench/results/library.json. BENCH_DURATION, BENCH_LIBRARY_SIZES and BENCH_RATE make
// it shorter while developing.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { users } from '../../server/db/schema.ts';
import { benchChildren } from '../child.ts';
import { signedInToken, withBenchDatabase } from '../database.ts';
import type { LoadFigures, LoadInput } from '../load.ts';
import { measuredLoad } from '../measure.ts';
import { log, machine, pad } from '../stats.ts';
import { explainLibraryState } from './explain.ts';
import { giveOthersProgress, giveProgress, padLibrary } from './library.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const SIZES = (process.env.BENCH_LIBRARY_SIZES ?? '2,100,500,2000').split(',').map(Number);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const OTHER_LEARNERS = 200;
const PATH = '/api/stories/?language=es';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

const { bundleChildren, runChild } = benchChildren('library', new URL('./', import.meta.url), ['load']);

/** The answer's raw (still compressed) bytes and its encoding, as the browser receives them. */
function rawAnswer(origin: string, headers: Record<string, string>) {
  type Raw = { body: Buffer; encoding: string | undefined; status: number; etag: string | undefined };
  return new Promise<Raw>((resolve, reject) => {
    const request = httpRequest(`${origin}${PATH}`, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({
          body: Buffer.concat(parts),
          encoding: response.headers['content-encoding'],
          status: response.statusCode ?? 0,
          etag: response.headers.etag,
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** One load run, with the CPU this process (the app or the bare route, one at a time) and PostgreSQL spent. */
const load = (postgresPid: number, origin: string, headers: Record<string, string>, overallRate?: number) =>
  measuredLoad(
    {
      origin,
      requests: [PATH],
      headers,
      connections: 50,
      durationSeconds: DURATION_S,
      warmupSeconds: 2,
      ...(overallRate ? { overallRate } : {}),
    },
    {
      runLoad: (input: LoadInput) => runChild<LoadFigures>('load', input).then(({ result }) => result),
      serverCpuSeconds: async () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e6;
      },
      postgresPid,
    },
  );

type Row = {
  stories: number;
  plainBytes: number;
  sentBytes: number;
  encoding: string;
} & Record<'bare' | 'app' | 'bareSteady' | 'appSteady', Awaited<ReturnType<typeof load>>> & {
    /** Flat out with If-None-Match of the answer's validator (304s), when the app sends one. */
    appRevalidated?: Awaited<ReturnType<typeof load>>;
  };

await bundleChildren();
await withBenchDatabase('catamaran-bench-library-', 2, async ({ databaseUrl, admin, postgres }) => {
  const jwtSecret = randomBytes(48).toString('base64url');
  const [learner] = await admin.db
    .insert(users)
    .values({ email: 'reader@example.com', userMetadata: {}, emailConfirmedAt: new Date() })
    .returning();
  if (!learner) throw new Error('no learner');
  const token = await signedInToken(admin.db, jwtSecret, learner.id);
  const headers = { ...BROWSER, authorization: `Bearer ${token}` };

  const app = await buildApp({
    ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: jwtSecret }),
    databaseUrl,
    jwtSecret,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appOrigin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // The bare route answers the bytes the app answered last, with the same type and encoding, and nothing else.
  let answer: { body: Buffer; encoding: string | undefined } = { body: Buffer.alloc(0), encoding: undefined };
  const bare = Fastify({ logger: false });
  bare.get('/api/stories/', (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    if (answer.encoding) reply.header('content-encoding', answer.encoding);
    return reply.send(answer.body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareOrigin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const results: Row[] = [];
  for (const size of SIZES) {
    await padLibrary(admin.db, size);
    await giveProgress(admin.db, learner.id);
    // 200 more learners at each size (800 by 2,000 stories), each with 21 stories begun among those there.
    await giveOthersProgress(admin.db, OTHER_LEARNERS);
    if (process.env.BENCH_EXPLAIN === '1') log(await explainLibraryState(admin.pool, learner.id));
    const sample = await rawAnswer(appOrigin, headers);
    if (sample.status !== 200) throw new Error(`the list answered ${sample.status}`);
    const plain = await (await fetch(`${appOrigin}${PATH}`, { headers })).text();
    answer = { body: sample.body, encoding: sample.encoding };
    log(
      `${size} stories: ${plain.length} bytes plain, ${sample.body.length} ${sample.encoding ?? 'identity'}`,
    );
    const row = {
      stories: size,
      plainBytes: Buffer.byteLength(plain),
      sentBytes: sample.body.length,
      encoding: sample.encoding ?? 'identity',
      bare: await load(postgres.pid, bareOrigin, headers),
      app: await load(postgres.pid, appOrigin, headers),
      bareSteady: await load(postgres.pid, bareOrigin, headers, RATE),
      appSteady: await load(postgres.pid, appOrigin, headers, RATE),
      ...(sample.etag
        ? {
            appRevalidated: await load(postgres.pid, appOrigin, { ...headers, 'if-none-match': sample.etag }),
          }
        : {}),
    };
    results.push(row);
    log(
      `  app ${row.app.requestsPerSecond} req/s (bare ${row.bare.requestsPerSecond}); p99 at ${RATE}: ${row.appSteady.latencyP99Ms} ms (bare ${row.bareSteady.latencyP99Ms})`,
    );
  }
  await app.close();
  await bare.close();
  await admin.pool.end();

  report(results);
});

/** Prints the table and writes bench/results/library.json. */
function report(results: Row[]): void {
  const widths = [9, 11, 10, 10, 11, 10, 13, 13, 12, 12, 10];
  console.info(
    `\nGET ${PATH} (${Object.keys(BROWSER).join(', ')}), 50 connections, ${DURATION_S} s; p99 at ${RATE} req/s`,
  );
  console.info(
    pad(
      [
        'stories',
        'plain KB',
        'sent KB',
        'app req/s',
        'bare req/s',
        'app÷bare',
        'app p99 ms',
        'bare p99 ms',
        'app µs/req',
        'bare µs/req',
        '304 req/s',
      ],
      widths,
    ),
  );
  for (const row of results)
    console.info(
      pad(
        [
          row.stories,
          (row.plainBytes / 1024).toFixed(1),
          (row.sentBytes / 1024).toFixed(1),
          row.app.requestsPerSecond,
          row.bare.requestsPerSecond,
          `${((row.app.requestsPerSecond * 100) / row.bare.requestsPerSecond).toFixed(1)} %`,
          row.appSteady.latencyP99Ms,
          row.bareSteady.latencyP99Ms,
          row.app.cpu.serverMicrosPerRequest ?? '',
          row.bare.cpu.serverMicrosPerRequest ?? '',
          row.appRevalidated?.requestsPerSecond ?? '',
        ],
        widths,
      ),
    );
  mkdirSync('bench/results', { recursive: true });
  const result = {
    benchmark: `GET ${PATH}`,
    measuredAt: new Date().toISOString(),
    machine: machine(undefined),
    settings: { connections: 50, durationSeconds: DURATION_S, steadyRate: RATE, headers: BROWSER },
    results,
  };
  writeFileSync('bench/results/library.json', `${JSON.stringify(result, null, 2)}\n`);
  console.info('Written to bench/results/library.json');
}
