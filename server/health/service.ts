import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { type S3Settings, s3Client } from '#server/storage/s3.ts';

/** Resolves when the database answers a query; rejects with its error otherwise. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Whether the server is draining before it stops: set by main on SIGTERM, read by the readiness check. */
export interface Lifecycle {
  draining: boolean;
}

/** How long a readiness check waits for the database or the storage before calling it not answering. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Rejects when `work` has not settled within `ms`. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * A check that the file storage can be written, remembered for `cacheMs` so a load balancer polling every
 * second costs the bucket one request every few seconds: the uploads folder exists (or can be made) and is
 * writable on local storage; the bucket answers a HEAD on S3.
 */
export function storageCheck(
  target: { s3: S3Settings } | { uploadsDir: string },
  cacheMs = 5_000,
): () => Promise<void> {
  const probe =
    's3' in target
      ? s3Probe(target.s3)
      : async () => {
          await mkdir(target.uploadsDir, { recursive: true });
          await access(target.uploadsDir, constants.W_OK);
        };
  let last: { at: number; result: Promise<void> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > cacheMs) {
      last = { at: Date.now(), result: within(probe(), READINESS_TIMEOUT_MS) };
      last.result.catch(() => undefined); // read by the caller; never an unhandled rejection here
    }
    return last.result;
  };
}

function s3Probe(settings: S3Settings): () => Promise<void> {
  const client = s3Client(settings);
  return async () => {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }), {
      abortSignal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
    });
  };
}
