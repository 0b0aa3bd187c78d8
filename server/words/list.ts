// The saved words as /words lists them (issue 22): each with its term, the learner's status of it, the term's
// first gloss and the sentence it was first looked up in; filtered, searched and sorted; and deleted one by one.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { SavedWordSort, SavedWordsFilter, SortOrder } from '#common/schemas/reading.ts';
import { statusNumber, statusOfNumber, type TermStatus, termOf } from '#common/terms.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';
import type { Database } from '#server/db/client.ts';
import { savedWords } from '#server/db/schema.ts';
import { formKeyIs, lemmasOf } from '#server/dictionary/lookup/service.ts';
import { HttpError } from '#server/http/errors.ts';

export interface ListedWord {
  id: number;
  word: string;
  language: string;
  occurrences: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  term: string;
  /** Null: the term is new (its status was forgotten, or the word was saved before statuses were kept). */
  status: TermStatus | null;
  meaning: string | null;
  sentence: string | null;
}

type Row = {
  i: string;
  id: number;
  word: string;
  language: string;
  occurrences: number;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  term: string;
  is_unkeyed: boolean;
  status: number | null;
  sentence: string | null;
  meaning: string | null;
};

/** The order a column sorts in when none is asked: newest and most frequent first, text from A. */
function defaultOrder(sort: SavedWordSort): SortOrder {
  return sort === 'word' || sort === 'meaning' || sort === 'status' ? 'asc' : 'desc';
}

/**
 * The learner's saved words as /words lists them: one statement for the words, their statuses and meanings (a
 * word saved before its term was kept is keyed first, once, and the words read again); then only those the
 * search finds, sorted by the column asked (the latest seen first unless asked). Ties: the
 * latest seen first.
 */
export async function listSavedWords(
  { db, pool }: { db: Database; pool: pg.Pool },
  userId: string,
  filter: SavedWordsFilter,
): Promise<ListedWord[]> {
  let rows = await readRows(pool, userId, filter.language);
  // Words saved before their term was kept get it once, as a lookup would key it now, and are read again.
  if (rows.some((row) => row.is_unkeyed)) {
    await keyTerms(
      db,
      rows.filter((row) => row.is_unkeyed),
    );
    rows = await readRows(pool, userId, filter.language);
  }
  const words = rows.map((row): ListedWord => {
    const status = row.status === null ? null : (statusOfNumber(row.status) ?? null);
    return {
      id: Number(row.id),
      word: row.word,
      language: row.language,
      occurrences: row.occurrences,
      firstSeenAt: new Date(row.first_seen_at),
      lastSeenAt: new Date(row.last_seen_at),
      term: row.term,
      status,
      meaning: row.meaning || null,
      sentence: row.sentence,
    };
  });
  const found = filter.search ? words.filter(matches(filter.search)) : words;
  return found.sort(comparator(filter.sort, filter.order ?? defaultOrder(filter.sort), filter.language));
}

/**
 * The learner's saved words (one language's, when given) with their statuses and meanings, in one named
 * statement (parsed and planned once per connection; decision 092) with those of the other learners asking at
 * the same moment (server/db/batched.ts): each word's term's first gloss as
 * lemmas.ts's glossesOf chooses it, read from the current import's partition of the dictionary's tables
 * (`import_id` = the pair's, pruned as the statement runs). A term without one, or a language without a
 * dictionary, has none.
 */
const SAVED_WORDS: BatchedStatement<WordsItem, Row, Row[]> = {
  name: 'saved-words-v3',
  text: `
SELECT k.i, w.id, w.word, l.code AS language, w.occurrences, w.first_seen_at, w.last_seen_at,
  coalesce(w.term, w.word) AS term, w.term IS NULL AS is_unkeyed, s.status, w.sentence, g.gloss AS meaning
FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS k(user_id, code, i)
JOIN saved_words w ON w.user_id = k.user_id
JOIN languages l ON l.id = w.language_id AND (k.code IS NULL OR l.code = k.code)
LEFT JOIN term_statuses s
  ON s.user_id = w.user_id AND s.language_id = w.language_id AND s.term = coalesce(w.term, w.word)
LEFT JOIN dictionaries d ON d.source_code = l.code AND d.target_code = $3
LEFT JOIN LATERAL (
  SELECT coalesce(
    (SELECT e.senses -> 0 ->> 'gloss' FROM dictionary_entries e
     WHERE e.import_id = d.import_id AND e.lemma = chosen.lemma AND json_array_length(e.senses) > 0
     ORDER BY e.ctid LIMIT 1),
    chosen.description) AS gloss
  FROM (
    SELECT f.lemma, f.description
    FROM dictionary_forms f
    WHERE f.import_id = d.import_id AND ${formKeyIs('f.surface_key', 'coalesce(w.term, w.word)')}
    ORDER BY EXISTS (SELECT 1 FROM dictionary_entries x WHERE x.import_id = d.import_id AND x.lemma = f.lemma) DESC,
      coalesce(f.surface, f.surface_key) = coalesce(w.term, w.word) DESC,
      coalesce(f.surface, f.surface_key) !~ '^[-‐]|[-‐]$' DESC,
      (f.description IS NULL AND f.phrase_id IS NULL) DESC, f.lemma
    LIMIT 1
  ) chosen
) g ON d.import_id IS NOT NULL`,
  values: (items) => [
    items.map((item) => item.userId),
    items.map((item) => item.language ?? null),
    BASE_LANGUAGE_CODE,
  ],
  answer: (rows) => rows,
};
type WordsItem = { userId: string; language: string | undefined };
const askSavedWords = batchedStatement(SAVED_WORDS);

function readRows(pool: pg.Pool, userId: string, language: string | undefined): Promise<Row[]> {
  return askSavedWords(pool, { userId, language });
}

/**
 * Keeps the term of words saved before terms were (migration 0023): the dictionary's form of each word, as
 * markLookedUp keys a lookup without the reader's form, one query per language; a row keyed meanwhile keeps its.
 */
async function keyTerms(db: Database, rows: readonly Row[]): Promise<void> {
  const byLanguage = new Map<string, Row[]>();
  for (const row of rows) byLanguage.set(row.language, [...(byLanguage.get(row.language) ?? []), row]);
  const keyed: { id: number; term: string }[] = [];
  for (const [language, words] of byLanguage) {
    const { lemmas } = await lemmasOf(db, language, [...new Set(words.map((row) => row.word))]);
    for (const row of words) {
      keyed.push({ id: Number(row.id), term: termOf(row.word, language, lemmas.get(row.word)) ?? row.word });
    }
  }
  await db.execute(sql`
    UPDATE ${savedWords} SET term = v.term
    FROM jsonb_to_recordset(${JSON.stringify(keyed)}::jsonb) AS v(id bigint, term text)
    WHERE ${savedWords.id} = v.id AND ${savedWords.term} IS NULL`);
}

function folded(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** Whether a word's word, term, meaning or sentence holds the search, in any case. */
function matches(search: string): (word: ListedWord) => boolean {
  const wanted = folded(search);
  return (word) =>
    [word.word, word.term, word.meaning, word.sentence].some(
      (text) => text !== null && folded(text).includes(wanted),
    );
}

/** A new term ranks below learning 1; known and ignored above learning 4 (statusNumber's order). */
function statusRank(status: TermStatus | null): number {
  return status === null ? 0 : statusNumber(status);
}

// One language's words in its own alphabetical order ("ñ" after "n" in Spanish); several in the root order.
// Making a collator costs more than sorting a learner's words: one per language, made once.
const collators = new Map<string, Intl.Collator>();
function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

function comparator(
  sort: SavedWordSort,
  order: SortOrder,
  language: string | undefined,
): (a: ListedWord, b: ListedWord) => number {
  const collator = collatorFor(language ?? 'und');
  const sign = order === 'asc' ? 1 : -1;
  const latestFirst = (a: ListedWord, b: ListedWord) =>
    b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.id - a.id;
  const byColumn = (a: ListedWord, b: ListedWord): number => {
    switch (sort) {
      case 'word':
        return collator.compare(a.word, b.word);
      case 'meaning':
        return collator.compare(a.meaning ?? '', b.meaning ?? '');
      case 'status':
        return statusRank(a.status) - statusRank(b.status);
      case 'occurrences':
        return a.occurrences - b.occurrences;
      case 'first_seen':
        return a.firstSeenAt.getTime() - b.firstSeenAt.getTime();
      case 'last_seen':
        return a.lastSeenAt.getTime() - b.lastSeenAt.getTime();
    }
  };
  return (a, b) => {
    // Words without a meaning come last in either order: there is nothing to read in them.
    if (sort === 'meaning' && (a.meaning === null) !== (b.meaning === null))
      return a.meaning === null ? 1 : -1;
    return sign * byColumn(a, b) || latestFirst(a, b);
  };
}

/** Deletes one of the learner's saved words; 404 when it is not there or not theirs. Its term keeps its status. */
export async function deleteSavedWord(
  db: Database,
  userId: string,
  id: number,
  notFound: string,
): Promise<void> {
  const { rowCount } = await db.execute(
    sql`DELETE FROM ${savedWords} WHERE id = ${id} AND user_id = ${userId}`,
  );
  if (!rowCount) throw new HttpError(404, notFound);
}
