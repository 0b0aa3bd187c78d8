import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startBuiltServer } from './support/server.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The running cluster's pid and port, from its lock file. */
function clusterLock(dataDir: string): { pid: number; port: number } {
  const lines = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function languageNames(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/languages/`);
  return ((await response.json()) as { name: string }[]).map((language) => language.name);
}

test.describe('the server process with the embedded PostgreSQL', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  let dataDir: string;
  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'catamaran-process-'));
    await chmod(dataDir, 0o755);
  });
  test.afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('starts a new database, says where it runs, and stops it on SIGTERM', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' });

    expect(server.output()).toMatch(
      /Catamaran is running at http:\/\/localhost:\d+ \(started in \d+\.\d s\)/,
    );
    expect(await languageNames(server.url)).toHaveLength(15);

    // An administrator's edit, made straight in the database; the next start must keep it.
    const { pid, port } = clusterLock(dataDir);
    const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: 'catamaran',
    });
    await client.connect();
    await client.query("UPDATE languages SET name = 'Spanish (edited)' WHERE code = 'es'");
    await client.end();

    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  test('reuses the data on the next start, and stops cleanly on SIGINT', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' });

    const names = await languageNames(server.url);
    expect(names).toContain('Spanish (edited)');
    expect(names).toHaveLength(15);

    const { pid } = clusterLock(dataDir);
    expect(await server.stop('SIGINT'), server.output()).toBe(0);
    expect(isAlive(pid)).toBe(false);
  });

  test('restarts a killed PostgreSQL, answering 503 meanwhile, without restarting itself', async () => {
    const server = await startBuiltServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_SECONDS: '0',
      // Each step of the stop in the output, should it not end cleanly.
      LOG_LEVEL: 'info',
    });
    try {
      const killed = clusterLock(dataDir).pid;
      // Under load: four callers in a loop, each answer kept, until the database is back and answering. (A
      // 404 just after the kill proves nothing: a backend may outlive its postmaster for a moment.) A missing
      // story is looked for in the database each time, and answered 404 while it answers; the languages would
      // not do, being kept in memory (decision 092).
      const answers: { status: number; body: string; retryAfter: string | null }[] = [];
      let recovered = false;
      const isBack = () => server.output().includes('the embedded PostgreSQL is running again');
      const giveUpAt = Date.now() + 60_000;
      const caller = async () => {
        while (!recovered && Date.now() < giveUpAt) {
          const response = await fetch(`${server.url}/api/stories/999999/`);
          const answer = {
            status: response.status,
            body: await response.text(),
            retryAfter: response.headers.get('retry-after'),
          };
          answers.push(answer);
          if (answer.status === 404 && isBack()) recovered = true;
        }
      };
      const callers = Promise.all([caller(), caller(), caller(), caller()]);
      await expect.poll(() => answers.length).toBeGreaterThan(20);

      process.kill(killed, 'SIGKILL');
      await callers;

      const failures = answers.filter((answer) => answer.status !== 404);
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure.status).toBe(503);
        expect(JSON.parse(failure.body)).toEqual({
          error: 'The database is not answering. Try again in a moment.',
        });
        expect(failure.retryAfter).toBe('5');
      }
      expect(await languageNames(server.url)).toHaveLength(15);
      expect(server.process.exitCode).toBeNull();
      expect(clusterLock(dataDir).pid).not.toBe(killed);
      expect(server.output()).toContain('the embedded PostgreSQL stopped by itself; starting it again');
      expect(server.output()).toContain('the embedded PostgreSQL is running again');
      expect(server.output()).toContain('the database is not answering');
    } finally {
      expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    }
  });

  test('a killed Catamaran leaves its PostgreSQL running; the next start stops that one and starts', async () => {
    const first = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const orphan = clusterLock(dataDir).pid;
    first.process.kill('SIGKILL');
    await first.stop();
    expect(isAlive(orphan)).toBe(true);

    const second = await startBuiltServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_SECONDS: '0',
    });
    try {
      expect(second.output()).toContain('stopped the PostgreSQL a stopped Catamaran had left running');
      await expect.poll(() => isAlive(orphan)).toBe(false);
      expect(await languageNames(second.url)).toContain('Spanish (edited)');

      // A live Catamaran's PostgreSQL is not taken from it: a third start on the same folder is refused.
      await expect(startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' })).rejects.toThrow(
        /PostgreSQL is already running on .*Stop that one first\./,
      );
      expect(await languageNames(second.url)).toHaveLength(15);
    } finally {
      expect(await second.stop('SIGTERM'), second.output()).toBe(0);
    }
  });

  test('stops cleanly on SIGTERM while it is starting a killed PostgreSQL again, leaving none running', async () => {
    const server = await startBuiltServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_SECONDS: '0',
    });
    process.kill(clusterLock(dataDir).pid, 'SIGKILL');
    await expect.poll(() => server.output()).toContain('the embedded PostgreSQL stopped by itself');

    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    const lockFile = join(dataDir, 'postgres', 'postmaster.pid');
    await expect.poll(() => !existsSync(lockFile) || !isAlive(clusterLock(dataDir).pid)).toBe(true);
  });

  test('stops with a sentence when its PostgreSQL cannot be started again, for an outer supervisor', async () => {
    test.setTimeout(180_000);
    const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const folder = join(dataDir, 'postgres');
    const exited = new Promise<number | null>((done) => server.process.once('exit', (code) => done(code)));
    // The cluster dies and its folder is gone: each try to start it again fails (five, 1 + 2 + 4 + 8 + 16 s apart).
    process.kill(clusterLock(dataDir).pid, 'SIGKILL');
    await rename(folder, `${folder}-away`);
    try {
      expect(await exited).toBe(1);
      expect(server.output()).toContain(
        'The embedded PostgreSQL stopped and could not be started again in 5 tries, so Catamaran is stopping too',
      );
    } finally {
      await server.stop('SIGKILL');
      await rename(`${folder}-away`, folder);
    }
  });

  test('on SIGTERM, reports not ready at once and keeps serving for the drain delay, then stops', async () => {
    const server = await startBuiltServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_SECONDS: '5',
    });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const stopped = server.stop('SIGTERM');
    await expect.poll(async () => (await fetch(`${server.url}/api/health/ready`)).status).toBe(503);
    const draining = await fetch(`${server.url}/api/health/ready`);
    const served = await fetch(`${server.url}/api/languages/`);

    expect(await draining.json()).toEqual({
      error: 'This server is stopping: send requests to another one.',
    });
    expect(draining.headers.get('cache-control')).toBe('no-store');
    expect(served.status).toBe(200);
    expect(await stopped).toBe(0);
  });
});

test('refuses to start on a bad configuration, listing every problem', () => {
  const run = spawnSync(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://nope' },
    encoding: 'utf8',
    timeout: 20_000,
  });

  expect(run.status).toBe(1);
  expect(run.stderr).toContain('The configuration is not valid:');
  expect(run.stderr).toMatch(/PORT/);
  expect(run.stderr).toMatch(/LOG_LEVEL/);
  expect(run.stderr).toMatch(/DATABASE_URL must be a postgres/);
});
