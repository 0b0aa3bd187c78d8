import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_CUE_FILE_BYTES } from '#common/cues.ts';
import { deleteReadAlong, getReadAlong, previewReadAlong, saveReadAlong } from '#common/endpoints/stories.ts';
import type { ReadAlongPreview, ReadAlongTimings } from '#common/schemas/readAlong.ts';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

export const TIMINGS_TEXT = {
  tooBig: 'The file is over 1 MB: a chapter’s timings fit in far less.',
  empty: 'The file is empty.',
  saved: 'Timings saved: learners now see each sentence as it is read.',
  removed: 'Timings removed.',
} as const;

/** What the review holds: the sentences, the starts being edited, and the file's report if one was read. */
export interface Review {
  fingerprint: string;
  sentences: ReadAlongTimings['sentences'];
  starts: (number | null)[];
  report?: ReadAlongPreview;
}

export type TimingsMode = 'idle' | 'tapping' | 'review';

/**
 * A chapter's timings in the editor: the saved ones, and the steps from a file or taps to a save, each step's
 * failure kept as a sentence. Nothing is saved before Save.
 */
export function useTimings(chapterId: number) {
  const [mode, setMode] = useState<TimingsMode>('idle');
  const [review, setReview] = useState<Review>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const { saved, preview, save, remove } = useTimingsRequests(chapterId);

  const begin = (next: Review, nextMode: TimingsMode) => {
    setProblem(undefined);
    setNotice(undefined);
    setReview(next);
    setMode(nextMode);
  };

  /** Reads a picked file and matches it on the server; its report opens the review. */
  async function readFile(file: File) {
    setNotice(undefined);
    if (file.size === 0) return setProblem(TIMINGS_TEXT.empty);
    if (file.size > MAX_CUE_FILE_BYTES) return setProblem(TIMINGS_TEXT.tooBig);
    try {
      const report = await preview.mutateAsync(await file.text());
      const starts = report.sentences.map((sentence) => sentence.start);
      begin({ fingerprint: report.fingerprint, sentences: report.sentences, starts, report }, 'review');
    } catch (error) {
      setProblem(failureText(error, 'The file could not be read. Please try again.'));
    }
  }

  async function saveReview() {
    if (!review) return;
    setProblem(undefined);
    try {
      await save.mutateAsync(review);
      setMode('idle');
      setReview(undefined);
      setNotice(TIMINGS_TEXT.saved);
    } catch (error) {
      setProblem(failureText(error, 'The timings could not be saved. Please try again.'));
    }
  }

  async function removeSaved() {
    setProblem(undefined);
    try {
      await remove.mutateAsync();
      setNotice(TIMINGS_TEXT.removed);
    } catch (error) {
      setProblem(failureText(error, 'The timings could not be removed. Please try again.'));
    }
  }

  return {
    saved,
    mode,
    setMode,
    review,
    setReview,
    begin,
    readFile,
    saveReview,
    removeSaved,
    problem,
    notice,
    isReading: preview.isPending,
    isSaving: save.isPending,
    isRemoving: remove.isPending,
  };
}

/** The saved timings, and the requests that match a file, save and remove them. */
function useTimingsRequests(chapterId: number) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: queryKeys.adminReadAlong(chapterId),
    queryFn: ({ signal }) => call(getReadAlong, { params: { id: chapterId }, signal }),
  });
  const preview = useMutation({
    mutationFn: (cues: string) => call(previewReadAlong, { params: { id: chapterId }, body: { cues } }),
  });
  const save = useMutation({
    mutationFn: (input: Review) =>
      call(saveReadAlong, {
        params: { id: chapterId },
        body: { fingerprint: input.fingerprint, starts: input.starts },
      }),
    onSuccess: (timings) => queryClient.setQueryData(queryKeys.adminReadAlong(chapterId), timings),
  });
  const remove = useMutation({
    mutationFn: () => call(deleteReadAlong, { params: { id: chapterId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminReadAlong(chapterId) }),
  });
  return { saved, preview, save, remove };
}
