// The dictionary forms of many words at once (issue 22): the lemma a lookup of each word would answer, for the
// terms of a chapter's words, in one query over the pair's current import.
import { sql } from 'drizzle-orm';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { entriesTable, formKeyIs, formsTable } from '../store.ts';

/** The lemmas found, by key, and the import they came from (null: the language has no dictionary). */
export interface Lemmas {
  importId: number | null;
  lemmas: Map<string, string>;
}

const UNDEFINED_TABLE = '42P01';

async function currentImportOf(db: Database | Transaction, language: string): Promise<number | null> {
  const { rows } = await db.execute<{ import_id: number }>(
    sql`SELECT import_id FROM dictionaries WHERE source_code = ${language} AND target_code = ${BASE_LANGUAGE_CODE}`,
  );
  return rows[0]?.import_id ?? null;
}

/**
 * Each key's form chosen as lookup/query.ts chooses it for a word tapped as written in its key (one whose lemma
 * has entries, then written as the key, then a word before an affix, then the lemma itself, then an
 * inflection), and the lemma it leads to. A form without an entry or a description answers nothing, as the
 * lookup answers nothing for it.
 */
async function queryLemmas(db: Database | Transaction, importId: number, keys: readonly string[]) {
  const forms = sql.raw(formsTable(importId));
  const entries = sql.raw(entriesTable(importId));
  const { rows } = await db.execute<{ key: string; lemma: string }>(sql`
    SELECT k.key, chosen.lemma
    FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS k(key)
    CROSS JOIN LATERAL (
      SELECT f.lemma, EXISTS (SELECT 1 FROM ${entries} x WHERE x.lemma = f.lemma) AS has_entry,
        (f.description IS NOT NULL OR f.phrase_id IS NOT NULL) AS is_described
      FROM ${forms} f
      WHERE ${sql.raw(formKeyIs('f.surface_key', 'k.key'))}
      ORDER BY has_entry DESC,
        coalesce(f.surface, f.surface_key) = k.key DESC,
        coalesce(f.surface, f.surface_key) !~ '^[-‐]|[-‐]$' DESC,
        (f.description IS NULL AND f.phrase_id IS NULL) DESC, f.lemma
      LIMIT 1
    ) chosen
    WHERE chosen.has_entry OR chosen.is_described`);
  return new Map(rows.map((row) => [row.key, row.lemma]));
}

/** PostgreSQL's "no such table", as pg throws it or as Drizzle wraps it. */
function isUndefinedTable(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === UNDEFINED_TABLE || cause?.code === UNDEFINED_TABLE;
}

/**
 * The dictionary form of each key (a word keyed as common/dictionary.ts keys it) that the language's dictionary
 * (into the base language) leads to, in one indexed query; keys it lacks are left out. An import replaced
 * between the two queries is read again from the new one.
 */
export async function lemmasOf(
  db: Database | Transaction,
  language: string,
  keys: readonly string[],
): Promise<Lemmas> {
  let importId = await currentImportOf(db, language);
  if (importId === null || keys.length === 0) return { importId, lemmas: new Map() };
  try {
    return { importId, lemmas: await queryLemmas(db, importId, keys) };
  } catch (error) {
    // Its tables were dropped since: a newer import replaced it (lookup/service.ts does the same).
    if (!isUndefinedTable(error)) throw error;
    importId = await currentImportOf(db, language);
    if (importId === null) return { importId, lemmas: new Map() };
    return { importId, lemmas: await queryLemmas(db, importId, keys) };
  }
}
