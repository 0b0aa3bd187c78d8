import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { ObjectStorage } from './storage.ts';

function freePort(): Promise<number> {
  return new Promise((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => found(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let scratch = '';
let s3server: S3rver | undefined;
const drivers: {
  name: string;
  storage: () => ObjectStorage;
  read: (key: string) => Promise<Buffer | undefined>;
}[] = [];
let local: ObjectStorage;
let s3: ObjectStorage;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'catamaran-storage-'));
  local = localStorage(join(scratch, 'uploads'), { signingSecret: 'storage-test-secret' });
  const port = await freePort();
  s3server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: join(scratch, 's3'),
    configureBuckets: [{ name: 'catamaran', configs: [] }],
  });
  await s3server.run();
  s3 = s3Storage({
    bucket: 'catamaran',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3server?.close();
  await rm(scratch, { recursive: true, force: true });
});

drivers.push(
  {
    name: 'local disk',
    storage: () => local,
    read: async (key) =>
      existsSync(join(scratch, 'uploads', key)) ? readFile(join(scratch, 'uploads', key)) : undefined,
  },
  {
    name: 'S3 (s3rver)',
    storage: () => s3,
    read: async (key) => {
      const response = await fetch(s3.publicUrl(key));
      return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
    },
  },
);

describe.each(drivers)('the $name storage driver', ({ storage, read }) => {
  it('streams a body in (10 MB: several parts on S3), and reads the same bytes back', async () => {
    const body = randomBytes(10 * 1024 * 1024);
    const key = `story-audio/chapters/1-${Date.now()}.mp3`;

    const { size } = await storage().put(
      key,
      Readable.from([body.subarray(0, 4_000_000), body.subarray(4_000_000)]),
      {
        contentType: 'audio/mpeg',
      },
    );

    expect(size).toBe(body.length);
    expect((await read(key))?.equals(body)).toBe(true);
  });

  it('streams an object back, and rejects a missing one', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    const key = `dictionary-imports/${Date.now()}-dump.jsonl.gz`;
    await storage().put(key, Readable.from([body]), { contentType: 'application/gzip' });

    const chunks: Buffer[] = [];
    for await (const chunk of await storage().get(key)) chunks.push(chunk as Buffer);

    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    await expect(storage().get('dictionary-imports/missing.jsonl')).rejects.toThrow();
  });

  it('never overwrites an object', async () => {
    const key = `story-images/covers/${Date.now()}-abc.webp`;
    await storage().put(key, Readable.from([Buffer.from('first')]), { contentType: 'image/webp' });

    await expect(
      storage().put(key, Readable.from([Buffer.from('second')]), { contentType: 'image/webp' }),
    ).rejects.toThrow();

    expect((await read(key))?.toString()).toBe('first');
  });

  it('leaves no object when the body fails midway (9 MB in: an S3 multipart upload is aborted)', async () => {
    const key = `applicant-videos/${Date.now()}-failed.mp4`;
    const body = new Readable({ read() {} });
    body.on('error', () => undefined); // the upload pipeline's own listener, in the app
    const put = storage().put(key, body, { contentType: 'video/mp4' });
    for (let sent = 0; sent < 9; sent += 1) body.push(randomBytes(1024 * 1024));
    setImmediate(() => body.destroy(new Error('The upload was cut short.')));

    await expect(put).rejects.toThrow('The upload was cut short.');
    expect(await read(key)).toBeUndefined();
  });

  it('rejects with the body’s own error when it fails after several parts are sent (17 MB in)', async () => {
    const key = `audio/${Date.now()}-too-long.mp3`;
    const body = new Readable({ read() {} });
    body.on('error', () => undefined);
    const put = storage().put(key, body, { contentType: 'audio/mpeg' });
    for (let sent = 0; sent < 17; sent += 1) body.push(randomBytes(1024 * 1024));
    let consumed = 0;
    await new Promise<void>((done) => {
      body.on('data', (chunk: Buffer) => {
        consumed += chunk.length;
        if (consumed >= 17 * 1024 * 1024) done();
      });
    });
    body.destroy(new Error('The audio file is larger than 50 MB.'));

    await expect(put).rejects.toThrow('The audio file is larger than 50 MB.');
    expect(await read(key)).toBeUndefined();
  });

  it('deletes objects, and deleting one already gone is no error', async () => {
    const key = `story-images/stories/${Date.now()}-x.png`;
    await storage().put(key, Readable.from([Buffer.from('png')]), { contentType: 'image/png' });

    await storage().delete([key]);
    await storage().delete([key]);

    expect(await read(key)).toBeUndefined();
  });

  it('refuses keys that could leave their folder', async () => {
    for (const key of [
      '../etc/passwd',
      'story-images/../../x',
      '/abs/path.png',
      'no-folder.png',
      'story-images/a b.png',
    ]) {
      await expect(
        storage().put(key, Readable.from([Buffer.from('x')]), { contentType: 'image/png' }),
        key,
      ).rejects.toThrow(/Refusing the object key/);
    }
  });
});

describe('S3 presigned download addresses', () => {
  it('open a private object as a named download, signed for 10 minutes', async () => {
    const key = `applicant-videos/${Date.now()}-abc.mp4`;
    await s3.put(key, Readable.from([Buffer.from('video bytes')]), { contentType: 'video/mp4' });

    const url = await s3.signedUrl(key, { expiresInSeconds: 600, downloadName: 'my sample.mp4' });
    const answer = await fetch(url);

    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('video bytes');
    expect(answer.headers.get('content-disposition')).toContain('my sample.mp4');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    // The bucket checks the signature (s3rver does not, so forging is tested on the local driver's HMAC).
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
