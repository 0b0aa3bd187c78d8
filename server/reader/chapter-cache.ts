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

/**
 * Copies kept by id, each of one version (a row's xmin, a key read with the row): asked for a version, a copy of
 * another is not there. The least recently used is dropped first past `maxBytes`, as `costOf` counts them.
 */
class CopiesByVersion<Id, Copy extends { version: string }> {
  private readonly copies: SizedCache<Id, Copy>;

  constructor(maxBytes: number, costOf: (id: Id, copy: Copy) => number) {
    this.copies = new SizedCache(maxBytes, costOf);
  }

  /** The version of the copy held, or '' (no version is empty). */
  versionOf(id: Id): string {
    return this.copies.peek(id)?.version ?? '';
  }

  /** The copy of this version, kept as the most recently used; undefined if the copy held is another's. */
  get(id: Id, version: string): Copy | undefined {
    return this.copies.getIf(id, (copy) => copy.version === version);
  }

  set(id: Id, copy: Copy): void {
    this.copies.set(id, copy);
  }
}

/** Chapters' fragments by chapter id, 32 MB by default (UTF-16 units, about bytes). */
export class ChapterFragmentCache extends CopiesByVersion<number, ChapterFragments> {
  constructor(maxBytes = 32 * 1024 * 1024) {
    super(maxBytes, (_id, fragments) => fragments.bytes);
  }
}

/** A learner's statuses of a chapter's terms, as the answer writes them, and the key they were read under. */
export interface HeldStatuses {
  /** The chapter's version and the learner's in its language (chapter-query.ts's statuses_key). */
  version: string;
  json: string;
}

/** What an entry counts beside its JSON: its id, the record and the Map's own. */
const STATUSES_ENTRY_OVERHEAD = 160;

/**
 * Each learner's statuses of the chapters they read, by `statusesId`, under the key the statement answers them
 * by (decision 097): a learner reading a chapter again, with no status changed, is not read them again nor
 * written them again. Per server, 8 MB by default; the key is read in the same statement as everything else, so
 * a copy is never served after any server changed a status.
 */
export class LearnerStatusesCache extends CopiesByVersion<string, HeldStatuses> {
  constructor(maxBytes = 8 * 1024 * 1024) {
    super(
      maxBytes,
      (id, held) => id.length + held.version.length + held.json.length + STATUSES_ENTRY_OVERHEAD,
    );
  }
}

/** The id of a learner's statuses of a chapter in LearnerStatusesCache. */
export function statusesId(userId: string, chapterId: number): string {
  return `${userId}:${chapterId}`;
}
