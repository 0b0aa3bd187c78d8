import type { ReaderChapter } from '#common/schemas/reading.ts';
import type { TermStatuses } from './termStatuses.ts';
import { chapterWordSpans, wordText } from './text.ts';

/**
 * The chapter's terms the learner has no status of: what 'mark the remaining new words as known' makes known,
 * worked out here when the server cannot be asked (offline: issue 24), from the reader's own words.
 */
export function newTermsOf(chapter: ReaderChapter, statuses: TermStatuses): string[] {
  const terms = new Set<string>();
  for (const span of chapterWordSpans(chapter)) {
    const term = statuses.termOf(wordText(span));
    if (term && !statuses.statusOf(term)) terms.add(term);
  }
  return [...terms].sort();
}
