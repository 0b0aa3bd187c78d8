// The lookup scenario, step 5 of run.ts: the servers in a child of their own (serve.ts), the lookups checked
// once, then loaded from the load child at full speed (the bare route, the app, the app without its cache),
// at a steady target rate (the bare route, then the app) and the lookup service alone.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { users } from '../../server/db/schema.ts';
import { productionNodeFlags } from '../child.ts';
import { type BenchDatabase, signedInToken } from '../database.ts';
import { type Measured, measuredLoad } from '../measure.ts';
import { log } from '../stats.ts';
import { runChild, startChild } from './child.ts';
import type { LoadFigures } from './load.ts';
import type { ServeReply, ServeRequest } from './serve.ts';
import {
  CACHE_ENTRIES,
  CONNECTIONS,
  DURATION_S,
  LOOKUP_PATH,
  profileFlags,
  TARGETS,
  WARMUP_S,
} from './settings.ts';
import { type LookupSurfaces, lookupSurfaces, runHitShare } from './surfaces.ts';

export interface LookupMeasured {
  surfaces: LookupSurfaces;
  /** The median answer's size, and the share of the checked lookups that found a word. */
  bodyBytes: number;
  foundShare: number;
  cacheHitShareInRun: number;
  bareFigures: Measured;
  lookupFigures: Measured;
  uncachedFigures: Measured;
  bareAtTargetRate: Measured;
  atTargetRate: Measured;
  directFigures: Measured;
}

/** A learner's authorization header, for a user made for the run. */
async function signedInHeaders(admin: BenchDatabase['admin'], jwtSecret: string) {
  const [user] = await admin.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com`, emailConfirmedAt: new Date() })
    .returning();
  if (!user) throw new Error('No user was created.');
  return { authorization: `Bearer ${await signedInToken(admin.db, jwtSecret, user.id)}` };
}

/** What the lookups answer: all 200, most found, and the body size the baseline answers with. */
async function checkLookups(appOrigin: string, distinctPaths: string[], headers: Record<string, string>) {
  const checked = await Promise.all(
    distinctPaths.slice(0, 400).map(async (path) => {
      const response = await fetch(appOrigin + path, { headers });
      const body = await response.text();
      return { status: response.status, bytes: Buffer.byteLength(body), body };
    }),
  );
  const sizes = checked.map((check) => check.bytes).sort((a, b) => a - b);
  const bodyBytes = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const medianBody = checked.find((check) => check.bytes === bodyBytes)?.body ?? '{}';
  const foundShare =
    checked.filter((check) => check.status === 200 && (JSON.parse(check.body) as { found: boolean }).found)
      .length / checked.length;
  const non200 = checked.filter((check) => check.status !== 200).length;
  if (non200 > 0) throw new Error(`${non200} of ${checked.length} checked lookups did not answer 200.`);
  return { checked: checked.length, bodyBytes, medianBody, foundShare };
}

/** Samples the surfaces, starts the servers, checks the lookups and loads each server in turn. */
export async function measureLookup(
  { admin, databaseUrl, scratch, postgres }: BenchDatabase,
  loaded: { importId: number; formRows: number },
): Promise<LookupMeasured> {
  const surfaces = await lookupSurfaces(admin.pool, loaded.importId, loaded.formRows);
  const jwtSecret = randomBytes(48).toString('base64url');
  const headers = await signedInHeaders(admin, jwtSecret);
  await admin.pool.end();

  // The servers run in a child of their own, bundled as production runs them (serve.ts).
  const servers = startChild<ServeRequest, ServeReply>('serve', [...productionNodeFlags(), ...profileFlags]);
  const started = await servers.expect(
    { kind: 'start', input: { databaseUrl, jwtSecret, dataDir: join(scratch, 'data'), path: LOOKUP_PATH } },
    'started',
  );
  const { app: appOrigin, uncached: uncachedOrigin, direct: directOrigin } = started;
  const serverCpuSecondsNow = async () => (await servers.expect({ kind: 'cpu' }, 'cpu')).seconds;
  const { checked, bodyBytes, medianBody, foundShare } = await checkLookups(
    appOrigin,
    surfaces.distinctPaths,
    headers,
  );
  const bareOrigin = (await servers.expect({ kind: 'bare', body: medianBody }, 'bare')).origin;

  const load = (origin: string, overallRate?: number) =>
    measuredLoad(
      {
        origin,
        requests: surfaces.paths,
        headers,
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        ...(overallRate ? { overallRate } : {}),
      },
      {
        runLoad: async (input) => (await runChild<LoadFigures>('load', input)).result,
        serverCpuSeconds: serverCpuSecondsNow,
        postgresPid: postgres.pid,
      },
    );
  const figures = await loadEach(load, { bareOrigin, appOrigin, uncachedOrigin, directOrigin });
  await servers.ask({ kind: 'stop' });
  await servers.exited;

  const cacheHitShareInRun = runHitShare(
    surfaces.paths,
    CACHE_ENTRIES,
    surfaces.distinctPaths.slice(0, checked),
    figures.lookupFigures.allRequests - figures.lookupFigures.requests,
    figures.lookupFigures.requests,
  );
  return { surfaces, bodyBytes, foundShare, cacheHitShareInRun, ...figures };
}

/** The load runs, in their order. */
async function loadEach(
  load: (origin: string, overallRate?: number) => Promise<Measured>,
  origins: { bareOrigin: string; appOrigin: string; uncachedOrigin: string; directOrigin: string },
) {
  const { bareOrigin, appOrigin, uncachedOrigin, directOrigin } = origins;
  log(`Lookup: ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s of warm-up…`);
  const bareFigures = await load(bareOrigin);
  const lookupFigures = await load(appOrigin);
  log('  with the lookup cache off…');
  const uncachedFigures = await load(uncachedOrigin);
  log(`  at a steady ${TARGETS.lookupRequestsPerSecond} requests per second, the baseline then the app…`);
  // The baseline at the same rate tells the machine's own tail (other work on a shared machine, the load
  // generator) from the app's.
  const bareAtTargetRate = await load(bareOrigin, TARGETS.lookupRequestsPerSecond);
  const atTargetRate = await load(appOrigin, TARGETS.lookupRequestsPerSecond);
  log('  and the lookup service alone, without the app around it…');
  const directFigures = await load(directOrigin);
  return { bareFigures, lookupFigures, uncachedFigures, bareAtTargetRate, atTargetRate, directFigures };
}
