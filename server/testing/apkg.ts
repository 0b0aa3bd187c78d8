// Reads an Anki package back as Anki would find it (issue 22's Anki export): the zip's files, and from its
// collection.anki2 (opened with sql.js) the schema version, tables, notes, cards, decks and note types. For
// the unit, API and end-to-end tests of the export.
import { createRequire } from 'node:module';
import { strFromU8, unzipSync } from 'fflate';
import type SqlJs from 'sql.js';

export interface ApkgNote {
  id: number;
  guid: string;
  mid: number;
  /** The fields, split at Anki's separator (\x1f). */
  fields: string[];
  sfld: string;
  csum: number;
  tags: string;
}

export interface ApkgCard {
  id: number;
  nid: number;
  did: number;
  ord: number;
  type: number;
  queue: number;
  due: number;
}

interface ApkgModel {
  id: number | string;
  name: string;
  did: number;
  flds: { name: string; ord: number }[];
  tmpls: { name: string; ord: number; qfmt: string; afmt: string }[];
  css: string;
  req: unknown;
}

export interface ReadApkg {
  /** The zip's file names. */
  files: string[];
  /** The `media` file, parsed. */
  media: unknown;
  /** col.ver: 11 for the legacy schema. */
  version: number;
  tables: string[];
  indexes: string[];
  notes: ApkgNote[];
  cards: ApkgCard[];
  /** The decks by id, as col.decks holds them. */
  decks: Record<string, { id: number; name: string; conf: number; dyn: number }>;
  models: Record<string, ApkgModel>;
  dconf: Record<string, { id: number; name: string }>;
  conf: Record<string, unknown>;
}

let sqlJs: Promise<SqlJs.SqlJsStatic> | undefined;

function loadSqlJs(): Promise<SqlJs.SqlJsStatic> {
  const require = createRequire(import.meta.url);
  const initSqlJs = require('sql.js') as SqlJs.InitSqlJsStatic;
  const wasm = require.resolve('sql.js/dist/sql-wasm.wasm');
  sqlJs ??= initSqlJs({ locateFile: () => wasm });
  return sqlJs;
}

function rows<T>(db: SqlJs.Database, sql: string): T[] {
  const statement = db.prepare(sql);
  const found: T[] = [];
  while (statement.step()) found.push(statement.getAsObject() as T);
  statement.free();
  return found;
}

/** The package's contents; throws when it is no zip or its collection is no SQLite database. */
export async function readApkg(bytes: Uint8Array): Promise<ReadApkg> {
  const files = unzipSync(bytes);
  const collection = files['collection.anki2'];
  if (!collection) throw new Error(`no collection.anki2 in ${Object.keys(files).join(', ')}`);
  const SQL = await loadSqlJs();
  const db = new SQL.Database(collection);
  try {
    const [col] = rows<Record<string, string | number>>(db, 'SELECT * FROM col');
    if (!col) throw new Error('no col row');
    const notes = rows<Omit<ApkgNote, 'fields'> & { flds: string }>(
      db,
      'SELECT id, guid, mid, flds, sfld, csum, tags FROM notes ORDER BY id',
    ).map(({ flds, ...note }) => ({ ...note, sfld: String(note.sfld), fields: flds.split('\u001f') }));
    return {
      files: Object.keys(files).sort(),
      media: JSON.parse(strFromU8(files.media ?? new Uint8Array())),
      version: Number(col.ver),
      tables: rows<{ name: string }>(
        db,
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
      ).map((row) => row.name),
      indexes: rows<{ name: string }>(
        db,
        "SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name",
      ).map((row) => row.name),
      notes,
      cards: rows<ApkgCard>(db, 'SELECT id, nid, did, ord, type, queue, due FROM cards ORDER BY due'),
      decks: JSON.parse(String(col.decks)),
      models: JSON.parse(String(col.models)),
      dconf: JSON.parse(String(col.dconf)),
      conf: JSON.parse(String(col.conf)),
    };
  } finally {
    db.close();
  }
}

/** The names of the package's decks other than Anki's Default, sorted. */
export function deckNames(apkg: ReadApkg): string[] {
  return Object.values(apkg.decks)
    .filter((deck) => deck.id !== 1)
    .map((deck) => deck.name)
    .sort();
}
