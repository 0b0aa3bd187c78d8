import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pluralForm } from '#common/plural.ts';
import { failureText } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { chaptersQuery, storyQuery } from '../queries.ts';
import { type Draft, type DraftAction, draftFromServer } from './draft.ts';
import { SaveFailed, type SaveProgress, saveDraft } from './save.ts';

export type EditorAction = DraftAction | { type: 'load'; draft: Draft };

/**
 * Save in the story editor (admin.md §4): saves the draft step by step (save.ts), then loads the story afresh
 * so the draft is what the server holds. A failure about one chapter selects it and shows the Content tab.
 */
export function useSaveStory(
  draft: Draft,
  dispatch: (action: EditorAction) => void,
  onChapterProblem: () => void,
) {
  const queryClient = useQueryClient();
  const storyId = draft.saved.story.id;
  const [isSaving, setIsSaving] = useState(false);
  const [progress, setProgress] = useState<SaveProgress>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [warning, setWarning] = useState<string>();

  // "Story saved." describes the last save; the next change makes it untrue.
  useEffect(() => {
    if (draft.isDirty) {
      setNotice(undefined);
      setWarning(undefined);
    }
  }, [draft.isDirty]);

  /** Loads the saved story afresh, keeping the chapter that was selected. */
  async function reload(saved: Draft) {
    const selectedId = saved.chapters.find((chapter) => chapter.key === saved.selectedKey)?.id;
    try {
      const [story, chapters] = await Promise.all([
        queryClient.fetchQuery({ ...storyQuery(storyId), staleTime: 0 }),
        queryClient.fetchQuery({ ...chaptersQuery(storyId), staleTime: 0 }),
      ]);
      const fresh = draftFromServer(story, chapters);
      const selectedKey = selectedId === undefined ? fresh.selectedKey : `saved-${selectedId}`;
      dispatch({ type: 'load', draft: { ...fresh, selectedKey } });
    } catch (error) {
      // Everything is saved; only the fresh copy is missing, so the draft stands as saved.
      console.warn('The story was saved but could not be reloaded.', error);
      dispatch({ type: 'load', draft: { ...saved, isDirty: false } });
    }
  }

  async function handleSave() {
    setIsSaving(true);
    setProblem(undefined);
    setNotice(undefined);
    setWarning(undefined);
    // Chapters whose read-along timings the save dropped, as their text or audio changed (issue 23).
    const dropped: string[] = [];
    const report = (action: DraftAction) => {
      if (action.type === 'chapter-saved' && action.chapter.read_along_dropped) {
        dropped.push(`Chapter ${action.chapter.chapter_number}`);
      }
      dispatch(action);
    };
    try {
      await reload(await saveDraft(draft, report, setProgress));
      setNotice('Story saved.');
      if (dropped.length > 0) setWarning(timingsDroppedText(dropped));
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStories(), exact: true });
      if (dropped.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.adminReadAlongAll() });
    } catch (error) {
      setProblem(error instanceof SaveFailed ? error.message : failureText(error, 'Failed to save story'));
      if (error instanceof SaveFailed && error.chapterKey) {
        dispatch({ type: 'select-chapter', key: error.chapterKey });
        onChapterProblem();
      }
    } finally {
      setIsSaving(false);
      setProgress(undefined);
    }
  }

  return { isSaving, progress, problem, setProblem, notice, setNotice, warning, handleSave };
}

/** The warning when a save dropped read-along timings: they would time another text or recording. */
export function timingsDroppedText(chapters: readonly string[]): string {
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(chapters);
  const them = pluralForm(chapters.length, { one: 'it', other: 'them' });
  return `The read-along timings of ${names} were removed because the text or audio changed: time ${them} again.`;
}
