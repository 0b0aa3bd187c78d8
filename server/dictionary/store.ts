import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// The tables of one import, loaded on their own and attached to the partitioned dictionary_entries,
// dictionary_forms and dictionary_phrases when the import succeeds (migrations 0006, 0010). Names come from
// an integer id, never from input.
export const entriesTable = (importId: number) => `dictionary_entries_i${checkedId(importId)}`;
export const formsTable = (importId: number) => `dictionary_forms_i${checkedId(importId)}`;
export const phrasesTable = (importId: number) => `dictionary_phrases_i${checkedId(importId)}`;

type TableKind = 'entries' | 'forms' | 'phrases';

const TABLE_OF: Record<TableKind, (importId: number) => string> = {
  entries: entriesTable,
  forms: formsTable,
  phrases: phrasesTable,
};

// Columns spelled out rather than LIKE the parent: LIKE would hold a lock on the parent for the whole load,
// in the way of another import's switch (and of every lookup queued behind that). In the parent's order
// (phrase_id was added last, by migration 0010), so that rows need no conversion when attached.
const COLUMNS: Record<TableKind, string> = {
  entries:
    'import_id integer NOT NULL, lemma text NOT NULL, pos text NOT NULL, senses json NOT NULL, audio text',
  forms:
    'import_id integer NOT NULL, surface_key text NOT NULL, surface text, lemma text NOT NULL, description text, phrase_id integer',
  phrases: 'import_id integer NOT NULL, id integer NOT NULL, phrase text NOT NULL',
};

/**
 * Each table's index, as its parent has it (migrations 0007, 0010, 0033), so that ATTACH PARTITION adopts it: its
 * name's ending and what it is built over. The forms are found by their key's 64-bit hash and then the key
 * (formKeyIs), which sorts faster than the text when an import builds the index (decision 126). An import's
 * tables are never written again, so their indexes leave no room for rows to come (fillfactor 100: a tenth
 * fewer pages to write and to cache); the forms' hashes are nearly all distinct, so their index is not
 * deduplicated (the search for equal neighbours was 0.2–0.3 s of the build, in the import's tail: decision 127).
 * ATTACH PARTITION adopts an index whatever its storage parameters.
 */
const INDEXED: Record<TableKind, { name: string; over: string; options: string }> = {
  entries: { name: 'lemma', over: 'lemma', options: 'fillfactor = 100' },
  forms: {
    name: 'surface_key_hash',
    over: 'hashtextextended(surface_key, 0)',
    options: 'fillfactor = 100, deduplicate_items = off',
  },
  phrases: { name: 'id', over: 'id', options: 'fillfactor = 100' },
};

/**
 * The condition that finds the forms whose key is `key` (an SQL expression) through their index: the key's hash,
 * then the key itself, so that two keys of one hash are never confused. `column` is the forms' surface_key.
 */
export function formKeyIs(column: string, key: string): string {
  return `hashtextextended(${column}, 0) = hashtextextended(${key}, 0) AND ${column} = ${key}`;
}

function checkedId(importId: number): number {
  if (!Number.isSafeInteger(importId) || importId <= 0) throw new Error(`Not an import id: ${importId}`);
  return importId;
}

/**
 * The statements that make one of an import's tables, empty. Run in the transaction that COPYs into it, so
 * the rows can be written frozen (COPY FREEZE: no hint bits to set on the first read, no vacuum to freeze
 * them later), and an abandoned load leaves no table behind. The CHECK lets ATTACH PARTITION skip scanning
 * the rows, so the switch stays instant whatever the size.
 */
function createTable(kind: TableKind, importId: number): string {
  const table = TABLE_OF[kind](importId);
  return `DROP TABLE IF EXISTS ${table};
    CREATE TABLE ${table} (${COLUMNS[kind]}, CONSTRAINT ${table}_import CHECK (import_id = ${importId}));`;
}

/**
 * The index of one of an import's tables, made once its rows are in, in the same transaction: a sorted build
 * costs PostgreSQL less than half of what keeping the index up row by row during the COPY did (the forms'
 * keys come in no order), and during the COPY both cores are busy (docs/decisions/011, Speed).
 */
function createIndex(kind: TableKind, importId: number): string {
  const table = TABLE_OF[kind](importId);
  const { name, over, options } = INDEXED[kind];
  return `CREATE INDEX ${table}_${name} ON ${table} (${over}) WITH (${options});`;
}

/** Drops an import's tables (a failed or cancelled import, or one replaced by a newer one). */
export async function dropImportTables(client: pg.Pool | pg.PoolClient, importId: number): Promise<void> {
  await client.query(
    `DROP TABLE IF EXISTS ${entriesTable(importId)}, ${formsTable(importId)}, ${phrasesTable(importId)}`,
  );
}

/** What a switch did: the import it replaced, or the newer import that kept the pair (this one was not used). */
export interface SwitchOutcome {
  replaced: number | undefined;
  supersededBy: number | undefined;
}

/**
 * Makes a loaded import the dictionary of its language pair, in one transaction: its tables are attached and
 * the pair points at it. Lookups see the old dictionary or the new one, never a mix, and never wait: ATTACH
 * takes only a SHARE UPDATE EXCLUSIVE lock on the parents. `finish` runs in the same transaction (it marks
 * the import as succeeded). The replaced import is retired afterwards (retireUnusedImports).
 *
 * The newest upload wins, not the last import to finish: when the pair already reads a newer import (a later
 * upload of the same pair that finished first, on another server), this one is not attached; its tables are
 * dropped in the same transaction and `finish` is told which import superseded it.
 */
export async function switchToImport(
  pool: pg.Pool,
  pair: { importId: number; source: string; target: string },
  finish: (client: pg.PoolClient, outcome: SwitchOutcome) => Promise<void>,
): Promise<SwitchOutcome> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Two imports of one pair finishing together take turns here.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `dictionary:${pair.source}:${pair.target}`,
    ]);
    const current = await client.query<{ import_id: number }>(
      'SELECT import_id FROM dictionaries WHERE source_code = $1 AND target_code = $2',
      [pair.source, pair.target],
    );
    const replaced = current.rows[0]?.import_id;
    // Import ids follow the order the uploads were accepted in.
    if (replaced !== undefined && replaced > pair.importId) {
      const outcome = { replaced: undefined, supersededBy: replaced };
      await dropImportTables(client, pair.importId);
      await finish(client, outcome);
      await client.query('COMMIT');
      return outcome;
    }
    await client.query(
      `ALTER TABLE dictionary_entries ATTACH PARTITION ${entriesTable(pair.importId)} FOR VALUES IN (${pair.importId})`,
    );
    await client.query(
      `ALTER TABLE dictionary_forms ATTACH PARTITION ${formsTable(pair.importId)} FOR VALUES IN (${pair.importId})`,
    );
    await client.query(
      `ALTER TABLE dictionary_phrases ATTACH PARTITION ${phrasesTable(pair.importId)} FOR VALUES IN (${pair.importId})`,
    );
    await client.query(
      `INSERT INTO dictionaries (source_code, target_code, import_id) VALUES ($1, $2, $3)
       ON CONFLICT (source_code, target_code) DO UPDATE SET import_id = EXCLUDED.import_id, updated_at = now()`,
      [pair.source, pair.target, pair.importId],
    );
    const outcome = { replaced, supersededBy: undefined };
    await finish(client, outcome);
    await client.query('COMMIT');
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const PARENTS: ReadonlyMap<string, TableKind> = new Map([
  ['dictionary_entries', 'entries'],
  ['dictionary_forms', 'forms'],
  ['dictionary_phrases', 'phrases'],
]);

/**
 * Detaches and drops the partitions no language pair points at any more (a replaced import, or one whose
 * retirement was interrupted). DETACH … CONCURRENTLY waits for the lookups using them instead of locking
 * lookups out, so dropping an old dictionary never stalls or deadlocks a learner's tap. Answers how many
 * imports were retired.
 */
export async function retireUnusedImports(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ parent: string; child: string }>(
    `SELECT parent.relname AS parent, child.relname AS child
     FROM pg_inherits
     JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
     JOIN pg_class child ON child.oid = pg_inherits.inhrelid
     WHERE parent.relname IN ('dictionary_entries', 'dictionary_forms', 'dictionary_phrases')
       AND NOT EXISTS (
         SELECT 1 FROM dictionaries d WHERE child.relname = parent.relname || '_i' || d.import_id
       )`,
  );
  const retired = new Set<number>();
  for (const { parent, child } of rows) {
    const importId = Number(child.slice(`${parent}_i`.length));
    if (!Number.isSafeInteger(importId) || importId <= 0) continue;
    const kind = PARENTS.get(parent);
    if (kind === undefined) continue;
    const table = TABLE_OF[kind](importId);
    await pool.query(`ALTER TABLE ${parent} DETACH PARTITION ${table} CONCURRENTLY`);
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    retired.add(importId);
  }
  return retired.size;
}

/**
 * The entries' columns ANALYZE gathers statistics on: all but `senses`, which no query filters, joins or sorts
 * on, and whose sampled values (large json) cost a third of the import's ANALYZE to sort (decision 102).
 */
const ANALYZED_ENTRIES = '(import_id, lemma, pos, audio)';

/**
 * The sample ANALYZE takes of an import's tables: 3,000 rows (300 a unit of the target) rather than the default
 * 30,000. The entries and the forms are only ever found by one value of their indexed column (a lemma, a key),
 * nearly unique in either, whose estimate is the same from the smaller sample; reading the larger one was
 * 0.3 s of the import's tail after the forms' index, where nothing else runs (decision 126).
 */
const STATISTICS_TARGET = 10;

/** The memory the forms' index is built in, at least: a million forms take about 50 MB to sort. */
const INDEX_MEMORY_KB = 256 * 1024;

/**
 * Two connections of the pool, or none: when one cannot be had (the pool is full and times out, PostgreSQL
 * refuses), the other goes back rather than being held for good.
 */
async function connectTwo(pool: pg.Pool): Promise<[pg.PoolClient, pg.PoolClient]> {
  const [first, second] = await Promise.allSettled([pool.connect(), pool.connect()]);
  if (first.status === 'fulfilled' && second.status === 'fulfilled') return [first.value, second.value];
  let failure: unknown;
  for (const result of [first, second]) {
    if (result.status === 'fulfilled') result.value.release();
    else failure ??= result.reason;
  }
  throw failure;
}

/** `ask` of a transaction, undone to a savepoint and answered as null when it fails: the transaction goes on. */
async function askInSavepoint<T>(
  client: pg.PoolClient,
  ask: (client: pg.PoolClient) => Promise<T>,
): Promise<T | null> {
  await client.query('SAVEPOINT asked');
  try {
    const answer = await ask(client);
    await client.query('RELEASE SAVEPOINT asked');
    return answer;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT asked');
    return null;
  }
}

/**
 * Streams an import's rows, as CopyText (copy-text.ts) makes them, into its tables with COPY, on two connections at once
 * (entries and forms), and its phrases at the end. Writes wait while PostgreSQL is behind, so memory stays flat whatever the
 * file's size.
 */
export class ImportWriter {
  private constructor(
    private readonly importId: number,
    private readonly connections: pg.PoolClient[],
    private readonly entries: NodeJS.WritableStream & { end(callback?: () => void): void },
    private readonly forms: NodeJS.WritableStream & { end(callback?: () => void): void },
    private readonly done: Promise<unknown>,
  ) {}

  static async open(pool: pg.Pool, importId: number): Promise<ImportWriter> {
    const [entriesClient, formsClient] = await connectTwo(pool);
    try {
      await Promise.all([
        entriesClient.query(`BEGIN; ${createTable('entries', importId)}`),
        formsClient.query(`BEGIN; ${createTable('forms', importId)} ${createTable('phrases', importId)}`),
      ]);
    } catch (error) {
      entriesClient.release(error as Error);
      formsClient.release(error as Error);
      throw error;
    }
    const entries = entriesClient.query(
      copyFrom(
        `COPY ${entriesTable(importId)} (import_id, lemma, pos, senses, audio) FROM STDIN WITH (FREEZE)`,
      ),
    );
    const forms = formsClient.query(
      copyFrom(
        `COPY ${formsTable(importId)} (import_id, surface_key, surface, lemma, description, phrase_id) FROM STDIN WITH (FREEZE)`,
      ),
    );
    const finished = (stream: NodeJS.WritableStream) => once(stream, 'finish');
    const done = Promise.all([finished(entries), finished(forms)]);
    // Reported through `done` or the next write; never an unhandled rejection meanwhile.
    done.catch(() => undefined);
    const writer = new ImportWriter(importId, [entriesClient, formsClient], entries, forms, done);
    // PostgreSQL's refusal (a value it cannot take) is the error to report, not what a later write trips on.
    for (const stream of [entries, forms]) {
      stream.on('error', (error: Error) => {
        writer.failure ??= error;
      });
    }
    return writer;
  }

  /** The first error either COPY reported. */
  failure: Error | undefined;

  /** Writes one batch's COPY text (CopyText.batch); resolves once PostgreSQL has room for more. */
  async write(text: { entries: Buffer; forms: Buffer }): Promise<void> {
    if (this.failure) throw this.failure;
    const waits: Promise<unknown>[] = [];
    if (text.entries.length > 0 && !this.entries.write(text.entries)) waits.push(this.drained(this.entries));
    if (text.forms.length > 0 && !this.forms.write(text.forms)) waits.push(this.drained(this.forms));
    await Promise.all(waits);
  }

  /**
   * Ends both COPYs, waits for PostgreSQL to take every row, writes the phrases the COPY text named by number
   * (CopyText.phrases), indexes the tables and commits them. `onEntries`, when given, is asked of the entries'
   * load transaction once its table is indexed and analyzed, while the forms' index is still being built (a
   * count over the entries: it then costs the import's tail nothing, where it took 0.4 s after the commit,
   * decision 126); its failure is rolled back to a savepoint, answered as null, and the load goes on.
   */
  async finish<T>(
    phrases: { ids: number[]; texts: string[] },
    onEntries?: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T | null | undefined> {
    this.entries.end();
    this.forms.end();
    await this.done;
    const [entriesClient, formsClient] = this.connections;
    if (!entriesClient || !formsClient) throw new Error('The import was abandoned.');
    const importId = this.importId;
    // Each table is analyzed as soon as it is indexed, in its load's transaction: the entries' statistics are
    // gathered while the forms' index, the longest, is still being built.
    const [answer] = await Promise.all([
      (async () => {
        await entriesClient.query(
          `SET LOCAL default_statistics_target = ${STATISTICS_TARGET}; ${createIndex('entries', importId)}
           ANALYZE ${entriesTable(importId)} ${ANALYZED_ENTRIES};`,
        );
        return onEntries === undefined ? undefined : askInSavepoint(entriesClient, onEntries);
      })(),
      (async () => {
        await formsClient.query(
          `INSERT INTO ${phrasesTable(importId)} (import_id, id, phrase)
           SELECT $1, id, phrase FROM unnest($2::integer[], $3::text[]) AS phrases (id, phrase)`,
          [importId, phrases.ids, phrases.texts],
        );
        // The forms' keys are sorted in memory rather than through files, where PostgreSQL allows less.
        await formsClient.query(
          `SELECT set_config('maintenance_work_mem', greatest(pg_size_bytes(current_setting('maintenance_work_mem')) / 1024, ${INDEX_MEMORY_KB}) || 'kB', true);
           SET LOCAL default_statistics_target = ${STATISTICS_TARGET};
           ${createIndex('forms', importId)} ${createIndex('phrases', importId)}
           ANALYZE ${formsTable(importId)}, ${phrasesTable(importId)};`,
        );
      })(),
    ]);
    await Promise.all(this.connections.map((client) => client.query('COMMIT')));
    this.release();
    return answer;
  }

  /** Abandons the load (a bad file, a cancel): the connections are closed, which rolls back their tables. */
  abort(): void {
    for (const client of this.connections) client.release(new Error('The import was abandoned.'));
    this.connections.length = 0;
  }

  private release(): void {
    for (const client of this.connections) client.release();
    this.connections.length = 0;
  }

  private drained(stream: NodeJS.WritableStream): Promise<void> {
    return new Promise((resolve, reject) => {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        stream.off('drain', onDrain);
        reject(error);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  }
}

/** The import a language pair's lookups read now, or null when the pair has no dictionary. */
export async function currentImport(pool: pg.Pool, source: string, target: string): Promise<number | null> {
  const { rows } = await pool.query<{ import_id: number }>({
    name: 'dictionary-current-import',
    text: 'SELECT import_id FROM dictionaries WHERE source_code = $1 AND target_code = $2',
    values: [source, target],
  });
  return rows[0]?.import_id ?? null;
}
