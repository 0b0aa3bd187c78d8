import { hash } from 'node:crypto';
import type { StoryListQuery } from '#common/schemas/library.ts';
import { SizedCache } from '#server/http/sized-cache.ts';
import type { ListEncoding } from './compression.ts';

/** A story list as it is sent: its bytes in their encoding, and the validator of what they say. */
export interface ListAnswer {
  bytes: Buffer;
  encoding: ListEncoding;
  /** `W/"…"`: the SHA-1 of the bytes as sent (listEtag). */
  etag: string;
}

/**
 * The validator of a list as sent: the SHA-1 of its bytes in their encoding, so of exactly what a client holds,
 * whatever server, version of the code or setting made them. Of the compressed bytes, not the JSON: hashing a
 * 1.3 MB list (2,000 stories) took 0.9 ms, about as long as compressing it, and its 47 KB of gzip 0.03 ms; so each
 * encoding has its validator (a browser sends the same Accept-Encoding each time). Weak, as the reader's chapter's
 * (decision 088), so an intermediary that re-encodes may keep it.
 */
export function listEtag(sent: Buffer): string {
  return `W/"${hash('sha1', sent, 'base64url')}"`;
}

/** What the key counts an entry for beside its bytes: the key itself and the Map's and object's own. */
const ENTRY_OVERHEAD = 200;

/**
 * What a story list answers, in each encoding asked for, by what makes it (listKey): the language's library at
 * a version, the query, and the learner's own parts by their digest. So every learner with nothing of their own
 * shares one entry per query, built and compressed once per change of the library, and a learner's own entry
 * serves them until their progress or known counts change. Bounded by bytes, least recently used first; kept
 * per server, and right on every server because the version is read from the database with every request.
 */
export class ListAnswerCache extends SizedCache<string, ListAnswer> {
  constructor(maxBytes = 32 * 1024 * 1024) {
    super(maxBytes, (key, answer) => answer.bytes.length + key.length * 2 + ENTRY_OVERHEAD);
  }
}

/** A filter's values in one order, each once: `a,b` and `b,a` pick the same stories. */
function normalised(values: readonly string[] | undefined): string[] {
  return values?.length ? [...new Set(values)].sort() : [];
}

/**
 * The key of a list's answer: the language and the version of its library, the encoding, the query as it picks
 * stories (filters in one order, hide_adult as a flag, the search's folded words as a set) and the digest of
 * the learner's own parts (present.ts, personalDigest; '' for none).
 */
export function listKey(
  state: { languageId: number; version: number; foldedWords: readonly string[] },
  encoding: ListEncoding,
  query: StoryListQuery,
  personal: string,
): string {
  const picks = JSON.stringify([
    normalised(query.difficulty),
    normalised(query.length),
    normalised(query.topics),
    query.hide_adult === true,
    normalised(state.foldedWords),
  ]);
  return `${state.languageId}:${state.version}:${encoding}:${personal}:${picks}`;
}
