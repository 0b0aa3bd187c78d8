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

/**
 * The word saves on their way, each from its tap until its save answered: a mark-known waits for them, so a
 * word just looked up stays learning.
 */
const savesInFlight = new Set<Promise<unknown>>();

/** Resolves once every word save started so far has answered, whether it succeeded or not. */
export async function wordSavesSettled(): Promise<void> {
  await Promise.allSettled([...savesInFlight]);
}

/** Counts `saving` among the saves in flight until it settles. */
function inFlight<T>(saving: Promise<T>): Promise<T> {
  savesInFlight.add(saving);
  void saving.finally(() => savesInFlight.delete(saving)).catch(() => undefined);
  return saving;
}

/**
 * Looks a tapped word up in the dictionary and saves it to the learner's words (a save is attempted after
 * every lookup, whatever its answer: spec/learner.md §4). Only the latest tap is shown: an answer that arrives
 * after the learner tapped another word, or closed the panel, is not shown, but the word is saved all the same.
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
      const lookingUp = queryClient
        .fetchQuery({
          queryKey: queryKeys.lookup(language, word, byLemma),
          queryFn: ({ signal }) => fetchLookup({ language, storyId, word, lemma: byLemma }, signal),
          staleTime: LOOKUP_STALE_MS,
          retry: false,
        })
        .then(
          (result): WordLookup =>
            result.found
              ? { status: 'found', word, analysis, result, saved: false }
              : { status: 'not_found', word, analysis, saved: false },
          (error: unknown): WordLookup => ({ ...failure(word, error), analysis }),
        );
      // The save follows the lookup whatever becomes of the panel, and counts as in flight from the tap: the
      // reader shows the word learning at once, so closing the panel or tapping on must not lose it, and a
      // Mark as Read right after waits for it (seen in CI: a lookup slower than the learner's Escape).
      const saving = inFlight(
        lookingUp.then(() => saveWord(owner, { word, language, storyId, chapterId, analysis })),
      );
      const looked = await lookingUp;
      if (controller.signal.aborted) return;
      setState(looked);
      if (!(await saving)) return;
      setState((current) => (current === looked ? { ...looked, saved: true } : current));
      void queryClient.invalidateQueries({ queryKey: queryKeys.words() });
    },
    [queryClient, owner, language, storyId, chapterId],
  );

  const close = useCallback(() => {
    latest.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, lookUp, close };
}

/**
 * Saves a looked-up word to the learner's words: true once saved (or waiting in the outbox, offline: issue 24),
 * false when the server refused it. Never cancelled; a failed save only leaves the confirmation out.
 */
async function saveWord(
  owner: string,
  tap: LookupPlace & { word: string; analysis: WordAnalysis | undefined },
): Promise<boolean> {
  const { word, language, storyId, chapterId, analysis } = tap;
  // The term's dictionary form rides along, so the server makes the term the reader shows learning.
  const dictionaryForm = analysis?.lemma ?? analysis?.term;
  try {
    await perform(owner, 'save-word', {
      body: {
        word,
        language,
        story: storyId,
        chapter: chapterId,
        ...(dictionaryForm ? { lemma: dictionaryForm } : {}),
        ...(analysis?.sentence ? { sentence: analysis.sentence } : {}),
      },
    });
    return true;
  } catch {
    return false;
  }
}
