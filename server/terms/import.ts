// Importing the words a learner already knows (issue 22): a list read by wordList.ts, each word keyed as the
// reader keys it and led to its dictionary form (so "hablo" makes "hablar" known, as a tap would), then
// previewed (what would change) or applied through changeStatuses, so the stories' known shares follow.
import { sql } from 'drizzle-orm';
import { type ImportKnownInput, type ImportKnownResult, MAX_IMPORT_ROWS } from '#common/schemas/terms.ts';
import { statusNumber, statusOfNumber, termOf } from '#common/terms.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { termStatuses } from '#server/db/schema.ts';
import { lemmasOf } from '#server/dictionary/lookup/service.ts';
import { HttpError } from '#server/http/errors.ts';
import { changeStatuses, differenceOf } from './known.ts';
import { readWordList } from './wordList.ts';

export const TOO_MANY_ROWS = `The list is too long: at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows.`;
export const NO_WORDS =
  'No words found in the list: put one word per line, or upload a CSV or Anki text export.';

const KNOWN = statusNumber('known');
const MOST_EXAMPLES = 10;

interface Plan {
  rows: number;
  skipped: number;
  /** Each term and the status number the list asks for, in the list's order. */
  wanted: Map<string, number>;
}

/** The list's terms and the status each asks for; 400 for a list too long or without a word. */
async function planOf(db: Database, language: { code: string }, text: string): Promise<Plan> {
  const list = readWordList(text);
  if (list.rows > MAX_IMPORT_ROWS) throw new HttpError(400, TOO_MANY_ROWS);
  let skipped = list.skipped;
  const keyed: { key: string; word: string; status: number }[] = [];
  for (const { word, status } of list.words) {
    const key = termOf(word, language.code);
    if (key) keyed.push({ key, word, status: statusNumber(status) });
    else skipped += 1;
  }
  if (keyed.length === 0) throw new HttpError(400, NO_WORDS);
  const { lemmas } = await lemmasOf(db, language.code, [...new Set(keyed.map((entry) => entry.key))]);
  const wanted = new Map<string, number>();
  for (const { key, word, status } of keyed) {
    const term = termOf(word, language.code, lemmas.get(key)) ?? key;
    // Two forms of one dictionary word: the higher status wins.
    wanted.set(term, Math.max(wanted.get(term) ?? 0, status));
  }
  return { rows: list.rows, skipped, wanted };
}

/** The learner's statuses of the given terms now. */
async function statusesNow(
  db: Database | Transaction,
  userId: string,
  languageId: number,
  terms: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ term: string; status: number }>(sql`
    SELECT term, status FROM ${termStatuses}
    WHERE user_id = ${userId} AND language_id = ${languageId}
      AND term IN (SELECT jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb))`);
  return new Map(rows.map((row) => [row.term, row.status]));
}

/**
 * What applying the plan to these statuses changes: a new term takes the status asked, a learning one rises to
 * it; known and ignored terms, and a status at or above the one asked, stay.
 */
function changesOf(plan: Plan, now: ReadonlyMap<string, number>) {
  const changes = new Map<string, number>();
  const result = { to_known: 0, from_learning: 0, to_learning: 0, unchanged: 0, examples: [] as string[] };
  for (const [term, status] of plan.wanted) {
    const before = now.get(term);
    const rises = before === undefined || (before < KNOWN && status > before);
    if (!rises) {
      result.unchanged += 1;
      continue;
    }
    changes.set(term, status);
    if (status === KNOWN) {
      result.to_known += 1;
      if (before !== undefined) result.from_learning += 1;
    } else result.to_learning += 1;
    if (result.examples.length < MOST_EXAMPLES) result.examples.push(term);
  }
  return { changes, result };
}

function resultOf(
  language: string,
  plan: Plan,
  counts: ReturnType<typeof changesOf>['result'],
): ImportKnownResult {
  return { language, rows: plan.rows, skipped: plan.skipped, terms: plan.wanted.size, ...counts };
}

/** What importing the list would change for the learner, changing nothing. */
export async function previewImport(
  db: Database,
  userId: string,
  language: { id: number; code: string },
  input: ImportKnownInput,
): Promise<ImportKnownResult> {
  const plan = await planOf(db, language, input.text);
  const now = await statusesNow(db, userId, language.id, [...plan.wanted.keys()]);
  return resultOf(language.code, plan, changesOf(plan, now).result);
}

/**
 * Imports the list: the statuses read again under the learner's lock (a change since the preview counts), the
 * rising ones written in one statement, and each term made known added to the stories' known shares.
 */
export async function applyImport(
  db: Database,
  userId: string,
  language: { id: number; code: string },
  input: ImportKnownInput,
): Promise<ImportKnownResult> {
  const plan = await planOf(db, language, input.text);
  return changeStatuses(db, userId, language.id, async (tx) => {
    const now = await statusesNow(tx, userId, language.id, [...plan.wanted.keys()]);
    const { changes, result } = changesOf(plan, now);
    if (changes.size > 0) {
      const rows = JSON.stringify([...changes].map(([term, status]) => ({ term, status })));
      await tx.execute(sql`
        INSERT INTO ${termStatuses} (user_id, language_id, term, status)
        SELECT ${userId}, ${language.id}, r.term, r.status
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(term text, status smallint)
        ON CONFLICT (user_id, language_id, term) DO UPDATE SET status = excluded.status, updated_at = now()`);
    }
    const differences = new Map(
      [...changes].map(([term, status]) => [
        term,
        differenceOf(now.get(term), statusOfNumber(status) ?? null),
      ]),
    );
    return { result: resultOf(language.code, plan, result), differences };
  });
}
