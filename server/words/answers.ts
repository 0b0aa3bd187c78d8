// The saved-words list's finished answer, kept per server while what it is made of is unchanged (issue 25,
// decision 097): a request reads only a fingerprint of the learner's words, statuses and dictionaries, and the
// meanings are read again only when it moved. The fingerprint is read, never written: no writer takes a lock
// for it (decision 095's version row per learner did, and was reverted).
import type pg from 'pg';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { SavedWordsFilter } from '#common/schemas/reading.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';
import type { Database } from '#server/db/client.ts';
import { type AnswerEncoding, encodeAnswer } from '#server/http/accept-encoding.ts';
import { SizedCache } from '#server/http/sized-cache.ts';
import { listSavedWords } from './list.ts';
import { presentListedWord } from './present.ts';

/** The list as sent: its JSON bytes in their encoding. */
export interface WordsAnswer {
  bytes: Buffer;
  encoding: AnswerEncoding;
}

type FingerprintRow = { i: string; words: string; statuses: string | null; imports: string | null };

/**
 * What the list is made of, for the learners asking at the same moment (server/db/batched.ts), in one text:
 * - their saved words: how many, the sum of their ids and of their rows' xmin. A word saved moves the count and
 *   the ids (ids only grow, so words deleted and others saved never give the sum back), and any update of a row,
 *   by whatever writer, gives it the xmin of a later transaction; a deletion moves the count;
 * - their statuses: each language's version (learner_known_versions, moved by term_statuses' triggers,
 *   migration 0026, in every statement that writes a status);
 * - the meanings: the import each dictionary into the base language is read from.
 * Read through saved_words' (user_id, …) key and learner_known_versions' primary key.
 */
const WORDS_FINGERPRINT: BatchedStatement<string, FingerprintRow, string> = {
  name: 'words-fingerprint-v1',
  text: `SELECT k.i,
  (SELECT count(*) || '.' || coalesce(sum(w.id), 0) || '.' || coalesce(sum(w.xmin::text::bigint), 0)
   FROM saved_words w WHERE w.user_id = k.user_id) AS words,
  (SELECT string_agg(v.language_id || ':' || v.version, ',' ORDER BY v.language_id)
   FROM learner_known_versions v WHERE v.user_id = k.user_id) AS statuses,
  (SELECT string_agg(d.source_code || ':' || d.import_id, ',' ORDER BY d.source_code)
   FROM dictionaries d WHERE d.target_code = $2) AS imports
FROM unnest($1::uuid[]) WITH ORDINALITY AS k(user_id, i)`,
  values: (userIds) => [userIds, BASE_LANGUAGE_CODE],
  answer: ([row]) => `${row?.words ?? ''}|${row?.statuses ?? ''}|${row?.imports ?? ''}`,
};
const askFingerprint = batchedStatement(WORDS_FINGERPRINT);

/** What the key counts an entry for beside its bytes: the key itself and the Map's and object's own. */
const ENTRY_OVERHEAD = 200;

/** The finished answers by learner, fingerprint, query and encoding; least recently used first out of 16 MB. */
export class WordsAnswerCache extends SizedCache<string, WordsAnswer> {
  constructor(maxBytes = 16 * 1024 * 1024) {
    super(maxBytes, (key, answer) => answer.bytes.length + key.length * 2 + ENTRY_OVERHEAD);
  }
}

/**
 * The learner's saved words as GET /api/words/ answers them (list.ts, present.ts), in `encoding` (an answer under
 * the compression threshold stays plain): the one kept for their fingerprint and this query when there is one,
 * else made and kept under the fingerprint read before it was made. A change in between moves the fingerprint,
 * so the next request makes the list again: nothing older than the fingerprint read is ever sent.
 */
export async function savedWordsAnswer(
  parts: { db: Database; pool: pg.Pool },
  answers: WordsAnswerCache,
  request: { userId: string; filter: SavedWordsFilter; encoding: AnswerEncoding },
): Promise<WordsAnswer> {
  const { userId, filter, encoding } = request;
  const fingerprint = await askFingerprint(parts.pool, userId);
  const key = JSON.stringify([
    userId,
    fingerprint,
    encoding,
    filter.language ?? null,
    filter.search ?? null,
    filter.sort,
    filter.order ?? null,
  ]);
  const kept = answers.get(key);
  if (kept) return kept;
  const words = await listSavedWords(parts, userId, filter);
  const answer = encodeAnswer(Buffer.from(JSON.stringify(words.map(presentListedWord))), encoding);
  answers.set(key, answer);
  return answer;
}
