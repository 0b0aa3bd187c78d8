import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signMediaQuery } from './signed.ts';
import { assertSafeKey, keyAfter, ObjectExistsError, type ObjectStorage } from './storage.ts';

/**
 * The default: files under `root` (./data/uploads), served by this server at /media/; private ones only at
 * addresses signed with `signingSecret` (server/storage/signed.ts).
 */
export function localStorage(root: string, options: { signingSecret: string }): ObjectStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    externalOrigin: undefined,
    async put(key, body: Readable) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside its final name, then linked there: a reader never sees half a file, and an existing
      // object is never overwritten (link fails when the name is taken).
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await link(partial, path).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new ObjectExistsError(key) : error;
        });
        return { size: (await stat(path)).size };
      } finally {
        await unlink(partial).catch(() => undefined);
      }
    },
    async get(key) {
      // Opened first, so a missing object rejects here rather than failing the stream later.
      const handle = await open(pathOf(key), 'r');
      return handle.createReadStream({ highWaterMark: 1024 * 1024 });
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    publicUrl: (key) => {
      assertSafeKey(key);
      return `/media/${key}`;
    },
    keyFromUrl: (url) => keyAfter('/media/', url),
    async signedUrl(key, { expiresInSeconds, downloadName }) {
      assertSafeKey(key);
      const expiresAt = Math.floor(Date.now() / 1000) + expiresInSeconds;
      return `/media/${key}?${signMediaQuery(options.signingSecret, key, expiresAt, downloadName)}`;
    },
  };
}
