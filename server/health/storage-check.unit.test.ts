import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageCheck } from './service.ts';

describe('storageCheck on local storage', () => {
  it('makes the uploads folder when missing, fails when it cannot be one, and remembers its answer', async () => {
    const root = await mkdtemp(join(tmpdir(), 'catamaran-storage-check-'));
    const uploadsDir = join(root, 'uploads');
    try {
      const remembered = storageCheck({ uploadsDir }, 60_000);
      const fresh = storageCheck({ uploadsDir }, 0);
      await expect(remembered()).resolves.toBeUndefined();

      await rm(uploadsDir, { recursive: true });
      await writeFile(uploadsDir, 'a file where the folder should be');

      await expect(remembered()).resolves.toBeUndefined(); // within its 60 s: the answer it gave
      await expect(fresh()).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
