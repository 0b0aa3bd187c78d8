import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Outside production, a JWT secret made once and kept in `dataDir/jwt-secret` (mode 600), so sessions
 * survive restarts without any set-up. Production must set JWT_SECRET (the config refuses to start without).
 */
export async function localJwtSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error; // another server made it first: use theirs
    },
  );
  return (await readFile(file, 'utf8')).trim();
}
