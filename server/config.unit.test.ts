import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { WEB_DIST_DIR } from '#server/paths.ts';

describe('loadConfig', () => {
  it('gives every setting a default for a local start', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      siteUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      databasePoolMax: 10,
      logLevel: 'info',
    });
  });

  it('reads the values it is given, trimming a trailing slash off the site URL', () => {
    const config = loadConfig({
      PORT: '8080',
      SITE_URL: 'https://read.example.com/',
      DATABASE_URL: 'postgresql://app:pw@db.internal:5432/catamaran',
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      STORAGE: 'local',
      ADMIN_EMAILS: ' Boss@Example.com, editor@example.com ,',
    });

    expect(config.port).toBe(8080);
    expect(config.siteUrl).toBe('https://read.example.com');
    expect(config.databaseUrl).toBe('postgresql://app:pw@db.internal:5432/catamaran');
    expect(config.env).toBe('production');
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.adminEmails).toEqual(['boss@example.com', 'editor@example.com']);
  });

  it('requires a JWT secret of at least 32 characters in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required when NODE_ENV is production/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('refuses to start in production without a storage choice, saying what to set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail:25' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    expect(problems(production)).toEqual([
      'STORAGE is required when NODE_ENV is production: set S3_BUCKET (with STORAGE=s3) when several servers ' +
        'run, or STORAGE=local to keep files under DATA_DIR/uploads, for one server or a folder all servers share',
    ]);
    expect(loadConfig({ ...production, STORAGE: 'local' }).s3).toBeUndefined();
    expect(loadConfig({ ...production, S3_BUCKET: 'media' }).s3?.bucket).toBe('media');
    expect(loadConfig({ ...production, STORAGE: 's3', S3_BUCKET: 'media' }).s3?.bucket).toBe('media');
    expect(problems({ ...production, STORAGE: 's3' })).toEqual(['S3_BUCKET is required when STORAGE is s3']);
    expect(problems({ STORAGE: 'local', S3_BUCKET: 'media' })).toEqual([
      'STORAGE is local but S3_BUCKET is set: unset one of them',
    ]);
    expect(problems({ STORAGE: 'disk' })).toEqual(['STORAGE must be local or s3']);
    // Outside production local disk stays the default: npm start needs nothing set.
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads TRUST_PROXY as a switch, a hop count, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('uses S3 when S3_BUCKET is set, path-style by default for an S3-compatible endpoint', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toMatchObject({
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('seeds the demo content unless DEMO_CONTENT is off', () => {
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: 'on' }).demoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: 'off' }).demoContent).toBe(false);
    expect(() => loadConfig({ DEMO_CONTENT: 'no' })).toThrow(/DEMO_CONTENT must be on or off/);
  });

  it('sets billing up only with a Stripe key and both prices, pointing the SDK at another API when asked', () => {
    expect(loadConfig({}).billing).toBeUndefined();
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PRICE_MONTHLY: 'price_month',
      STRIPE_PRICE_YEARLY: 'price_year',
    };
    expect(loadConfig(stripe).billing).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: undefined,
      prices: { monthly: 'price_month', yearly: 'price_year' },
      api: undefined,
    });
    const local = loadConfig({
      ...stripe,
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).billing;
    expect(local).toMatchObject({
      webhookSecret: 'whsec_abc',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /STRIPE_PRICE_MONTHLY is required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'ftp://stripe.local' })).toThrow(/STRIPE_API_URL/);
  });

  it('mails feedback to FEEDBACK_EMAIL when set, and refuses one that is not an address', () => {
    expect(loadConfig({}).feedbackEmail).toBeUndefined();
    expect(loadConfig({ FEEDBACK_EMAIL: 'team@example.com' }).feedbackEmail).toBe('team@example.com');
    expect(() => loadConfig({ FEEDBACK_EMAIL: 'the team' })).toThrow(
      /FEEDBACK_EMAIL must be an e-mail address/,
    );
  });

  it('refuses an admin list that is not e-mail addresses', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com, not-an-address' })).toThrow(/ADMIN_EMAILS/);
  });

  it('serves the web app from dist/web, or from the built folder WEB_DIST_DIR names', () => {
    expect(loadConfig({}).webDistDir).toBe(WEB_DIST_DIR);
    const built = mkdtempSync(join(tmpdir(), 'catamaran-web-'));
    try {
      writeFileSync(join(built, 'index.html'), '<!doctype html>');
      expect(loadConfig({ WEB_DIST_DIR: built }).webDistDir).toBe(built);
      // Relative to the working directory, made absolute for the file server.
      expect(loadConfig({ WEB_DIST_DIR: relative(process.cwd(), built) }).webDistDir).toBe(built);
      // Named but not built: start-up stops with the folder it looked in, not a server of 503 pages.
      const empty = join(built, 'empty');
      expect(() => loadConfig({ WEB_DIST_DIR: empty })).toThrow(
        `WEB_DIST_DIR has no index.html in ${empty}: point it at a built web app (npm run build writes dist/web)`,
      );
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SITE_URL: 'not a url' });
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL must be a postgres/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/SITE_URL/);
    expect((error as Error).message).toMatch(/^The configuration is not valid:/);
  });
});

describe('loadConfig: draining and HTTP timeouts', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 's'.repeat(40),
    SMTP_URL: 'smtp://mail.example.com:25',
    STORAGE: 'local',
  };

  it('drains 5 s before stopping in production, not at all in development, or as configured', () => {
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig(production).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '20' }).shutdownDrainSeconds).toBe(20);
  });

  it('gives the HTTP timeouts defaults that let the largest dictionary dump arrive, and reads them', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 30_000,
      requestMs: 3_600_000,
      idleMs: 120_000,
      keepAliveMs: 72_000,
    });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_SECONDS: '10',
        HTTP_REQUEST_TIMEOUT_SECONDS: '0',
        HTTP_IDLE_TIMEOUT_SECONDS: '30',
        HTTP_KEEP_ALIVE_SECONDS: '65',
      }).httpTimeouts,
    ).toEqual({ headersMs: 10_000, requestMs: 0, idleMs: 30_000, keepAliveMs: 65_000 });
  });

  it('refuses headers allowed longer than the whole request', () => {
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS/);
  });
});
