import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { createTestDatabase, removeTestData, testConfig } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

/**
 * A TCP relay in front of the test database: the app connects through it, and the test cuts the database off
 * (closes the relay and every connection through it) and brings it back on the same port, which is how a
 * killed and restarted PostgreSQL looks to the app.
 */
function databaseRelay(target: { host: string; port: number }) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  const relay = (client: Socket) => {
    const onward = connect(target.port, target.host);
    sockets.add(client).add(onward);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(onward);
      client.destroy();
      onward.destroy();
    };
    for (const socket of [client, onward]) socket.on('error', forget).on('close', forget);
    client.pipe(onward).pipe(client);
  };
  return {
    port: () => port,
    open: () =>
      new Promise<void>((ready, fail) => {
        server = createServer(relay);
        server.once('error', fail);
        server.listen(port, '127.0.0.1', () => {
          const address = server?.address();
          port = typeof address === 'object' && address ? address.port : 0;
          ready();
        });
      }),
    cut: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (server?.listening) server.close(() => done());
        else done();
      }),
  };
}

// The servers' data folders, once every server of the file is closed.
afterAll(removeTestData);

describe('a call that needs the database while it is not answering', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const lines: string[] = [];
  let relay: ReturnType<typeof databaseRelay>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const url = new URL(database.url);
    relay = databaseRelay({ host: url.hostname, port: Number(url.port) });
    await relay.open();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port());
    app = await buildApp(testConfig(url.toString(), { logLevel: 'warn' }), {
      logStream: { write: (line) => void lines.push(line) },
      jobs: { pollingIntervalSeconds: 0.5 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await relay.open().catch(() => undefined);
    await app?.close();
    await drop?.();
  });

  it('answers 503 with a sentence and Retry-After, logs the outage once, and answers again once it is back', async () => {
    // A public call that reads the database each time: a story that is not there is looked for, and answered 404.
    const missingStory = '/api/stories/999999/';
    // A connection in the pool first: it must be dropped when the database goes, not handed out again.
    expect((await app.inject({ method: 'GET', url: missingStory })).statusCode).toBe(404);

    await relay.cut();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: missingStory })),
    );

    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: 'The database is not answering. Try again in a moment.' });
      expect(answer.headers['retry-after']).toBe('5');
    }
    const outageLines = lines.filter((line) => line.includes('the database is not answering'));
    expect(outageLines).toHaveLength(1);
    expect(JSON.parse(outageLines[0] ?? '{}')).toMatchObject({ level: 40 });
    expect(lines.filter((line) => line.includes('request failed'))).toEqual([]);
    expect(lines.filter((line) => line.includes('an idle database connection failed'))).toEqual([]);
    // The languages are kept in memory (decision 092): nobody can change them while the database is away.
    const languages = await app.inject({ method: 'GET', url: '/api/languages/' });
    expect(languages.statusCode).toBe(200);
    expect(languages.json()).toContainEqual(expect.objectContaining({ code: 'es' }));

    await relay.open();
    const back = await app.inject({ method: 'GET', url: missingStory });
    expect(back.statusCode).toBe(404);
  });
});

describe('a server that starts while the database is not answering', () => {
  it('answers signed-in calls 503 until it has read which sessions ended, then serves them', async () => {
    const database = await createTestDatabase();
    const seeding = openDatabase(database.url, { max: 1, onIdleError: () => undefined });
    const url = new URL(database.url);
    const relay = databaseRelay({ host: url.hostname, port: Number(url.port) });
    let app: FastifyInstance | undefined;
    try {
      const { accessToken } = await signIn(seeding.db, await createUser(seeding.db));
      await relay.open();
      url.hostname = '127.0.0.1';
      url.port = String(relay.port());
      // Built while it answers (the job queue needs it), cut off before the server is ready to take requests.
      app = await buildApp(testConfig(url.toString()), { sweeps: false, endedSessionsPollMs: 50 });
      await relay.cut();
      await app.ready();
      const call = () =>
        (app as FastifyInstance).inject({
          url: '/api/words/',
          headers: { authorization: `Bearer ${accessToken}` },
        });

      const refused = await call();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: 'The database is not answering. Try again in a moment.' });
      expect(refused.headers['retry-after']).toBe('5');

      await relay.open();
      await expect.poll(async () => (await call()).statusCode, { timeout: SERVER_WORK_TIMEOUT }).toBe(200);
    } finally {
      await relay.open().catch(() => undefined);
      await app?.close();
      await seeding.pool.end();
      await database.drop();
    }
  });
});
