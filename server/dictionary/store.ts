import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DictionarySense } from './wiktextract.ts';

// The tables of one import, loaded on their own and attached to the partitioned dictionary_entries and
// dictionary_forms when the import succeeds (migration 0006). Names come from an integer id, never from input.
export const entriesTable = (importId: number) => `dictionary_entries_i${checkedId(importId)}`;
export const formsTable = (importId: number) => `dictionary_forms_i${checkedId(importId)}`;

function checkedId(importId: number): number {
  if (!Number.isSafeInteger(importId) || importId <= 0) throw new Error(`Not an import id: ${importId}`);
  return importId;
}

/**
 * The statements that make one of an import's tables, empty and indexed. Run in the transaction that COPYs
 * into it, so the rows can be written frozen (COPY FREEZE: no hint bits to set on the first read, no vacuum
 * to freeze them later), and an abandoned load leaves no table behind. The CHECK lets ATTACH PARTITION skip
 * scanning the rows, so the switch stays instant whatever the size; the index is kept up by PostgreSQL while
 * the importer parses the next lines, rather than built afterwards while everyone waits.
 */
function createTable(kind: 'entries' | 'forms', importId: number): string {
  const table = kind === 'entries' ? entriesTable(importId) : formsTable(importId);
  // Columns spelled out rather than LIKE the parent: LIKE would hold a lock on the parent for the whole load,
  // in the way of another import's switch (and of every lookup queued behind that).
  const columns =
    kind === 'entries'
      ? 'import_id integer NOT NULL, lemma text NOT NULL, pos text NOT NULL, senses jsonb NOT NULL'
      : 'import_id integer NOT NULL, surface_key text NOT NULL, surface text, lemma text NOT NULL, description text';
  const index =
    kind === 'entries'
      ? `CREATE INDEX ${table}_lemma ON ${table} (lemma)`
      : `CREATE INDEX ${table}_surface_key ON ${table} (surface_key)`;
  return `DROP TABLE IF EXISTS ${table};
    CREATE TABLE ${table} (${columns}, CONSTRAINT ${table}_import CHECK (import_id = ${importId}));
    ${index};`;
}

/** Drops an import's tables (a failed or cancelled import, or one replaced by a newer one). */
export async function dropImportTables(client: pg.Pool | pg.PoolClient, importId: number): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${entriesTable(importId)}, ${formsTable(importId)}`);
}

/** Gathers planner statistics on a loaded import, before lookups use it. */
export async function analyzeImportTables(pool: pg.Pool, importId: number): Promise<void> {
  const entries = entriesTable(importId);
  const forms = formsTable(importId);
  await Promise.all([pool.query(`ANALYZE ${entries}`), pool.query(`ANALYZE ${forms}`)]);
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
     WHERE parent.relname IN ('dictionary_entries', 'dictionary_forms')
       AND NOT EXISTS (
         SELECT 1 FROM dictionaries d WHERE child.relname = parent.relname || '_i' || d.import_id
       )`,
  );
  const retired = new Set<number>();
  for (const { parent, child } of rows) {
    const importId = Number(child.slice(`${parent}_i`.length));
    if (!Number.isSafeInteger(importId) || importId <= 0) continue;
    const table = parent === 'dictionary_entries' ? entriesTable(importId) : formsTable(importId);
    await pool.query(`ALTER TABLE ${parent} DETACH PARTITION ${table} CONCURRENTLY`);
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    retired.add(importId);
  }
  return retired.size;
}

/** A row of COPY's text format: tabs between columns, \N for null, and backslash escapes inside values. */
function copyRow(values: readonly (string | number | null)[]): string {
  let row = '';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (index > 0) row += '\t';
    if (value === null || value === undefined) row += '\\N';
    else if (typeof value === 'number') row += String(value);
    else row += COPY_SPECIAL.test(value) ? value.replace(COPY_ESCAPES, escapeCopy) : value;
  }
  return `${row}\n`;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES = /[\\\t\n\r]/g;
const COPY_ESCAPE_OF: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function escapeCopy(character: string): string {
  return COPY_ESCAPE_OF[character] ?? character;
}

export interface EntryRow {
  lemma: string;
  pos: string;
  senses: DictionarySense[];
}

export interface FormRow {
  surfaceKey: string;
  surface: string;
  lemma: string;
  description: string | null;
}

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

/**
 * Streams an import's rows into its tables with COPY, on two connections at once (entries and forms). Writes
 * wait while PostgreSQL is behind, so memory stays flat whatever the file's size.
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
        formsClient.query(`BEGIN; ${createTable('forms', importId)}`),
      ]);
    } catch (error) {
      entriesClient.release(error as Error);
      formsClient.release(error as Error);
      throw error;
    }
    const entries = entriesClient.query(
      copyFrom(`COPY ${entriesTable(importId)} (import_id, lemma, pos, senses) FROM STDIN WITH (FREEZE)`),
    );
    const forms = formsClient.query(
      copyFrom(
        `COPY ${formsTable(importId)} (import_id, surface_key, surface, lemma, description) FROM STDIN WITH (FREEZE)`,
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

  /** Writes one batch; resolves once PostgreSQL has room for more. */
  async write(entries: readonly EntryRow[], forms: readonly FormRow[]): Promise<void> {
    if (this.failure) throw this.failure;
    let entryText = '';
    for (const entry of entries) {
      entryText += copyRow([this.importId, entry.lemma, entry.pos, JSON.stringify(entry.senses)]);
    }
    let formText = '';
    for (const form of forms) {
      // Most words are written as their key: the column stays empty for them (the lookup fills it in).
      const surface = form.surface === form.surfaceKey ? null : form.surface;
      formText += copyRow([this.importId, form.surfaceKey, surface, form.lemma, form.description]);
    }
    const waits: Promise<unknown>[] = [];
    if (entryText && !this.entries.write(entryText)) waits.push(this.drained(this.entries));
    if (formText && !this.forms.write(formText)) waits.push(this.drained(this.forms));
    await Promise.all(waits);
  }

  /** Ends both COPYs, waits for PostgreSQL to take every row, and commits the two tables. */
  async finish(): Promise<void> {
    this.entries.end();
    this.forms.end();
    await this.done;
    await Promise.all(this.connections.map((client) => client.query('COMMIT')));
    this.release();
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
