import type { SavedWord } from '#common/schemas/reading.ts';
import type { ListedWord } from './list.ts';
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

/** A saved word as /words lists it (issue 22): the specification's fields, then term, status, meaning, sentence. */
export function presentListedWord(word: ListedWord): SavedWord {
  return {
    id: word.id,
    word: word.word,
    language: word.language,
    occurrences: word.occurrences,
    last_seen_at: word.lastSeenAt.toISOString(),
    term: word.term,
    status: word.status,
    meaning: word.meaning,
    sentence: word.sentence,
    first_seen_at: word.firstSeenAt.toISOString(),
  };
}
