// `tsx bench/dictionary/postgres-load.ts [variant…]`: where PostgreSQL's CPU goes in a dictionary import,
// statement by statement, without the importer (docs/decisions/102). The import's COPY text of the benchmark's
// dump is made once (ImportLines on one thread, as an import makes it) and kept beside the dump; then each variant
// loads it into an embedded PostgreSQL of its own as store.ts does (one table at a time, in one transaction:
// CREATE TABLE, COPY … FREEZE, CREATE INDEX, ANALYZE, COMMIT), and the cluster's CPU time (every backend and
// background process, parallel index workers too), the wall time and the WAL written are printed per statement.
// Variants (alternate them, several rounds: BENCH_DICT_PG_ROUNDS, 2): store (store.ts's before decision 102), json
// (senses as json, not jsonb, with columns' ANALYZE: store.ts since decision 113), nocheck (the CHECK added after
// the COPY), serial (no parallel index build), minimal (the cluster at wal_level=minimal: what the WAL costs),
// columns (ANALYZE of the entries without their senses: store.ts from 102 to 113), dedup (the forms' index without
// deduplication), memory (1 GB to sort the forms' keys in, not 256 MB), text (senses as text: json's check at
// COPY), hash (the forms' index a hash index: the lookups only compare keys), hashkey (the forms' B-tree over the
// key's 64-bit hash, hashtextextended: integers to sort rather than text), analyzeall (the forms analyzed on every
// column, as store.ts does), stats and hashstats (the same with the forms' sample a tenth: default_statistics_target
// 10; hashstats with hashkey's index: store.ts since decision 126), hashminimal (hashstats at wal_level=minimal),
// hashlean (hashstats with the forms' index neither deduplicated nor left room in: store.ts since decision 127),
// compact (hashlean with each sense stored without what a reader can put back: the definition when it is the gloss,
// null examples, empty tags). BENCH_DICT_PG_LINES bounds the dump's lines read (all by default).

import { once } from 'node:events';
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { ImportLines } from '../../server/dictionary/import-lines.ts';
import { readRawJsonLines } from '../../server/dictionary/json-lines.ts';
import { postgresCpuSeconds } from '../measure.ts';
import { GENERATOR_VERSION } from './generate.ts';
import { ENTRIES, OWN_DUMP, SOURCE, TARGET } from './settings.ts';

const IMPORT_ID = 1;
const LINES = Number(process.env.BENCH_DICT_PG_LINES ?? Number.POSITIVE_INFINITY);
const ROUNDS = Number(process.env.BENCH_DICT_PG_ROUNDS ?? 2);
const VARIANTS = [
  'store',
  'json',
  'nocheck',
  'serial',
  'minimal',
  'columns',
  'dedup',
  'memory',
  'text',
  'hash',
  'hashkey',
  'analyzeall',
  'stats',
  'hashstats',
  'hashminimal',
  'hashlean',
  'compact',
] as const;
type Variant = (typeof VARIANTS)[number];
/** The variants that store the senses as json (store.ts since decision 113): json and those listed after hash. */
const JSON_SENSES: ReadonlySet<Variant> = new Set(['json', ...VARIANTS.slice(VARIANTS.indexOf('hash'))]);
/** The variants whose forms' index is over the key's 64-bit hash (store.ts since decision 126). */
const HASH_KEYED: ReadonlySet<Variant> = new Set([
  'hashkey',
  'hashstats',
  'hashminimal',
  'hashlean',
  'compact',
]);
/** The variants whose forms' index is full-paged and not deduplicated (store.ts since decision 127). */
const LEAN_INDEX: ReadonlySet<Variant> = new Set(['hashlean', 'compact']);
/** The variants whose ANALYZE leaves the senses out (store.ts since decision 102). */
const COLUMNS_ANALYZED: ReadonlySet<Variant> = new Set(['columns', 'json', 'text', 'hash', 'hashkey']);
/**
 * The variants that analyze the entries' filtered columns and every column of the forms, as store.ts does
 * (analyzeall), or the same with a sample of 3,000 rows for the forms rather than 30,000 (stats, hashstats:
 * default_statistics_target 10; the forms are only ever found by their key's equality).
 */
const SAMPLED_ANALYZE =
  'ANALYZE e (import_id, lemma, pos); SET LOCAL default_statistics_target = 10; ANALYZE f';
const FORMS_ANALYZED: ReadonlyMap<Variant, string> = new Map([
  ['analyzeall', 'ANALYZE e (import_id, lemma, pos); ANALYZE f'],
  ['stats', SAMPLED_ANALYZE],
  ['hashstats', SAMPLED_ANALYZE],
  ['hashminimal', SAMPLED_ANALYZE],
  ['hashlean', SAMPLED_ANALYZE],
  ['compact', SAMPLED_ANALYZE],
]);

const dump =
  OWN_DUMP ??
  join(tmpdir(), 'catamaran-bench-dictionary', `${SOURCE}-${ENTRIES}-v${GENERATOR_VERSION}.jsonl.gz`);

/** The import's COPY text of the dump's first LINES lines, made once and kept. */
async function copyText(): Promise<{ entries: string; forms: string }> {
  const base = `${dump}.${Number.isFinite(LINES) ? LINES : 'all'}`;
  const files = { entries: `${base}.entries.copy`, forms: `${base}.forms.copy` };
  if (existsSync(files.entries) && existsSync(files.forms)) return files;
  console.info(`Making the COPY text of ${dump}…`);
  const lines = new ImportLines({ importId: IMPORT_ID, source: SOURCE, target: TARGET, works: 1 });
  const entries = createWriteStream(files.entries);
  const forms = createWriteStream(files.forms);
  const limits = { maxDecompressedBytes: 64 * 2 ** 30, maxLineBytes: 10 * 2 ** 20 };
  let read = 0;
  for await (const batch of readRawJsonLines(createReadStream(dump), { limits })) {
    if (read >= LINES) break;
    read += batch.ends.length;
    const rows = lines.batch(batch);
    if (!entries.write(rows.entries)) await once(entries, 'drain');
    if (!forms.write(rows.forms)) await once(forms, 'drain');
  }
  await Promise.all([
    new Promise((resolve) => entries.end(resolve)),
    new Promise((resolve) => forms.end(resolve)),
  ]);
  return files;
}

/** The entries' COPY text with compact senses (the compact variant), made once beside the other. */
function compacted(entriesFile: string): string {
  const file = `${entriesFile}.compact`;
  if (existsSync(file)) return file;
  const lines = readFileSync(entriesFile, 'utf8').split('\n');
  const out = lines.map((line) => {
    const columns = line.split('\t');
    const senses = columns[3];
    if (senses === undefined) return line;
    const parsed = JSON.parse(senses.replaceAll('\\\\', '\\')) as Record<string, unknown>[];
    const compact = parsed.map(({ gloss, definition, example, example_translation, tags }) => ({
      gloss,
      ...(definition !== gloss ? { definition } : {}),
      ...(example !== null ? { example } : {}),
      ...(example_translation !== null ? { example_translation } : {}),
      ...(Array.isArray(tags) && tags.length > 0 ? { tags } : {}),
    }));
    columns[3] = JSON.stringify(compact).replaceAll('\\', '\\\\');
    return columns.join('\t');
  });
  writeFileSync(file, out.join('\n'));
  return file;
}

const FORMS_COLUMNS =
  'import_id integer NOT NULL, surface_key text NOT NULL, surface text, lemma text NOT NULL, description text, phrase_id integer';
const entriesColumns = (senses: string) =>
  `import_id integer NOT NULL, lemma text NOT NULL, pos text NOT NULL, senses ${senses} NOT NULL, audio text`;

/** The statements of one variant, in order, each with a name; a file's name stands for a COPY of it. */
function statements(variant: Variant, files: { entries: string; forms: string }): [string, string][] {
  const check = (table: string) => `CONSTRAINT ${table}_import CHECK (import_id = ${IMPORT_ID})`;
  const inTable = variant === 'nocheck' ? () => '' : (table: string) => `, ${check(table)}`;
  const senses = variant === 'text' ? 'text' : JSON_SENSES.has(variant) ? 'json' : 'jsonb';
  const workers = variant === 'serial' ? 0 : 2;
  const memory = variant === 'memory' ? '1GB' : '256MB';
  const indexOptions =
    variant === 'dedup'
      ? ' WITH (deduplicate_items = off)'
      : LEAN_INDEX.has(variant)
        ? ' WITH (deduplicate_items = off, fillfactor = 100)'
        : '';
  const analyze =
    FORMS_ANALYZED.get(variant) ??
    (COLUMNS_ANALYZED.has(variant)
      ? 'ANALYZE e (import_id, lemma), f (import_id, surface_key, lemma)'
      : 'ANALYZE e, f');
  return [
    ['begin', 'BEGIN'],
    [
      'create',
      `CREATE TABLE e (${entriesColumns(senses)}${inTable('e')}); CREATE TABLE f (${FORMS_COLUMNS}${inTable('f')})`,
    ],
    [
      'copy entries',
      `COPY e FROM STDIN WITH (FREEZE) <${variant === 'compact' ? compacted(files.entries) : files.entries}`,
    ],
    ['copy forms', `COPY f FROM STDIN WITH (FREEZE) <${files.forms}`],
    ...(variant === 'nocheck'
      ? ([['add checks', `ALTER TABLE e ADD ${check('e')}; ALTER TABLE f ADD ${check('f')}`]] as [
          string,
          string,
        ][])
      : []),
    ['index entries', 'CREATE INDEX ON e (lemma)'],
    [
      'index forms',
      `SET LOCAL max_parallel_maintenance_workers = ${workers}; SET LOCAL maintenance_work_mem = '${memory}'; CREATE INDEX ON f ${formsIndex(variant)}${indexOptions}`,
    ],
    ['analyze', analyze],
    ['commit', 'COMMIT'],
  ];
}

/** What the forms' index is built on: the key, or (hashkey) the key's 64-bit hash, a lookup testing the key too. */
function formsIndex(variant: Variant): string {
  if (variant === 'hash') return 'USING hash (surface_key)';
  if (HASH_KEYED.has(variant)) return '(hashtextextended(surface_key, 0))';
  return '(surface_key)';
}

async function run(client: pg.Client, sql: string): Promise<void> {
  const file = /<(.+)$/.exec(sql)?.[1];
  if (file === undefined) {
    await client.query(sql);
    return;
  }
  const copy = client.query(copyFrom(sql.slice(0, sql.indexOf('<') - 1)));
  const input = createReadStream(file, { highWaterMark: 256 * 1024 });
  input.pipe(copy);
  await once(copy, 'finish');
}

async function measure(variant: Variant, files: { entries: string; forms: string }) {
  const scratch = mkdtempSync(join(tmpdir(), 'catamaran-pg-load-'));
  // The cluster's own user must reach its folder (bench/database.ts does the same).
  chmodSync(scratch, 0o755);
  const settings: Record<string, string> =
    variant === 'minimal' || variant === 'hashminimal' ? { wal_level: 'minimal', max_wal_senders: '0' } : {};
  const postgres = await startEmbeddedPostgres({ dir: join(scratch, 'postgres'), settings });
  const client = new pg.Client({ connectionString: postgres.url('postgres') });
  const figures: Record<string, string> = {};
  try {
    await client.connect();
    await client.query('CHECKPOINT');
    let totalCpu = 0;
    for (const [name, sql] of statements(variant, files)) {
      const wal = await client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn() AS lsn');
      const cpu = postgresCpuSeconds(postgres.pid) ?? Number.NaN;
      const started = performance.now();
      await run(client, sql);
      const seconds = (performance.now() - started) / 1000;
      const used = (postgresCpuSeconds(postgres.pid) ?? Number.NaN) - cpu;
      const walMB = await client.query<{ mb: string }>(
        `SELECT round((pg_current_wal_insert_lsn() - $1::pg_lsn) / 1048576.0) AS mb`,
        [wal.rows[0]?.lsn],
      );
      totalCpu += used;
      if (used >= 0.05 || seconds >= 0.05) {
        figures[name] = `${used.toFixed(2)} s CPU, ${seconds.toFixed(2)} s, WAL ${walMB.rows[0]?.mb} MB`;
      }
    }
    const sizes = await client.query<{ e: string; f: string }>(
      `SELECT pg_total_relation_size('e') / 1048576 AS e, pg_total_relation_size('f') / 1048576 AS f`,
    );
    console.info(
      `${variant.padEnd(8)} CPU ${totalCpu.toFixed(2)} s (load ${loadAverage()}); entries ${sizes.rows[0]?.e} MB, forms ${sizes.rows[0]?.f} MB`,
    );
    for (const [name, figure] of Object.entries(figures)) console.info(`  ${name.padEnd(14)} ${figure}`);
  } finally {
    await client.end().catch(() => undefined);
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The machine's load average over 1, 5 and 15 minutes. */
function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

const chosen = process.argv
  .slice(2)
  .filter((name): name is Variant => (VARIANTS as readonly string[]).includes(name));
const variants: Variant[] = chosen.length > 0 ? chosen : [...VARIANTS];
const files = await copyText();
console.info(
  `COPY text: entries ${(statSync(files.entries).size / 2 ** 20).toFixed(0)} MB, forms ${(statSync(files.forms).size / 2 ** 20).toFixed(0)} MB`,
);
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of variants) await measure(variant, files);
}
