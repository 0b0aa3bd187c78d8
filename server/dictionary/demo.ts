import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { dictionaryImports } from '../db/schema.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { claimImport, createImport, executeImport, type ImportDeps } from './service.ts';

const DEMO_FILE = join(PROJECT_ROOT, 'server', 'db', 'demo', 'es-en.jsonl');

/**
 * Gives a fresh install the demo Spanish→English dictionary (server/db/demo/), through the same import as a
 * real dump. Only once: a pair that has ever had an import keeps whatever its admins made of it.
 */
export async function seedDemoDictionary(deps: ImportDeps): Promise<boolean> {
  const [earlier] = await deps.db
    .select({ id: dictionaryImports.id })
    .from(dictionaryImports)
    .where(and(eq(dictionaryImports.sourceCode, 'es'), eq(dictionaryImports.targetCode, 'en')))
    .limit(1);
  if (earlier) return false;
  const created = await createImport(deps.db, {
    source: 'es',
    target: 'en',
    fileName: 'demo es-en.jsonl',
    fileSize: 0,
  });
  const row = await claimImport(deps.db, created.id);
  if (!row) return false;
  const finished = await executeImport(deps, row, new AbortController().signal, async () =>
    createReadStream(DEMO_FILE),
  );
  return finished?.status === 'succeeded';
}
