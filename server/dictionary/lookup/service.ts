import type pg from 'pg';
import { type LookupWord, normalizeLookup } from '#common/dictionary.ts';
import type { LookupQuery, LookupResult, Translation } from '#common/schemas/dictionary.ts';
import { presentSense } from '../present.ts';
import { currentImport, entriesTable, formsTable, phrasesTable } from '../store.ts';
import type { DictionarySense } from '../wiktextract.ts';
import type { LookupCache } from './cache.ts';

interface LookupRow {
  /** The entry row's identity, to tell one entry reached by two forms from two entries. */
  entry: string;
  surface: string;
  lemma: string;
  description: string | null;
  pos: string | null;
  senses: DictionarySense[] | null;
}

function notFound(): LookupResult {
  return { found: false, lemma: null, pos: null, form: null, translations: [] };
}
const NOT_FOUND_JSON = JSON.stringify(notFound());

/**
 * Finds a tapped word (learner.md §3, §5): punctuation stripped, trimmed, NFC, then the word's forms in the
 * language's lower case; a form written exactly as tapped wins (a German noun, a name), then the lemma itself,
 * then an inflection, whose lemma's translations are given with what the form is. One indexed query, unless
 * the cache has the answer.
 */
export async function lookup(pool: pg.Pool, query: LookupQuery, cache?: LookupCache): Promise<LookupResult> {
  if (cache) return JSON.parse(await lookupJson(pool, query, cache)) as LookupResult;
  const word = normalizeLookup(query.surface, query.language);
  if (!word) return notFound();
  const importId = await currentImport(pool, query.language, query.target);
  if (importId === null) return notFound();
  return (await findWord(pool, query, importId, word)).result;
}

/**
 * lookup's answer as the JSON text the route sends. From the cache, at once (no promise, no turn of the event
 * loop), when it has the answer and knows the pair's import; otherwise once read.
 */
export function lookupJson(pool: pg.Pool, query: LookupQuery, cache: LookupCache): string | Promise<string> {
  const word = normalizeLookup(query.surface, query.language);
  if (!word) return NOT_FOUND_JSON;
  const importId = cache.importOf(pool, query.language, query.target);
  if (importId instanceof Promise) {
    return importId.then((current) => answerJson(pool, query, cache, word, current));
  }
  return answerJson(pool, query, cache, word, importId);
}

function answerJson(
  pool: pg.Pool,
  query: LookupQuery,
  cache: LookupCache,
  word: LookupWord,
  importId: number | null,
): string | Promise<string> {
  if (importId === null) return NOT_FOUND_JSON;
  const key = `${query.language}:${query.target}:${word.elided?.exact ?? word.exact}`;
  const cached = cache.get(key, importId);
  if (cached !== undefined) return cached;
  return findWord(pool, query, importId, word, cache).then((found) => {
    const json = JSON.stringify(found.result);
    if (found.importId !== null) cache.set(key, found.importId, json);
    return json;
  });
}

/**
 * The answer for a word in an import's tables, and the import it came from: a newer one if it was replaced
 * meanwhile, none if the pair lost its dictionary.
 */
async function findWord(
  pool: pg.Pool,
  query: LookupQuery,
  firstImportId: number,
  word: LookupWord,
  cache?: LookupCache,
): Promise<{ importId: number | null; result: LookupResult }> {
  let importId = firstImportId;
  // An elided word ("l’") is looked up with its apostrophe first, as dictionaries title it, then without.
  const candidates = word.elided ? [word.elided, word] : [word];
  for (const candidate of candidates) {
    let rows: LookupRow[];
    try {
      rows = await queryImport(pool, importId, candidate);
    } catch (error) {
      // Its tables were dropped since: a newer import replaced it. Ask again which import is current.
      if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
      cache?.forget(query.language, query.target);
      const current = await currentImport(pool, query.language, query.target);
      if (current === null) return { importId: null, result: notFound() };
      importId = current;
      rows = await queryImport(pool, importId, candidate);
    }
    const answer = answerFrom(rows, candidate.exact);
    if (answer) return { importId, result: answer };
  }
  return { importId, result: notFound() };
}

const UNDEFINED_TABLE = '42P01';

/**
 * One import's forms and entries for a word, read from that import's own tables by name rather than through
 * the partitioned parents: a query planned just before a switch would not see the newly attached partition
 * while its snapshot already sees the pair pointing at it, and would find nothing. The form is chosen first
 * (written as tapped, then the lemma itself, then an inflection, and only forms whose lemma has entries),
 * then that lemma's entries are read: however many lemmas share the key, the best one is never cut off.
 */
async function queryImport(
  pool: pg.Pool,
  importId: number,
  word: { exact: string; lower: string },
): Promise<LookupRow[]> {
  const forms = formsTable(importId);
  const entries = entriesTable(importId);
  const phrases = phrasesTable(importId);
  // A form's description is its own, or its phrase's followed by ' of ' and its lemma (store.ts).
  const { rows } = await pool.query<LookupRow>({
    name: `dictionary-lookup-${importId}`,
    text: `WITH chosen AS (
             SELECT coalesce(f.surface, f.surface_key) AS surface, f.lemma, f.description, f.phrase_id
             FROM ${forms} f
             WHERE f.surface_key = $1 AND EXISTS (SELECT 1 FROM ${entries} x WHERE x.lemma = f.lemma)
             ORDER BY coalesce(f.surface, f.surface_key) = $2 DESC,
               (f.description IS NULL AND f.phrase_id IS NULL) DESC, f.lemma
             LIMIT 1
           ), described AS (
             SELECT c.surface, c.lemma,
               CASE WHEN c.phrase_id IS NULL THEN c.description
                 ELSE (SELECT p.phrase FROM ${phrases} p WHERE p.id = c.phrase_id) || ' of ' || c.lemma
               END AS description
             FROM chosen c
           )
           SELECT e.ctid::text AS entry, d.surface, d.lemma, d.description, e.pos, e.senses
           FROM described d JOIN ${entries} e ON e.lemma = d.lemma
           LIMIT 20`,
    values: [word.lower, word.exact],
  });
  return rows;
}

function answerFrom(rows: readonly LookupRow[], exact: string): LookupResult | undefined {
  const best = pickForm(rows, exact);
  if (!best) return undefined;
  const entries = rows.filter((row) => row.lemma === best.lemma && row.senses);
  const translations: Translation[] = [];
  for (const entry of dedupeEntries(entries)) {
    for (const sense of entry.senses ?? []) {
      if (translations.length >= MAX_TRANSLATIONS) break;
      translations.push(presentSense(sense));
    }
  }
  if (translations.length === 0) return undefined;
  return { found: true, lemma: best.lemma, pos: best.pos, form: best.description, translations };
}

const MAX_TRANSLATIONS = 12;

/** The form that answers: written exactly as tapped first; among equals, the lemma itself before a form. */
function pickForm(rows: readonly LookupRow[], exact: string): LookupRow | undefined {
  let best: LookupRow | undefined;
  let bestScore = -1;
  for (const row of rows) {
    const score = (row.surface === exact ? 2 : 0) + (row.description === null ? 1 : 0);
    if (score > bestScore) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

/** One row per entry of the lemma: an entry reached by two forms of the same spelling must not repeat. */
function dedupeEntries(rows: readonly LookupRow[]): LookupRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.entry)) return false;
    seen.add(row.entry);
    return true;
  });
}
