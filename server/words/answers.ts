// The saved-words list's finished answer, kept per server while the learner's list is unchanged (issue 25,
// decision 095): a request reads only the list's version, and the meanings are read again only when it moved.
import type pg from 'pg';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { SavedWordsFilter } from '#common/schemas/reading.ts';
import { type BatchedStatement, batchedStatement } from '#server/db/batched.ts';
import type { Database } from '#server/db/client.ts';
import { type AnswerEncoding, acceptsEncoding, encodeAnswer } from '#server/http/accept-encoding.ts';
import { SizedCache } from '#server/http/sized-cache.ts';
import { listSavedWords } from './list.ts';
import { presentListedWord } from './present.ts';

/** The list as sent: its JSON bytes in their encoding. */
export interface WordsAnswer {
  bytes: Buffer;
  encoding: AnswerEncoding;
}

type VersionRow = { i: string; version: string | null; imports: string | null };

/**
 * What the list is made from, for the learners asking at the same moment (server/db/batched.ts): the version of
 * their saved words and statuses (learner_words_versions, moved by the triggers of migration 0031), and the
 * import each dictionary into the base language is read from (the meanings). Null: no version (a learner who
 * never saved a word nor marked a term), whose list is not kept.
 */
const WORDS_VERSIONS: BatchedStatement<string, VersionRow, string | null> = {
  name: 'words-versions-v1',
  text: `SELECT k.i, v.version,
  (SELECT string_agg(d.source_code || ':' || d.import_id, ',' ORDER BY d.source_code)
   FROM dictionaries d WHERE d.target_code = $2) AS imports
FROM unnest($1::uuid[]) WITH ORDINALITY AS k(user_id, i)
LEFT JOIN learner_words_versions v ON v.user_id = k.user_id`,
  values: (userIds) => [userIds, BASE_LANGUAGE_CODE],
  answer: ([row]) => (row?.version ? `${row.version}|${row.imports ?? ''}` : null),
};
const askWordsVersion = batchedStatement(WORDS_VERSIONS);

/** What the key counts an entry for beside its bytes: the key itself and the Map's and object's own. */
const ENTRY_OVERHEAD = 200;

/** The finished answers by learner, version, query and encoding; least recently used first out of 16 MB. */
export class WordsAnswerCache extends SizedCache<string, WordsAnswer> {
  constructor(maxBytes = 16 * 1024 * 1024) {
    super(maxBytes, (key, answer) => answer.bytes.length + key.length * 2 + ENTRY_OVERHEAD);
  }
}

/**
 * The encoding the compression plugin (server/app.ts) would choose: brotli when the client accepts it, else gzip,
 * else none (no Accept-Encoding, `identity`, `x-no-compression`).
 */
export function wordsEncoding(headers: {
  'accept-encoding'?: string | string[] | undefined;
  'x-no-compression'?: string | string[] | undefined;
}): AnswerEncoding {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return 'identity';
  if (acceptsEncoding(header, 'br')) return 'br';
  return acceptsEncoding(header, 'gzip') ? 'gzip' : 'identity';
}

/**
 * The learner's saved words as GET /api/words/ answers them (list.ts, present.ts), in `encoding` (an answer under
 * the compression threshold stays plain): the one kept for their list's version and this query when there is
 * one, else made and kept under the version read before it was made (a change in between moves the version, so
 * the next request makes it again; nothing older than the version read is ever sent).
 */
export async function savedWordsAnswer(
  parts: { db: Database; pool: pg.Pool },
  answers: WordsAnswerCache,
  request: { userId: string; filter: SavedWordsFilter; encoding: AnswerEncoding },
): Promise<WordsAnswer> {
  const { userId, filter, encoding } = request;
  const version = await askWordsVersion(parts.pool, userId);
  const key =
    version === null
      ? undefined
      : JSON.stringify([
          userId,
          version,
          encoding,
          filter.language ?? null,
          filter.search ?? null,
          filter.sort,
          filter.order ?? null,
        ]);
  const kept = key === undefined ? undefined : answers.get(key);
  if (kept) return kept;
  const words = await listSavedWords(parts, userId, filter);
  const answer = encodeAnswer(Buffer.from(JSON.stringify(words.map(presentListedWord))), encoding);
  if (key !== undefined) answers.set(key, answer);
  return answer;
}
