import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative as relativePath } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { setupTestApp, testConfig } from '#server/testing/app.ts';
import { testStorage } from '#server/testing/storage.ts';

const t = setupTestApp();
const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

async function stored(key: string, body: Buffer, contentType: string) {
  await t.app.storage.put(key, Readable.from([body]), { contentType });
  return t.app.storage.publicUrl(key);
}

describe('the storage the test apps run with', () => {
  it('is the S3 server TEST_S3_ENDPOINT names, or a folder on disk without it', () => {
    const endpoint = process.env.TEST_S3_ENDPOINT;

    expect(testStorage).toBe(endpoint ? 's3' : 'local');
    expect(t.config.s3?.endpoint).toBe(endpoint?.replace(/\/+$/, ''));
    expect(t.app.storage.externalOrigin).toBe(endpoint ? new URL(endpoint).origin : undefined);
  });
});

// On disk the app serves stored files at /media/; on S3 (TEST_S3_ENDPOINT) the bucket serves them itself.
describe(`stored files, served by ${testStorage === 's3' ? 'the bucket' : 'the app at /media/'}`, () => {
  it('serves a stored file with its content type, nosniff, and a year of caching', async () => {
    const url = await stored(`story-audio/chapters/7-${Date.now()}.mp3`, AUDIO, 'audio/mpeg');

    const response = await t.fetchStored(url);

    expect(url).toMatch(t.mediaUrl(/story-audio\/chapters\/7-\d+\.mp3/));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    // nosniff is the app's header; a bucket's answers carry what its operator configures.
    if (testStorage === 'local') expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  // On S3 the bucket's policy keeps dictionary-imports/ private (README, "S3_BUCKET"); s3rver has no policies.
  it.skipIf(testStorage === 's3')(
    'serves only covers and audio: another folder (an uploaded dump) is not found',
    async () => {
      const url = await stored(`dictionary-imports/${Date.now()}-dump.jsonl`, AUDIO, 'application/x-ndjson');

      expect((await t.get(url)).status).toBe(404);
    },
  );

  it('answers a range request with 206 and just those bytes, so audio can seek', async () => {
    const url = await stored(`story-audio/chapters/8-${Date.now()}.mp3`, AUDIO, 'audio/mpeg');

    const response = await t.fetchStored(url, { range: 'bytes=100-109' });

    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 100-109/1000');
    expect(response.bytes.equals(AUDIO.subarray(100, 110))).toBe(true);
  });

  it('answers a missing file, a climb out of the folder, or a partial upload with a JSON 404', async () => {
    for (const url of [
      '/media/story-images/covers/none.webp',
      '/media/../package.json',
      '/media/%2e%2e/package.json',
    ]) {
      const response = await t.get(url);
      expect(response.status, url).toBe(404);
      expect(response.text, url).not.toContain('"name": "catamaran"');
    }
  });
});

describe('a relative DATA_DIR (./data is the default)', () => {
  it('still serves /media/ from the folder it names', async () => {
    const relative = relativePath(process.cwd(), mkdtempSync(join(tmpdir(), 'catamaran-relative-')));
    const app = await buildApp(testConfig(t.databaseUrl, { dataDir: relative }));
    try {
      await app.storage.put('story-images/covers/r.webp', Readable.from([Buffer.from('webp')]), {
        contentType: 'image/webp',
      });
      const response = await app.inject({ method: 'GET', url: '/media/story-images/covers/r.webp' });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('with S3 configured', () => {
  it('serves nothing at /media/ and lets the page load images and audio from the bucket', async () => {
    const app = await buildApp(
      testConfig(t.databaseUrl, {
        s3: {
          bucket: 'catamaran',
          region: 'eu-west-1',
          forcePathStyle: false,
          publicBaseUrl: 'https://media.example.com',
        },
      }),
    );
    try {
      const media = await app.inject({ method: 'GET', url: '/media/story-images/covers/a.webp' });
      const policy = String(
        (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );

      expect(media.statusCode).toBe(404);
      expect(app.storage.publicUrl('story-images/covers/a.webp')).toBe(
        'https://media.example.com/story-images/covers/a.webp',
      );
      expect(policy).toContain("img-src 'self' data: blob: https://media.example.com");
      expect(policy).toContain("media-src 'self' blob: https://media.example.com");
    } finally {
      await app.close();
    }
  });
});
