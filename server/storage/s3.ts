import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './signed.ts';
import { assertSafeKey, keyAfter, ObjectExistsError, type ObjectStorage } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path rather than the host name, as most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Where browsers fetch objects (a CDN, or the bucket's public URL); by default derived from the above. */
  publicBaseUrl?: string;
}

/** Objects in an S3 bucket, uploaded in streamed parts (lib-storage), never held whole in memory. */
export function s3Storage(settings: S3Settings): ObjectStorage {
  const client = s3Client(settings);
  const base = publicBase(settings);

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
      return true;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return false;
      throw error;
    }
  }

  return {
    externalOrigin: new URL(base).origin,
    async put(key, body: Readable, options) {
      assertSafeKey(key);
      // IfNoneMatch below makes this atomic where the server supports conditional writes (AWS, MinIO); this
      // check keeps the rule on servers that ignore it.
      if (await exists(key)) throw new ObjectExistsError(key);
      return upload(client, settings.bucket, key, body, options.contentType);
    },
    async get(key) {
      assertSafeKey(key);
      const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error(`The object ${key} has no readable body.`);
      return answer.Body;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      keys.forEach(assertSafeKey);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: settings.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    },
    publicUrl: (key) => {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
    keyFromUrl: (url) => keyAfter(`${base}/`, url),
    signedUrl(key, { expiresInSeconds, downloadName }) {
      assertSafeKey(key);
      // Signed against the bucket's endpoint, not a CDN in front of it: the bucket is what checks the signature.
      const command = new GetObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(downloadName),
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

/** Where browsers fetch the bucket's objects, without a trailing slash. */
function publicBase(settings: S3Settings): string {
  return (
    settings.publicBaseUrl ??
    (settings.endpoint
      ? `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`)
  ).replace(/\/+$/, '');
}

/** Streams `body` to a new object in parts, counting its bytes; a key already taken is ObjectExistsError. */
async function upload(
  client: S3Client,
  bucket: string,
  key: string,
  body: Readable,
  contentType: string,
): Promise<{ size: number }> {
  let size = 0;
  let bodyError: unknown;
  body.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  // The body's own failure (a size limit, a client gone) is the cause to report: when lib-storage's abort of
  // the multipart upload fails in turn, its error would otherwise replace it (a 413 became a 500 on s3rver).
  body.once('error', (error) => {
    bodyError = error;
  });
  await new Upload({
    client,
    params: {
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: 'public, max-age=31536000, immutable',
      // Never overwrite: keys carry a timestamp and a random part, and the store refuses a taken one.
      IfNoneMatch: '*',
    },
    queueSize: 2,
    partSize: 8 * 1024 * 1024,
  })
    .done()
    .catch((error: unknown) => {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (bodyError !== undefined) throw bodyError;
      throw status === 412 ? new ObjectExistsError(key) : error;
    });
  return { size };
}
