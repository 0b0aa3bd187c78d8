import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { WEB_DIST_DIR } from '#server/paths.ts';
import { readSigningKey, SIGNING_KEY_PROBLEM, type SigningKey } from '#server/signing-keys.ts';
import type { S3Settings } from '#server/storage/s3.ts';

const MB = 1024 * 1024;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
    error: 'must be a postgres:// or postgresql:// URL',
  });

/** Every setting the server reads from the environment; README.md documents each one. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    SITE_URL: z.url({ error: 'must be an absolute URL such as https://catamaran.example' }).optional(),
    DATABASE_URL: postgresUrl.optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    // Named on purpose, a folder without the app is a mistake (a typo, a build not copied): start-up stops,
    // rather than answering every page 503. The default only warns, so the API runs before a first build.
    WEB_DIST_DIR: z
      .string()
      .trim()
      .min(1)
      .transform((dir, context) => {
        const absolute = resolve(dir); // relative to the working directory, like DATA_DIR
        if (existsSync(join(absolute, 'index.html'))) return absolute;
        context.addIssue({
          code: 'custom',
          message: `has no index.html in ${absolute}: point it at a built web app (npm run build writes dist/web)`,
        });
        return z.NEVER;
      })
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((value): boolean | number | string =>
        value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
      )
      .optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    // Draining and HTTP timeouts (README, "Timeouts, readiness and draining"); the drain's default depends on NODE_ENV.
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).optional(),
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
    SMTP_URL: z
      .string()
      .trim()
      .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), {
        error: 'must be an smtp:// or smtps:// URL',
      })
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Catamaran <no-reply@catamaran.localhost>'),
    STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).optional(),
    S3_BUCKET: z.string().trim().min(3).max(63).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.com' }).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    S3_PUBLIC_URL: z.url({ error: 'must be a URL such as https://media.example.com' }).optional(),
    DICT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(2048),
    DICT_DECOMPRESSED_MAX_MB: z.coerce.number().int().min(1).max(10_485_760).default(20_480),
    DICT_LINE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(10),
    DICT_LOOKUP_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
    DEMO_CONTENT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    JWT_SIGNING_KEY: z
      .string()
      .transform((text, context) => {
        try {
          return readSigningKey(text);
        } catch {
          context.addIssue({ code: 'custom', message: SIGNING_KEY_PROBLEM });
          return z.NEVER;
        }
      })
      .optional(),
    FEEDBACK_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    STRIPE_PRICE_MONTHLY: z.string().trim().min(1).optional(),
    STRIPE_PRICE_YEARLY: z.string().trim().min(1).optional(),
    STRIPE_API_URL: z
      .url({
        protocol: /^https?$/,
        error: 'must be an http:// or https:// URL such as http://127.0.0.1:12111',
      })
      .optional(),
    ADMIN_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
      .optional(),
  })
  .refine(
    (values) =>
      values.HTTP_REQUEST_TIMEOUT_SECONDS === 0 ||
      values.HTTP_HEADERS_TIMEOUT_SECONDS <= values.HTTP_REQUEST_TIMEOUT_SECONDS,
    { path: ['HTTP_HEADERS_TIMEOUT_SECONDS'], error: 'must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS' },
  )
  .refine((values) => values.NODE_ENV !== 'production' || values.JWT_SECRET !== undefined, {
    path: ['JWT_SECRET'],
    error: 'is required when NODE_ENV is production',
  })
  .refine((values) => values.NODE_ENV !== 'production' || values.SMTP_URL !== undefined, {
    path: ['SMTP_URL'],
    error: 'is required when NODE_ENV is production (the development outbox does not exist there)',
  })
  .superRefine(checkStorageChoice)
  .superRefine((values, context) => {
    // Billing is all or nothing: a key without its prices could take no one to a checkout.
    const billing = ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const;
    if (!billing.some((name) => values[name] !== undefined)) return;
    for (const name of billing) {
      if (values[name] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is required with ${billing.filter((other) => values[other] !== undefined).join(' and ')}`,
        });
      }
    }
  });

/**
 * What set-up each storage choice needs. Local disk is per server: a file uploaded through one server is
 * missing on every other (a cover or audio 404, a dictionary dump its import cannot read), so production does
 * not fall back to it: it is chosen by name, for a single server or a folder every server shares.
 */
function checkStorageChoice(
  values: { NODE_ENV: string; STORAGE?: 'local' | 's3' | undefined; S3_BUCKET?: string | undefined },
  context: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (values.STORAGE === 's3' && values.S3_BUCKET === undefined)
    issue('S3_BUCKET', 'is required when STORAGE is s3');
  if (values.STORAGE === 'local' && values.S3_BUCKET !== undefined) {
    issue('STORAGE', 'is local but S3_BUCKET is set: unset one of them');
  }
  if (values.NODE_ENV === 'production' && values.STORAGE === undefined && values.S3_BUCKET === undefined) {
    issue(
      'STORAGE',
      'is required when NODE_ENV is production: set S3_BUCKET (with STORAGE=s3) when several servers run, ' +
        'or STORAGE=local to keep files under DATA_DIR/uploads, for one server or a folder all servers share',
    );
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The public origin of the site, with no trailing slash. */
  siteUrl: string;
  /** An external PostgreSQL; without it the server starts an embedded one under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The built web app the server serves, an absolute path (WEB_DIST_DIR; dist/web by default). */
  webDistDir: string;
  databasePoolMax: number;
  logLevel: (typeof LOG_LEVELS)[number];
  shutdownTimeoutMs: number;
  /** After SIGTERM, how long readiness answers 503 while requests are still served, before the server closes. */
  shutdownDrainSeconds: number;
  /** The HTTP server's timeouts, in milliseconds (0: none). */
  httpTimeouts: HttpTimeouts;
  /** Whom to believe about the client's address (X-Forwarded-For): false, true, a hop count, or addresses. */
  trustProxy: boolean | number | string;
  /** Signs access tokens; without it (outside production) main keeps a generated one under `dataDir`. */
  jwtSecret: string | undefined;
  /** An asymmetric key that signs access tokens instead (ES256 or RS256), published as a JWKS; HS256 without it. */
  jwtSigningKey: SigningKey | undefined;
  /** Real mail; without it (outside production) mail goes to the development outbox at /dev/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Object storage in S3 (or an S3-compatible server); without it, files under `dataDir/uploads`. */
  s3: S3Settings | undefined;
  /** Addresses that are administrators, lowercased. */
  adminEmails: string[];
  /** Limits of a dictionary dump, in bytes: the upload, its decompressed text, and one line of it. */
  dictionaryLimits: DictionaryLimits;
  /** How many lookup answers each process keeps (0: none). */
  lookupCacheEntries: number;
  /** Whether a new database gets the demo library and dictionaries (DEMO_CONTENT; off for a real site). */
  demoContent: boolean;
  /** Where each learner's feedback is mailed, besides being kept; none: kept only. */
  feedbackEmail: string | undefined;
  /** Pro through Stripe; without it the billing calls say billing is not set up (STRIPE_*). */
  billing: BillingSettings | undefined;
}

export interface BillingSettings {
  secretKey: string;
  /** Signs the webhook's events; without it the webhook refuses every event. */
  webhookSecret: string | undefined;
  prices: { monthly: string; yearly: string };
  /** Another Stripe-compatible API than Stripe's own (a local stand-in in tests): its address. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export interface HttpTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included, must arrive within this (0: no limit); sized for the largest upload. */
  requestMs: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveMs: number;
}

export interface DictionaryLimits {
  uploadBytes: number;
  decompressedBytes: number;
  lineBytes: number;
}

/** Start-up stops with this when the environment holds bad values; the message lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function apiAddress(url: URL): NonNullable<BillingSettings['api']> {
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Reads and checks the configuration from an environment such as `process.env`. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as it does in most shells' `VAR= command`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const values = parsed.data;
  const siteUrl = (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    siteUrl,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    webDistDir: values.WEB_DIST_DIR ?? WEB_DIST_DIR,
    databasePoolMax: values.DATABASE_POOL_MAX,
    logLevel: values.LOG_LEVEL,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainSeconds: values.SHUTDOWN_DRAIN_SECONDS ?? (values.NODE_ENV === 'production' ? 5 : 0),
    httpTimeouts: {
      headersMs: values.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: values.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: values.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: values.HTTP_KEEP_ALIVE_SECONDS * 1000,
    },
    trustProxy: values.TRUST_PROXY ?? false,
    jwtSecret: values.JWT_SECRET,
    jwtSigningKey: values.JWT_SIGNING_KEY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    adminEmails: values.ADMIN_EMAILS ?? [],
    lookupCacheEntries: values.DICT_LOOKUP_CACHE_ENTRIES,
    demoContent: values.DEMO_CONTENT === 'on',
    feedbackEmail: values.FEEDBACK_EMAIL,
    billing:
      values.STRIPE_SECRET_KEY && values.STRIPE_PRICE_MONTHLY && values.STRIPE_PRICE_YEARLY
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            prices: { monthly: values.STRIPE_PRICE_MONTHLY, yearly: values.STRIPE_PRICE_YEARLY },
            api: values.STRIPE_API_URL ? apiAddress(new URL(values.STRIPE_API_URL)) : undefined,
          }
        : undefined,
    dictionaryLimits: {
      uploadBytes: values.DICT_UPLOAD_MAX_MB * MB,
      decompressedBytes: values.DICT_DECOMPRESSED_MAX_MB * MB,
      lineBytes: values.DICT_LINE_MAX_MB * MB,
    },
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          // Most S3-compatible servers want the bucket in the path; AWS itself prefers the host name.
          forcePathStyle: values.S3_FORCE_PATH_STYLE
            ? values.S3_FORCE_PATH_STYLE === 'true'
            : values.S3_ENDPOINT !== undefined,
          publicBaseUrl: values.S3_PUBLIC_URL,
        }
      : undefined,
  };
}
