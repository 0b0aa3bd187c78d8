// One spelling of a tapped word looked up in one import's tables: one indexed query, and the answer made of it.
import type pg from 'pg';
import type { LookupResult, Translation } from '#common/schemas/dictionary.ts';
import { presentSense } from '../present.ts';
import { entriesTable, formKeyIs, formsTable, phrasesTable } from '../store.ts';
import type { DictionarySense } from '../wiktextract.ts';

/** A spelling to look up: its dictionary key, as written (NFC), and the spelling to prefer among the key's. */
export interface Spelling {
  exact: string;
  lower: string;
  /** Preferred over `exact` ('Jan.' tapped as 'Jan.'); `exact` when the tap had no mark to keep. */
  preferred: string;
}

interface LookupRow {
  /** The entry row's identity, to tell one entry reached by two forms from two entries; null: no entry. */
  entry: string | null;
  surface: string;
  lemma: string;
  description: string | null;
  pos: string | null;
  senses: DictionarySense[] | null;
  /** The entry's recording (issue 23), if its dump gave one. */
  audio: string | null;
}

/**
 * One import's forms and entries for a spelling, read from that import's own tables by name rather than through
 * the partitioned parents: a query planned just before a switch would not see the newly attached partition
 * while its snapshot already sees the pair pointing at it, and would find nothing. The form is chosen first
 * (one whose lemma has entries, then written as tapped, then a word before an affix sharing its key, as 'er'
 * before '-er', then the lemma itself, then an inflection), then that
 * lemma's entries are read: however many lemmas share the key, the best one is never cut off. A form whose
 * lemma has no entry (a dump's form-of line for a word it lacks) is chosen only when no other is, and comes
 * back without entry columns.
 */
export async function queryImport(pool: pg.Pool, importId: number, word: Spelling): Promise<LookupRow[]> {
  const forms = formsTable(importId);
  const entries = entriesTable(importId);
  const phrases = phrasesTable(importId);
  // A form's description is its own, or its phrase's followed by ' of ' and its lemma (store.ts).
  const { rows } = await pool.query<LookupRow>({
    name: `dictionary-lookup-${importId}`,
    text: `WITH chosen AS (
             SELECT coalesce(f.surface, f.surface_key) AS surface, f.lemma, f.description, f.phrase_id
             FROM ${forms} f
             WHERE ${formKeyIs('f.surface_key', '$1')}
             ORDER BY EXISTS (SELECT 1 FROM ${entries} x WHERE x.lemma = f.lemma) DESC,
               coalesce(f.surface, f.surface_key) = $3 DESC,
               coalesce(f.surface, f.surface_key) = $2 DESC,
               coalesce(f.surface, f.surface_key) !~ '^[-‐]|[-‐]$' DESC,
               (f.description IS NULL AND f.phrase_id IS NULL) DESC, f.lemma
             LIMIT 1
           ), described AS (
             SELECT c.surface, c.lemma,
               CASE WHEN c.phrase_id IS NULL THEN c.description
                 ELSE (SELECT p.phrase FROM ${phrases} p WHERE p.id = c.phrase_id) || ' of ' || c.lemma
               END AS description
             FROM chosen c
           )
           SELECT e.ctid::text AS entry, d.surface, d.lemma, d.description, e.pos, e.senses, e.audio
           FROM described d LEFT JOIN ${entries} e ON e.lemma = d.lemma
           LIMIT 20`,
    values: [word.lower, word.exact, word.preferred],
  });
  return rows;
}

const MAX_TRANSLATIONS = 12;

/** An answer, and whether it has the entry of its lemma (rather than only what the form is: formOnly). */
export interface Answer {
  result: LookupResult;
  hasEntry: boolean;
}

/** The answer the rows of queryImport make, or undefined when they hold none. */
export function answerFrom(rows: readonly LookupRow[]): Answer | undefined {
  const [best] = rows;
  if (!best) return undefined;
  if (best.entry === null) {
    const result = formOnly(best);
    return result && { result, hasEntry: false };
  }
  const translations: Translation[] = [];
  for (const entry of dedupeEntries(rows)) {
    for (const sense of entry.senses ?? []) {
      if (translations.length >= MAX_TRANSLATIONS) break;
      translations.push(presentSense(sense));
    }
  }
  if (translations.length === 0) return undefined;
  // A recording is of the entry's word: said for that word only, never for a form of it (habló is not hablar).
  const audio = best.description === null ? best.audio : null;
  return {
    result: {
      found: true,
      lemma: best.lemma,
      pos: best.pos,
      form: best.description,
      translations,
      ...(audio ? { audio_url: audio } : {}),
    },
    hasEntry: true,
  };
}

/**
 * A word the dump has only as a form of another it lacks ('abluent', third-person plural present of abluer):
 * found, with the lemma it names and what it is as its translation, rather than not found.
 */
function formOnly(row: LookupRow): LookupResult | undefined {
  if (row.description === null) return undefined;
  const translation = { gloss: row.description, definition: row.description, example: null };
  return {
    found: true,
    lemma: row.lemma,
    pos: null,
    form: row.description,
    translations: [{ ...translation, source: 'wiktextract' }],
  };
}

/** One row per entry of the lemma: an entry reached by two forms of the same spelling must not repeat. */
function dedupeEntries(rows: readonly LookupRow[]): LookupRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (row.entry === null || seen.has(row.entry)) return false;
    seen.add(row.entry);
    return true;
  });
}
