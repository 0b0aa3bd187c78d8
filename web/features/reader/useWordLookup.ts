import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { stripLookupPunctuation } from '#common/dictionary.ts';
import { lookUpWord } from '#common/endpoints/dictionary.ts';
import type { LookupResult } from '#common/schemas/dictionary.ts';
import { offlineLookup } from '#web/features/offline/downloads.ts';
import { perform } from '#web/features/offline/sync.ts';
import { useDownloadOwner } from '#web/features/offline/useDownloads.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/**
 * What the server's analysis says of a tapped word (issue 21: Japanese, Chinese): its dictionary form, its
 * reading (kana, pinyin) and its part of speech.
 */
export interface WordAnalysis {
  lemma?: string | undefined;
  reading?: string | undefined;
  partOfSpeech?: string | undefined;
  /** The word's term (issue 22): its dictionary form's key where the chapter names one. */
  term?: string | undefined;
  /** The sentence it was tapped in, kept with the saved word the first time (issue 22). */
  sentence?: string | undefined;
}

/** The word panel's states (spec/learner.md §4): loading, then found, not found, or error. */
export type WordLookup =
  | { status: 'idle' }
  | ({ word: string; analysis?: WordAnalysis | undefined } & (
      | { status: 'loading' }
      | { status: 'found'; result: LookupResult; saved: boolean }
      | { status: 'not_found'; saved: boolean }
      | { status: 'error'; message: string; network: boolean; saved: boolean }
    ));

/** Where a lookup happens: the text's language, and the story and chapter the word is saved with. */
export interface LookupPlace {
  language: string;
  storyId: number;
  chapterId: number;
}

/** The sentences of a failed lookup (spec/learner.md §8). */
export const LOOKUP_FAILED = 'Failed to fetch translation';
export const LOOKUP_NETWORK_FAILED = 'Failed to load translation';

// An answer of the dictionary does not change while a learner reads: a word tapped again shows at once.
const LOOKUP_STALE_MS = 10 * 60_000;

function failure(word: string, error: unknown): WordLookup & { status: 'error' } {
  if (error instanceof ApiError && error.status !== 0) {
    return {
      status: 'error',
      word,
      message: error.isServerMessage ? error.message : LOOKUP_FAILED,
      network: false,
      saved: false,
    };
  }
  return { status: 'error', word, message: LOOKUP_NETWORK_FAILED, network: true, saved: false };
}

/**
 * The dictionary's answer for a tap; without a network, the answer saved with the story's download (issue 24),
 * if the learner downloaded it.
 */
async function fetchLookup(
  tap: { language: string; storyId: number; word: string; lemma: string | undefined },
  signal: AbortSignal,
): Promise<LookupResult> {
  const { language, storyId, word, lemma } = tap;
  try {
    return await call(lookUpWord, {
      query: lemma ? { language, surface: word, lemma } : { language, surface: word },
      signal,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 0)) throw error;
    const saved = await offlineLookup(storyId, word, lemma);
    if (!saved) throw error;
    return saved;
  }
}

/** The word saves on their way: a mark-known waits for them, so a word just looked up stays learning. */
const savesInFlight = new Set<Promise<unknown>>();

/** Resolves once every word save started so far has answered, whether it succeeded or not. */
export async function wordSavesSettled(): Promise<void> {
  await Promise.allSettled([...savesInFlight]);
}

/**
 * Looks a tapped word up in the dictionary and saves it to the learner's words (a save is attempted after
 * every lookup, whatever its answer: spec/learner.md §4). Only the latest tap is shown: an answer that arrives
 * after the learner tapped another word is dropped.
 */
export function useWordLookup(place: LookupPlace) {
  const queryClient = useQueryClient();
  const owner = useDownloadOwner();
  const [state, setState] = useState<WordLookup>({ status: 'idle' });
  const latest = useRef<AbortController | undefined>(undefined);
  const { language, storyId, chapterId } = place;

  useEffect(() => () => latest.current?.abort(), []);

  const lookUp = useCallback(
    /**
     * `analysis`: what the server found of the word; its dictionary form (食べる for 食べました) is asked
     * first, and the panel shows its reading and part of speech.
     */
    async (tapped: string, analysis?: WordAnalysis) => {
      const word = stripLookupPunctuation(tapped);
      if (word === '') return;
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      const lemma = analysis?.lemma;
      setState({ status: 'loading', word, analysis });

      // The dictionary form, if the analysis found one, is looked up first, in the same request (issue 21).
      const byLemma = lemma && lemma !== word ? lemma : undefined;
      let looked: WordLookup;
      try {
        const result = await queryClient.fetchQuery({
          queryKey: queryKeys.lookup(language, word, byLemma),
          queryFn: ({ signal }) => fetchLookup({ language, storyId, word, lemma: byLemma }, signal),
          staleTime: LOOKUP_STALE_MS,
          retry: false,
        });
        looked = result.found
          ? { status: 'found', word, analysis, result, saved: false }
          : { status: 'not_found', word, analysis, saved: false };
      } catch (error) {
        if (controller.signal.aborted) return;
        looked = { ...failure(word, error), analysis };
      }
      if (controller.signal.aborted) return;
      setState(looked);

      try {
        // The term's dictionary form rides along, so the server makes the term the reader shows learning.
        const dictionaryForm = lemma ?? analysis?.term;
        // Never cancelled: closing the panel or tapping the next word must not lose this one (every looked-up
        // word is saved, learner.md; its status is already shown as learning). Only the confirmation waits on it.
        // Through the outbox (issue 24): offline, the save waits there, and counts as saved.
        const saving = perform(owner, 'save-word', {
          body: {
            word,
            language,
            story: storyId,
            chapter: chapterId,
            ...(dictionaryForm ? { lemma: dictionaryForm } : {}),
            ...(analysis?.sentence ? { sentence: analysis.sentence } : {}),
          },
        });
        savesInFlight.add(saving);
        await saving.finally(() => savesInFlight.delete(saving));
        setState((current) => (current === looked ? { ...looked, saved: true } : current));
        void queryClient.invalidateQueries({ queryKey: queryKeys.words() });
      } catch {
        // A failed save only leaves the confirmation out; the translation stays on screen.
      }
    },
    [queryClient, owner, language, storyId, chapterId],
  );

  const close = useCallback(() => {
    latest.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, lookUp, close };
}
