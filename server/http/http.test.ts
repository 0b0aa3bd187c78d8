import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#server/app.ts';
import { setupTestApp, testConfig } from '#server/testing/app.ts';
import { HttpError, parseInput } from './errors.ts';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

// A built web app of the test's own: a shell and one hashed asset with its precompressed copy.
const dist = mkdtempSync(join(tmpdir(), 'catamaran-dist-'));
const SHELL =
  '<!doctype html><html><head><script type="module" src="/assets/main-Ab12Cd34.js"></script></head></html>';
const ASSET = `console.info(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), SHELL);
// The landing's own shell (its markup rendered at build time), over the size worth compressing.
const LANDING_SHELL = `<!doctype html><html><body><div id="root"><h1>Catamaran</h1>${'<p>A story.</p>'.repeat(100)}</div></body></html>`;
writeFileSync(join(dist, 'landing.html'), LANDING_SHELL);
// The sign-in pages' shell: the app's without the signed-in screens' preloads.
const SIGN_IN_SHELL = '<!doctype html><html><head><!-- sign-in --></head></html>';
writeFileSync(join(dist, 'signin.html'), SIGN_IN_SHELL);
writeFileSync(join(dist, 'assets', 'main-Ab12Cd34.js'), ASSET);
writeFileSync(join(dist, 'assets', 'main-Ab12Cd34.js.gz'), gzipSync(ASSET));
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const t = setupTestApp({
  app: { webDistDir: dist },
  prepare(app) {
    // Test-only routes that exercise the shared error handler and the shutdown path.
    app.post('/api/test/echo', async (request) =>
      parseInput(z.object({ name: z.string().min(1) }), request.body),
    );
    app.get('/api/test/teapot', async () => {
      throw new HttpError(418, 'I am a teapot.');
    });
    app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    });
    app.get('/api/test/large', async () => ({ items: Array.from({ length: 500 }, (_, i) => ({ id: i })) }));
  },
});

describe('API errors', () => {
  it('answers an unknown /api/ path with a JSON 404', async () => {
    const response = await t.get('/api/no-such-thing');

    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: 'There is nothing at GET /api/no-such-thing.' });
  });

  it('answers a malformed JSON body with a 400 sentence', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });

    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'The request body is too large.' });
  });

  it('answers a content type it does not read with 415', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'name=x',
    });

    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'This content type is not accepted here.' });
  });

  it('answers input of the wrong type with a 400 naming the field', async () => {
    const response = await t.request({ method: 'POST', url: '/api/test/echo', payload: { name: 42 } });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.stringMatching(/^name: /) });
  });

  it('answers valid input', async () => {
    const response = await t.request({ method: 'POST', url: '/api/test/echo', payload: { name: 'Ana' } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: 'Ana' });
  });

  it('answers an HttpError with its status and sentence', async () => {
    const response = await t.get('/api/test/teapot');

    expect(response.status).toBe(418);
    expect(response.body).toEqual({ error: 'I am a teapot.' });
  });

  it('answers an unexpected error with a plain 500 sentence and no internals', async () => {
    const response = await t.get('/api/test/crash');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(response.text).not.toMatch(/secret|srv|stack/);
  });
});

describe('every answer', () => {
  it('carries a request id, keeping a well-formed one the client sent', async () => {
    const generated = await t.get('/api/health');
    const kept = await t.get('/api/health', { headers: { 'x-request-id': 'lb-1234-abcd' } });
    const replaced = await t.get('/api/health', { headers: { 'x-request-id': 'bad id with spaces\n' } });

    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept.headers['x-request-id']).toBe('lb-1234-abcd');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries security headers with a policy that allows no inline script', async () => {
    const response = await t.get('/');
    const policy = String(response.headers['content-security-policy']);

    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is compressed when large and the client accepts it', async () => {
    const response = await t.get('/api/test/large', { headers: { 'accept-encoding': 'br, gzip' } });

    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('the web app', () => {
  it('answers the screens of the route table with the shell, never cached', async () => {
    for (const path of ['/dashboard', '/story/12', '/read/3/9', '/admin/story/4', '/apply']) {
      const response = await t.get(path);
      expect(response.status, path).toBe(200);
      expect(response.text).toBe(SHELL);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers the sign-in pages with their own shell, never cached', async () => {
    for (const path of ['/signin', '/signin/', '/signup', '/signin/verify', '/signin/verify?token=x']) {
      const response = await t.get(path);
      expect(response.status, path).toBe(200);
      expect(response.text, path).toBe(SIGN_IN_SHELL);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers / with the landing’s own shell, compressed as the browser accepts, never cached', async () => {
    for (const url of ['/', '/?from=mail']) {
      const plain = await t.get(url);
      expect(plain.status, url).toBe(200);
      expect(plain.text).toBe(LANDING_SHELL);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
    }
    const brotli = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(LANDING_SHELL);
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LANDING_SHELL);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('sends a shell too small to be worth it uncompressed', async () => {
    const response = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br, gzip' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe(SHELL);
  });

  it('answers a path outside the route table with the shell and a 404 status', async () => {
    const response = await t.get('/no/such/page');

    expect(response.status).toBe(404);
    expect(response.text).toBe(SHELL);
  });

  it('serves hashed assets for a year, immutable, precompressed', async () => {
    const response = await t.get('/assets/main-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });

    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const response = await t.get('/assets/gone-00000000.js');

    expect(response.status).toBe(404);
    expect(response.text).not.toContain('<!doctype html>');
  });

  it('serves other files without long caching', async () => {
    const response = await t.get('/favicon.svg');

    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('says how to build when the web app is not built, on pages only', async () => {
    const app = await buildApp(testConfig(t.databaseUrl), { webDistDir: join(dist, 'missing') });
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      const api = await app.inject({ method: 'GET', url: '/api/languages/' });
      expect(page.statusCode).toBe(503);
      expect(page.json()).toEqual({
        error: 'The web app has not been built yet. Run `npm run build`, then reload.',
      });
      expect(api.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('closing', () => {
  it('lets a request in flight finish its write before the pool closes', async () => {
    const entered = deferred();
    const gate = deferred();
    const app = await buildApp(testConfig(t.databaseUrl), { webDistDir: dist });
    app.post('/api/test/slow-write', async () => {
      entered.resolve();
      await gate.promise;
      await app.db.execute(sql`CREATE TABLE IF NOT EXISTS shutdown_probe (id int)`);
      await app.db.execute(sql`INSERT INTO shutdown_probe VALUES (1)`);
      return { saved: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow-write`, { method: 'POST' });
    await entered.promise;
    const closing = app.close();
    gate.resolve();
    const response = await inFlight;
    const body = await response.json();
    await closing;

    expect(response.status).toBe(200);
    expect(body).toEqual({ saved: true });
    expect(response.headers.get('connection')).toBe('close');
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM shutdown_probe');
    await client.end();
    expect(rows[0]).toEqual({ n: 1 });
  });
});
