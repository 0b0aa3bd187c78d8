import type { ChapterWord } from '#common/schemas/reading.ts';
import type { StoredWord } from '#server/analysis/service.ts';
import { SizedCache } from '#server/http/sized-cache.ts';
import type { ReaderChapterQueryRow } from './chapter-query.ts';
import { type Deflated, deflatePiece } from './gzip.ts';

/**
 * The part of a chapter's answer that is the same for every learner and large (its content, words, term map
 * and timings), written as JSON once per version of the chapter's row (decision 088). Each server keeps its own
 * copies, bounded; the version is read in the same query as the learner's part, so a copy is never served
 * after any server changed the row.
 */
export interface ChapterFragments {
  version: string;
  content: string;
  /** The words as the reader gets them, for an analysed language; null for the others. */
  words: string | null;
  terms: string;
  /** The timings' sentences, when there are timings; whether they are sent depends on the audio. */
  readAlong: string | null;
  /** The three large pieces compressed once, for a gzip answer spliced per request (gzip.ts). */
  deflated: { content: Deflated; words: Deflated | null; terms: Deflated };
  bytes: number;
}

/** A stored word as the reader gets it: the text, and its dictionary form, reading and part of speech when known. */
export function presentWord(word: StoredWord): ChapterWord {
  return {
    text: word.t,
    ...(word.l ? { lemma: word.l } : {}),
    ...(word.r ? { reading: word.r } : {}),
    ...(word.p ? { part_of_speech: word.p } : {}),
  };
}

/** The fragments of a row that carries the large columns (the caller had no copy of its version). */
export function fragmentsOf(row: ReaderChapterQueryRow): ChapterFragments {
  const content = JSON.stringify(row.content ?? '');
  const words = row.words ? JSON.stringify(row.words.map(presentWord)) : null;
  const terms = JSON.stringify(row.term_map ?? {});
  const readAlong = row.read_along ? JSON.stringify({ sentences: row.read_along.sentences }) : null;
  const deflated = {
    content: deflatePiece(content),
    words: words === null ? null : deflatePiece(words),
    terms: deflatePiece(terms),
  };
  const bytes =
    content.length +
    (words?.length ?? 0) +
    terms.length +
    (readAlong?.length ?? 0) +
    deflated.content.bytes.length +
    (deflated.words?.bytes.length ?? 0) +
    deflated.terms.bytes.length;
  return { version: row.version, content, words, terms, readAlong, deflated, bytes };
}

/** Copies by chapter id, the least recently used dropped first past `maxBytes` (UTF-16 units, about bytes). */
export class ChapterFragmentCache {
  private readonly copies: SizedCache<number, ChapterFragments>;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.copies = new SizedCache(maxBytes, (_id, fragments) => fragments.bytes);
  }

  /** The version of the copy held, or '' (no row's version is empty). */
  versionOf(chapterId: number): string {
    return this.copies.peek(chapterId)?.version ?? '';
  }

  /** The copy of this version, kept as the most recently used; undefined if the copy held is another's. */
  get(chapterId: number, version: string): ChapterFragments | undefined {
    if (this.copies.peek(chapterId)?.version !== version) return undefined;
    return this.copies.get(chapterId);
  }

  set(chapterId: number, fragments: ChapterFragments): void {
    this.copies.set(chapterId, fragments);
  }
}

/** The learner's statuses of a chapter's terms, as the answer writes them, and the key they were read under. */
interface HeldStatuses {
  key: string;
  json: string;
}

/** What an entry counts beside its JSON: its key, the record and the Map's own. */
const STATUSES_ENTRY_OVERHEAD = 160;

/**
 * Each learner's statuses of the chapters they read, as JSON, under the key the statement answers them by (the
 * chapter's version and the learner's in its language, decision 097): a learner reading a chapter again, with
 * no status changed, is not read them again nor written them again. Per server, bounded, least recently used
 * let go first; the key is read in the same statement as everything else, so a copy is never served after any
 * server changed a status.
 */
export class LearnerStatusesCache {
  private readonly copies: SizedCache<string, HeldStatuses>;

  constructor(maxBytes = 8 * 1024 * 1024) {
    this.copies = new SizedCache(
      maxBytes,
      (id, held) => id.length + held.key.length + held.json.length + STATUSES_ENTRY_OVERHEAD,
    );
  }

  /** The key of the copy held for this learner and chapter, or '' (no key is empty). */
  keyOf(userId: string, chapterId: number): string {
    return this.copies.peek(`${userId}:${chapterId}`)?.key ?? '';
  }

  /** The JSON held under `key`, kept as the most recently used; undefined if the copy held is under another. */
  get(userId: string, chapterId: number, key: string): string | undefined {
    const id = `${userId}:${chapterId}`;
    if (this.copies.peek(id)?.key !== key) return undefined;
    return this.copies.get(id)?.json;
  }

  set(userId: string, chapterId: number, held: HeldStatuses): void {
    this.copies.set(`${userId}:${chapterId}`, held);
  }
}
