import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
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

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  test('reuses the data on the next start, and stops cleanly on SIGINT', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' });

    const names = await languageNames(server.url);
    expect(names).toContain('Spanish (edited)');
    expect(names).toHaveLength(15);

    const { pid } = clusterLock(dataDir);
    expect(await server.stop('SIGINT')).toBe(0);
    expect(isAlive(pid)).toBe(false);
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
