import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppConfig, type AppOptions, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createDatabaseFrom, databaseUrl, dropDatabase } from './database.ts';
import { createTestBucket, isStored, mediaBase, storedNames, testStorage } from './storage.ts';

/** A database of this test file's own, copied from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { serverUrl, template } = inject('testDatabaseServer');
  const name = `catamaran_test_${randomBytes(6).toString('hex')}`;
  await createDatabaseFrom(serverUrl, name, template);
  return { url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** Signs the test servers' access tokens; tests sign their own with it too. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** The folders testConfig made for this test file's servers, until removeTestData removes them. */
const dataDirs: string[] = [];

/** The configuration a test server runs with: the defaults, quiet logs, and the given database. */
export function testConfig(url: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
  // Uploads and the like go to a folder of the test's own, never the project's ./data.
  let dataDir = overrides.dataDir;
  if (dataDir === undefined) {
    dataDir = mkdtempSync(join(tmpdir(), 'catamaran-test-data-'));
    dataDirs.push(dataDir);
  }
  return { ...loadConfig(env), databaseUrl: url, jwtSecret: TEST_JWT_SECRET, ...overrides, dataDir };
}

/**
 * Removes the folders testConfig has made so far (each run of the suite left ~100 behind in the temp folder);
 * called once the servers that wrote there are closed: by setupTestApp after its file, by a file without it.
 */
export async function removeTestData(): Promise<void> {
  await Promise.all(dataDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
}

export interface TestApp {
  readonly app: FastifyInstance;
  /** Listens on a free loopback port, for tests that need a real socket (streamed bodies); answers its base URL. */
  listen(): Promise<string>;
  readonly config: AppConfig;
  readonly db: Database;
  readonly databaseUrl: string;
  request<T = unknown>(options: InjectOptions & { token?: string }): Promise<TestResponse<T>>;
  get<T = unknown>(
    url: string,
    options?: { token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  /** Where stored objects are fetched: `/media/` on disk, `http://…/bucket/` on the test S3 server. */
  readonly mediaBase: string;
  /** Matches the URL of a key that matches `key`, whole, on the storage in use. */
  mediaUrl(key: RegExp): RegExp;
  /** Fetches a URL the storage gave out: from the app (/media/) or from the bucket (an absolute URL). */
  fetchStored(url: string, headers?: Record<string, string>): Promise<StoredResponse>;
  /** The names under a folder of the storage, sorted (partial uploads included where they can be seen). */
  storedIn(folder: string): Promise<string[]>;
  /** True while an object is stored under `key`. */
  isStored(key: string): Promise<boolean>;
}

export interface StoredResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  bytes: Buffer;
}

/**
 * Builds the real app over a fresh database for the tests of one file; `prepare` may add test-only routes
 * before the app is ready. Closes and drops everything after the file. With TEST_S3_ENDPOINT set (and no
 * `s3` in the given config), its files go to a fresh bucket on that server instead of a folder on disk.
 */
export function setupTestApp(
  options: { config?: Partial<AppConfig>; app?: AppOptions; prepare?: (app: FastifyInstance) => void } = {},
): TestApp {
  let app: FastifyInstance | undefined;
  let config: AppConfig | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let bucket: Awaited<ReturnType<typeof createTestBucket>> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (testStorage === 's3' && !(options.config && 's3' in options.config))
      bucket = await createTestBucket();
    // Workers poll as often as pg-boss allows, so tests wait little for queued mail.
    config = testConfig(database.url, { ...(bucket ? { s3: bucket.s3 } : {}), ...options.config });
    app = await buildApp(config, {
      // Tests that mean to see the sweeps ask for them; elsewhere one could fail a test's import.
      sweeps: false,
      ...options.app,
      jobs: { pollingIntervalSeconds: 0.5, ...options.app?.jobs },
    });
    options.prepare?.(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await bucket?.drop();
    await removeTestData();
  });

  const current = () => {
    if (!app || !database) throw new Error('The test app is used before beforeAll has built it.');
    return { app, database };
  };

  const request = async <T>({
    token,
    ...inject
  }: InjectOptions & { token?: string }): Promise<TestResponse<T>> => {
    const headers = { ...(inject.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await current().app.inject({ ...inject, headers });
    let body: unknown;
    try {
      body = response.body === '' ? undefined : JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body: body as T, text: response.body };
  };

  const currentConfig = () => {
    if (!config) throw new Error('The test app is used before beforeAll has built it.');
    return config;
  };

  return {
    get app() {
      return current().app;
    },
    get config() {
      return currentConfig();
    },
    get db() {
      return current().app.db;
    },
    get databaseUrl() {
      return current().database.url;
    },
    async listen() {
      const { app } = current();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (typeof address !== 'object' || !address) throw new Error('The test server has no TCP address.');
      return `http://127.0.0.1:${address.port}`;
    },
    request,
    get: (url, options) => request({ method: 'GET', url, headers: options?.headers, token: options?.token }),
    get mediaBase() {
      return mediaBase(currentConfig());
    },
    mediaUrl: (key) => new RegExp(`^${escapeRegExp(mediaBase(currentConfig()))}${key.source}$`),
    fetchStored: (url, headers) => fetchStored(current().app, url, headers),
    storedIn: (folder) => storedNames(currentConfig(), folder),
    isStored: (key) => isStored(currentConfig(), key),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function fetchStored(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<StoredResponse> {
  if (!/^https?:\/\//.test(url)) {
    const answer = await app.inject({ method: 'GET', url, headers });
    const names = Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), String(value)]);
    return { status: answer.statusCode, headers: Object.fromEntries(names), bytes: answer.rawPayload };
  }
  const answer = await fetch(url, { headers });
  return {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}
