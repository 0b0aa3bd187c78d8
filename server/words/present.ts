import type { SavedWord } from '#common/schemas/reading.ts';
import type { SavedWordRow } from './service.ts';

/** A saved word, with when it was last seen. */
export function presentWord(word: SavedWordRow): SavedWord {
  return {
    id: word.id,
    word: word.word,
    language: word.language,
    occurrences: word.occurrences,
    last_seen_at: word.lastSeenAt.toISOString(),
    ...(word.term === undefined ? {} : { term: word.term }),
    ...(word.status === undefined ? {} : { status: word.status }),
  };
}
