import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { countWords } from '#common/endpoints/stories.ts';
import { ANALYSED_LANGUAGE_CODES, MAX_LIVE_COUNT_CHARACTERS, wordCount } from '#common/stories.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useAdminLanguages } from '../queries.ts';
import type { Draft, DraftChapter } from './draft.ts';

/** How long the text rests before the server counts it again. */
const SETTLE_MS = 400;

export interface WordCounts {
  /** Each chapter's words, by its key. */
  counts: ReadonlyMap<string, number>;
  /** The chapters whose count is the browser's estimate until the save counts them (ja, zh only). */
  estimated: ReadonlySet<string>;
}

/** The value as it was when it last rested for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Each chapter's word count as the server will count it. A language written with spaces is counted here, by the
 * rule the server shares (common/stories.ts). Japanese and Chinese are counted by the server's analyser (issue
 * 21), which the browser lacks: a chapter as saved has its saved count; the one being edited is counted by the
 * server once the text rests (POST /api/admin/word-count/), the last count showing meanwhile; another edited
 * chapter, a text too long to count as one types, or a count that failed shows the browser's estimate, marked
 * as such.
 */
export function useWordCounts(draft: Draft): WordCounts {
  const languages = useAdminLanguages();
  const languageCode = languages.data?.find(
    (language) => String(language.id) === draft.fields.languageId,
  )?.code;
  const analysed = languageCode !== undefined && ANALYSED_LANGUAGE_CODES.includes(languageCode);
  const savedLanguage = draft.saved.story.language.code;

  /** The saved count of a chapter whose text and language are as saved. */
  const savedCount = (chapter: DraftChapter) => {
    const saved = chapter.id === undefined ? undefined : draft.saved.chapters.get(chapter.id);
    return saved && saved.content === chapter.content && savedLanguage === languageCode
      ? saved.word_count
      : undefined;
  };

  const settled = useSettled(draft.chapters, SETTLE_MS);
  // Only the chapter being edited is counted live: each count is an analysis on the server's thread.
  const toCount = analysed
    ? settled.filter(
        (chapter) =>
          chapter.key === draft.selectedKey &&
          savedCount(chapter) === undefined &&
          chapter.content.length <= MAX_LIVE_COUNT_CHARACTERS,
      )
    : [];
  const answers = useQueries({
    queries: toCount.map((chapter) => ({
      queryKey: queryKeys.wordCount(languageCode ?? '', chapter.content),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(countWords, { body: { language: languageCode ?? '', content: chapter.content }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      placeholderData: keepPreviousData,
    })),
  });
  const serverCounts = new Map<string, number>();
  toCount.forEach((chapter, index) => {
    const count = answers[index]?.data?.word_count;
    if (count !== undefined) serverCounts.set(chapter.key, count);
  });
  const serverKey = [...serverCounts].join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: serverKey stands for serverCounts' content
  return useMemo(() => {
    const counts = new Map<string, number>();
    const estimated = new Set<string>();
    for (const chapter of draft.chapters) {
      const exact = analysed ? (savedCount(chapter) ?? serverCounts.get(chapter.key)) : undefined;
      if (exact === undefined && analysed) estimated.add(chapter.key);
      counts.set(chapter.key, exact ?? wordCount(chapter.content, languageCode));
    }
    return { counts, estimated };
  }, [draft.chapters, draft.saved, analysed, languageCode, serverKey]);
}
