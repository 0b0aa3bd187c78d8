import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '#server/app.ts';
import type { S3Settings } from '#server/storage/s3.ts';

/**
 * The S3-compatible server the API tests keep their files in when TEST_S3_ENDPOINT is set (CI's S3 pass:
 * `node scripts/s3-server.mjs -- npx vitest run --project api …`); unset, files go to a folder on disk.
 */
const server = process.env.TEST_S3_ENDPOINT
  ? {
      endpoint: process.env.TEST_S3_ENDPOINT.replace(/\/+$/, ''),
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      credentials: {
        accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'S3RVER',
        secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'S3RVER',
      },
    }
  : undefined;

/** Which storage driver the test apps run with. */
export const testStorage: 'local' | 's3' = server ? 's3' : 'local';

let client: S3Client | undefined;
function s3(): S3Client {
  if (!server) throw new Error('TEST_S3_ENDPOINT is not set.');
  client ??= new S3Client({ ...server, forcePathStyle: true });
  return client;
}

/**
 * A bucket of the test file's own on the test S3 server (so a file's listings never see another file's
 * objects, as each has its own data folder on disk), and how to empty and remove it afterwards.
 */
export async function createTestBucket(): Promise<{ s3: S3Settings; drop: () => Promise<void> }> {
  if (!server) throw new Error('TEST_S3_ENDPOINT is not set.');
  const bucket = `catamaran-test-${randomBytes(6).toString('hex')}`;
  await s3().send(new CreateBucketCommand({ Bucket: bucket }));
  const settings: S3Settings = {
    bucket,
    region: server.region,
    endpoint: server.endpoint,
    ...server.credentials,
    forcePathStyle: true,
  };
  return { s3: settings, drop: () => dropBucket(bucket) };
}

async function dropBucket(bucket: string): Promise<void> {
  const keys = await listKeys(bucket, '');
  for (let start = 0; start < keys.length; start += 1000) {
    const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
    await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }));
  }
  await s3().send(new DeleteBucketCommand({ Bucket: bucket }));
}

async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
    );
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return keys;
}

/** Multipart uploads begun and never finished nor aborted; [] where the server cannot list them (s3rver). */
async function pendingUploads(bucket: string, prefix: string): Promise<string[]> {
  try {
    const answer = await s3().send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }));
    return (answer.Uploads ?? []).map((upload) => `${upload.Key} (unfinished upload ${upload.UploadId})`);
  } catch (error) {
    if ((error as { name?: string }).name === 'NotImplemented') return [];
    throw error;
  }
}

/**
 * The names under a folder of the app's storage, sorted: files on disk (a partial upload included), or
 * objects in the bucket (an unfinished multipart upload included where the server lists them).
 */
export async function storedNames(config: AppConfig, folder: string): Promise<string[]> {
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  if (!config.s3) {
    const dir = join(config.dataDir, 'uploads', prefix);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  }
  const { bucket } = config.s3;
  const names = [...(await listKeys(bucket, prefix)), ...(await pendingUploads(bucket, prefix))];
  return names.map((key) => key.slice(prefix.length)).sort();
}

/** True while an object is stored under `key`. */
export async function isStored(config: AppConfig, key: string): Promise<boolean> {
  if (!config.s3) return existsSync(join(config.dataDir, 'uploads', key));
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config.s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

/** Where the app's stored objects are fetched: /media/ on disk, the bucket's path-style address on S3. */
export function mediaBase(config: AppConfig): string {
  return config.s3 ? `${server?.endpoint}/${config.s3.bucket}/` : '/media/';
}
