// The database every benchmark measures against: an embedded PostgreSQL in a scratch folder of its own, migrated
// and with the languages seeded, stopped and removed when the benchmark is done with it; and the signed-in
// learners the load sends requests as.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '../server/auth/sessions.ts';
import { signAccessToken } from '../server/auth/tokens.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../server/db/embedded.ts';
import { migrateDatabase } from '../server/db/migrate.ts';
import { seedLanguages } from '../server/db/seed.ts';

export interface BenchDatabase {
  /** The scratch folder (`prefix` and a random part under the system's temporary folder), the cluster's inside. */
  scratch: string;
  postgres: EmbeddedPostgres;
  databaseUrl: string;
  /** A pool of `poolMax` connections that seeded the languages, left open for the benchmark to end. */
  admin: DatabaseHandle;
}

/** Runs `work` against a fresh database, then stops the cluster and removes the scratch folder, come what may. */
export async function withBenchDatabase<T>(
  prefix: string,
  poolMax: number,
  work: (database: BenchDatabase) => Promise<T>,
  /** Extra server settings (e.g. shared_preload_libraries for pg_stat_statements). */
  settings?: Record<string, string>,
): Promise<T> {
  const scratch = await mkdtemp(join(tmpdir(), prefix));
  await chmod(scratch, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: join(scratch, 'postgres'),
    ...(settings ? { settings } : {}),
  });
  try {
    const databaseUrl = postgres.url('postgres');
    await migrateDatabase(databaseUrl);
    const admin = openDatabase(databaseUrl, { max: poolMax, onIdleError: () => undefined });
    await seedLanguages(admin.db);
    return await work({ scratch, postgres, databaseUrl, admin });
  } finally {
    await postgres.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** An access token for `userId` with a session of its own, signed as the auth server signs them. */
export async function signedInToken(db: Database, jwtSecret: string, userId: string): Promise<string> {
  const session = await createSession(db, userId);
  const { token } = await signAccessToken(jwtSecret, {
    userId,
    email: session.user.email,
    sessionId: session.sessionId,
    userMetadata: session.user.userMetadata,
  });
  return token;
}
