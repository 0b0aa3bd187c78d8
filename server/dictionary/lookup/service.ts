import type pg from 'pg';
import { dictionaryKey, type LookupWord, normalizeLookup } from '#common/dictionary.ts';
import type { LookupQuery, LookupResult, LookupsBody } from '#common/schemas/dictionary.ts';
import { currentImport } from '../store.ts';
import type { LookupCache } from './cache.ts';
import { type Answer, answerFrom, queryImport, type Spelling } from './query.ts';
import { describeStem, stemCandidates } from './stems.ts';
import { scriptVariants } from './variants.ts';

function notFound(): LookupResult {
  return { found: false, lemma: null, pos: null, form: null, translations: [] };
}
const NOT_FOUND_JSON = JSON.stringify(notFound());

/** The words a lookup asks for: the dictionary form the reader sent, if any, then the word as tapped. */
interface Tapped {
  lemma: LookupWord | undefined;
  surface: LookupWord | undefined;
}

function tappedWords(query: LookupQuery): Tapped | undefined {
  const surface = normalizeLookup(query.surface, query.language);
  const lemma = query.lemma ? normalizeLookup(query.lemma, query.language) : undefined;
  // A word tapped in its dictionary form (the reader sends it as both) is looked up once.
  const isSame = lemma !== undefined && asTapped(lemma) === asTapped(surface);
  return surface || lemma ? { lemma: isSame ? undefined : lemma, surface } : undefined;
}

/**
 * Finds a tapped word (learner.md §3, §5): punctuation stripped, trimmed, NFC, then the word's forms in the
 * language's lower case; a form written exactly as tapped wins (a German noun, a name), then the lemma itself,
 * then an inflection, whose lemma's translations are given with what the form is. With a `lemma` (the reader's
 * dictionary form of the word), that is looked up first. A Chinese word is tried in its other scripts, and a
 * Korean or Turkish word the dictionary lacks on its stem (lookup/stems.ts). One indexed query per spelling
 * tried, unless the cache has the answer.
 */
export async function lookup(pool: pg.Pool, query: LookupQuery, cache?: LookupCache): Promise<LookupResult> {
  if (cache) return JSON.parse(await lookupJson(pool, query, cache)) as LookupResult;
  const words = tappedWords(query);
  if (!words) return notFound();
  const importId = await currentImport(pool, query.language, query.target);
  if (importId === null) return notFound();
  return (await findWord(pool, query, importId, words)).result;
}

/**
 * lookup's answer as the JSON text the route sends. From the cache, at once (no promise, no turn of the event
 * loop), when it has the answer and knows the pair's import; otherwise once read.
 */
export function lookupJson(pool: pg.Pool, query: LookupQuery, cache: LookupCache): string | Promise<string> {
  const words = tappedWords(query);
  if (!words) return NOT_FOUND_JSON;
  const importId = cache.importOf(pool, query.language, query.target);
  if (importId instanceof Promise) {
    return importId.then((current) => answerJson(pool, query, cache, words, current));
  }
  return answerJson(pool, query, cache, words, importId);
}

/**
 * How many of a batch's words are looked up at a time. Each holds one of the pool's connections (10 by
 * default) while it queries, so a batch leaves most of them to the single lookups of everyone reading
 * meanwhile. Measured on two cores with a dictionary of 200,000 entries (1.2 million forms), a thousand
 * uncached words took 0.2 to 1.2 s at 1, 2, 4 or 8 at a time, the differences within the noise: more would
 * not be faster here, and a few hide the round trips to a database on another machine.
 */
const BATCH_CONCURRENCY = 4;

/**
 * POST /api/dict/lookups/'s answer as JSON text: each word's answer exactly as lookupJson gives it (from the
 * cache where it has it, filling it otherwise), in the order sent. Words that make the same answer (the same
 * pair as tapped, duplicates among them) are looked up once, a few at a time.
 */
export async function lookupManyJson(pool: pg.Pool, batch: LookupsBody, cache: LookupCache): Promise<string> {
  const { language, target } = batch;
  const keys: string[] = [];
  const unique = new Map<string, LookupQuery>();
  for (const { surface, lemma } of batch.words) {
    const query: LookupQuery = { language, target, surface, ...(lemma === undefined ? {} : { lemma }) };
    const key = cacheKey(query);
    keys.push(key);
    if (!unique.has(key)) unique.set(key, query);
  }
  const answers = new Map<string, string>();
  const queue = [...unique];
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < queue.length) {
      const [key, query] = queue[next++] as [string, LookupQuery];
      try {
        answers.set(key, await lookupJson(pool, query, cache));
      } catch (error) {
        next = queue.length; // the request fails: the other workers stop rather than query on for nothing
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, queue.length) }, work));
  return `{"results":[${keys.map((key) => answers.get(key)).join(',')}]}`;
}

/** What of a tapped word decides its answer: as written, with the mark or apostrophe it was tapped with. */
function asTapped(word: LookupWord | undefined): string {
  return word ? (word.elided?.exact ?? word.marked ?? word.exact) : '';
}

/** The key of a lookup's answer in the cache: the pair, and the words as tapped (lemma and surface). */
export function cacheKey(query: LookupQuery, words = tappedWords(query)): string {
  // Both words make the answer: NUL, which no query may hold (http/text-check.ts), keeps them apart.
  return `${query.language}:${query.target}:${asTapped(words?.lemma)}\u0000${asTapped(words?.surface)}`;
}

function answerJson(
  pool: pg.Pool,
  query: LookupQuery,
  cache: LookupCache,
  words: Tapped,
  importId: number | null,
): string | Promise<string> {
  if (importId === null) return NOT_FOUND_JSON;
  const key = cacheKey(query, words);
  const cached = cache.get(key, importId);
  if (cached !== undefined) return cached;
  return findWord(pool, query, importId, words, cache).then((found) => {
    const json = JSON.stringify(found.result);
    if (found.importId !== null) cache.set(key, found.importId, json);
    return json;
  });
}

/**
 * The spellings a word is looked up by, in order: elided, as tapped, then in its language's other scripts
 * (made only when the spellings before them missed: most words are found as tapped).
 */
function* spellingsOf(word: LookupWord, language: string): Generator<Spelling> {
  // An elided word ("l’") is looked up with its apostrophe first, as dictionaries title it, then without.
  if (word.elided) yield { ...word.elided, preferred: word.elided.exact };
  yield { exact: word.exact, lower: word.lower, preferred: word.marked ?? word.exact };
  for (const variant of scriptVariants(word.exact, language)) {
    yield { exact: variant, lower: dictionaryKey(variant, language), preferred: variant };
  }
}

const UNDEFINED_TABLE = '42P01';

/**
 * The answer for a tapped word in an import's tables, and the import it came from: a newer one if it was
 * replaced meanwhile, none if the pair lost its dictionary. The first spelling with its lemma's entry answers;
 * a form whose lemma the dump lacks answers only when no spelling does better; a stem is tried last.
 */
async function findWord(
  pool: pg.Pool,
  query: LookupQuery,
  firstImportId: number,
  words: Tapped,
  cache?: LookupCache,
): Promise<{ importId: number | null; result: LookupResult }> {
  let importId: number | null = firstImportId;
  const ask = async (spelling: Spelling): Promise<Answer | undefined> => {
    if (importId === null) return undefined;
    try {
      return answerFrom(await queryImport(pool, importId, spelling));
    } catch (error) {
      // Its tables were dropped since: a newer import replaced it. Ask again which import is current.
      if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
      cache?.forget(query.language, query.target);
      importId = await currentImport(pool, query.language, query.target);
      return importId === null ? undefined : answerFrom(await queryImport(pool, importId, spelling));
    }
  };
  let formOnly: LookupResult | undefined;
  // The lemma's spellings and the surface's overlap (a traditional tap sent with its simplified lemma): a
  // spelling already asked is not asked again.
  const asked = new Set<string>();
  for (const word of [words.lemma, words.surface]) {
    if (!word) continue;
    for (const spelling of spellingsOf(word, query.language)) {
      const key = `${spelling.lower}\u0000${spelling.exact}\u0000${spelling.preferred}`;
      if (asked.has(key)) continue;
      asked.add(key);
      const answer = await ask(spelling);
      if (answer?.hasEntry) return { importId, result: answer.result };
      formOnly ??= answer?.result;
    }
  }
  if (formOnly) return { importId, result: formOnly };
  const stem = words.surface && (await findStem(ask, words.surface, query.language));
  return { importId, result: stem ?? notFound() };
}

/**
 * A Korean or Turkish word the dictionary lacks, answered by its stem: only a headword of the dictionary (not
 * a form of another word, not an affix), with what was cut off as the form ('학교 + -에서').
 */
async function findStem(
  ask: (spelling: Spelling) => Promise<Answer | undefined>,
  word: LookupWord,
  language: string,
): Promise<LookupResult | undefined> {
  for (const candidate of stemCandidates(word.lower, language)) {
    const { stem } = candidate;
    const answer = await ask({ exact: stem, lower: stem, preferred: stem });
    const lemma = answer?.result.lemma;
    if (!answer?.hasEntry || answer.result.form !== null || !lemma || isAffix(lemma)) continue;
    return { ...answer.result, form: describeStem(candidate) };
  }
  return undefined;
}

/** An entry of an affix ('-에서', '겉-'): its key is a word's, but it is no stem. */
function isAffix(lemma: string): boolean {
  return lemma.startsWith('-') || lemma.endsWith('-');
}

/** How a query outside the dictionary finds the forms of a key (the saved words' meanings). */
export { formKeyIs } from '../store.ts';
/** The dictionary forms of many words at once, for the terms of a chapter's words (issue 22). */
export { type Lemmas, lemmasOf } from './lemmas.ts';
