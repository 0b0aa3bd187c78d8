import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { lengthCategory, wordCount } from '#common/stories.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/Tabs.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { useLeaveGuard } from '#web/lib/useLeaveGuard.ts';
import { ADMIN_KEYS, chaptersQuery, storyQuery, useAdminLanguages } from '../queries.ts';
import { ChapterEditor } from './ChapterEditor.tsx';
import { ChapterList } from './ChapterList.tsx';
import {
  canRemoveChapter,
  type Draft,
  type DraftAction,
  draftFromServer,
  LAST_CHAPTER,
  reduceDraft,
} from './draft.ts';
import { MetadataTab } from './MetadataTab.tsx';
import { SaveFailed, type SaveProgress, saveDraft } from './save.ts';

type EditorTab = 'metadata' | 'content';
type EditorAction = DraftAction | { type: 'load'; draft: Draft };

function editorReducer(draft: Draft | undefined, action: EditorAction): Draft | undefined {
  if (action.type === 'load') return action.draft;
  return draft && reduceDraft(draft, action);
}

/** A key for a new chapter, unique enough to tell a retried create from a new one. */
function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The story editor (admin.md §2, §4): loads the story, its chapters and the languages, keeps every change in
 * a draft until Save, and saves it in order (save.ts). Leaving with unsaved changes asks first.
 */
export function StoryEditor({ storyId }: { storyId: number }) {
  const story = useQuery({ ...storyQuery(storyId), staleTime: Number.POSITIVE_INFINITY });
  const chapters = useQuery({ ...chaptersQuery(storyId), staleTime: Number.POSITIVE_INFINITY });
  const [draft, dispatch] = useReducer(editorReducer, undefined);

  useEffect(() => {
    if (draft === undefined && story.data && chapters.data) {
      dispatch({ type: 'load', draft: draftFromServer(story.data, chapters.data) });
    }
  }, [draft, story.data, chapters.data]);

  const loadError = story.error ?? chapters.error;
  useEffect(() => {
    if (loadError) console.warn('The story editor could not load the story.', loadError);
  }, [loadError]);

  if (loadError) return <LoadFailed error={loadError} />;
  if (!draft) return <ScreenSpinner label="Loading story..." />;
  return <LoadedEditor draft={draft} dispatch={dispatch} />;
}

function LoadedEditor({ draft, dispatch }: { draft: Draft; dispatch: (action: EditorAction) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const storyId = draft.saved.story.id;
  const languages = useAdminLanguages();
  const [tab, setTab] = useState<EditorTab>('metadata');
  const [isSaving, setIsSaving] = useState(false);
  const [progress, setProgress] = useState<SaveProgress>();
  const [problem, setProblem] = useState<string>();
  const [isCompressing, setIsCompressing] = useState(false);
  const [isDeletingStory, setIsDeletingStory] = useState(false);
  const [chapterToRemove, setChapterToRemove] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const guard = useLeaveGuard(draft.isDirty);

  // "Story saved." describes the last save; the next change makes it untrue.
  useEffect(() => {
    if (draft.isDirty) setNotice(undefined);
  }, [draft.isDirty]);

  const heading = draft.fields.title.trim() || 'Edit Story';
  useDocumentTitle(`${heading} · Admin · Catamaran`);

  // Words are counted by the rule of the language chosen in the draft, as the server will count them.
  const languageCode = languages.data?.find(
    (language) => String(language.id) === draft.fields.languageId,
  )?.code;
  const counts = useMemo(
    () => new Map(draft.chapters.map((chapter) => [chapter.key, wordCount(chapter.content, languageCode)])),
    [draft.chapters, languageCode],
  );
  const totalWords = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const selected = draft.chapters.find((chapter) => chapter.key === draft.selectedKey);

  async function handleSave() {
    setIsSaving(true);
    setProblem(undefined);
    setNotice(undefined);
    try {
      const saved = await saveDraft(draft, dispatch, setProgress);
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
      setNotice('Story saved.');
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stories, exact: true });
    } catch (error) {
      setProblem(error instanceof SaveFailed ? error.message : apiErrorText(error, 'Failed to save story'));
      if (error instanceof SaveFailed && error.chapterKey) {
        dispatch({ type: 'select-chapter', key: error.chapterKey });
        setTab('content');
      }
    } finally {
      setIsSaving(false);
      setProgress(undefined);
    }
  }

  function handleRemoveChapter(key: string) {
    if (isSaving) return;
    if (!canRemoveChapter(draft)) {
      setNotice(undefined);
      setProblem(LAST_CHAPTER);
      return;
    }
    setChapterToRemove(key);
  }

  async function handleDeleteStory() {
    await api(`/api/admin/stories/${storyId}/`, { method: 'DELETE' });
    queryClient.removeQueries({ queryKey: ADMIN_KEYS.story(storyId) });
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stories, exact: true });
    // Deleted: nothing is left to lose, so no question on the way out (admin.md §4: back to /admin).
    void navigate(CLIENT_ROUTES.admin);
  }

  const removing = draft.chapters.find((chapter) => chapter.key === chapterToRemove);
  const isBusy = isSaving;

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-3 sm:gap-3 sm:px-6">
          <Button asChild variant="outline" className="-ml-1 px-3 sm:px-4">
            <Link
              to={CLIENT_ROUTES.admin}
              onClick={(event) => {
                event.preventDefault();
                guard.leaveTo(CLIENT_ROUTES.admin);
              }}
            >
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Stories
            </Link>
          </Button>
          <div className="ml-auto flex items-center gap-2">
            <Button
              variant="outline"
              onClick={() => setIsDeletingStory(true)}
              disabled={isBusy}
              className="px-3 text-red-700 hover:bg-red-50 hover:text-red-800 sm:px-4"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {/* On a phone the bin alone, so the header keeps to one line; its name stays "Delete". */}
              <span className="sr-only sm:not-sr-only">Delete</span>
            </Button>
            <Button
              onClick={() => void handleSave()}
              disabled={!draft.isDirty || isCompressing}
              loading={isSaving}
              className="px-3 sm:px-4"
            >
              {isSaving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {heading}
          </h1>
          {draft.isDirty ? <Badge variant="amber">Unsaved changes</Badge> : null}
        </div>
        {problem ? <InlineAlert message={problem} /> : null}
        <p aria-live="polite" className={notice ? 'text-base font-medium text-emerald-800' : 'sr-only'}>
          {notice}
        </p>
        <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
          <TabsList aria-label="Story sections" className="self-start">
            <TabsTrigger value="metadata">Metadata</TabsTrigger>
            <TabsTrigger value="content">Content</TabsTrigger>
          </TabsList>
          <TabsContent value="metadata" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
            <MetadataTab
              fields={draft.fields}
              cover={draft.cover}
              wordCount={totalWords}
              lengthCategory={lengthCategory(totalWords)}
              onFieldsChange={(patch) => dispatch({ type: 'edit-story', patch })}
              onCoverPick={(file) => dispatch({ type: 'pick-cover', file })}
              onCoverRemove={() => dispatch({ type: 'remove-cover' })}
              onCompressingChange={setIsCompressing}
              disabled={isBusy}
            />
          </TabsContent>
          <TabsContent value="content">
            <div className="grid gap-6 md:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)]">
              <div className="md:sticky md:top-24 md:self-start">
                <ChapterList
                  chapters={draft.chapters.map((chapter) => ({
                    key: chapter.key,
                    title: chapter.title,
                    wordCount: counts.get(chapter.key) ?? 0,
                    isUnsaved: chapter.id === undefined,
                  }))}
                  selectedKey={draft.selectedKey}
                  onSelect={(key) => dispatch({ type: 'select-chapter', key })}
                  onAdd={() => dispatch({ type: 'add-chapter', clientKey: newClientKey() })}
                  onRemove={handleRemoveChapter}
                  onMove={(key, toIndex) => dispatch({ type: 'move-chapter', key, toIndex })}
                  disabled={isBusy}
                />
              </div>
              <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
                {selected ? (
                  <ChapterEditor
                    key={selected.key}
                    chapter={selected}
                    wordCount={counts.get(selected.key) ?? 0}
                    onChange={(patch) => dispatch({ type: 'edit-chapter', key: selected.key, patch })}
                    onPendingAudioChange={(pending) =>
                      dispatch({ type: 'set-pending-audio', key: selected.key, pending })
                    }
                    onRemoveAudio={() => dispatch({ type: 'remove-audio', key: selected.key })}
                    isUploadingAudio={progress?.step === 'audio' && progress.chapterKey === selected.key}
                    disabled={isBusy}
                  />
                ) : (
                  <p className="py-8 text-center text-base text-slate-600">
                    No chapters yet. Add your first chapter!
                  </p>
                )}
              </div>
            </div>
          </TabsContent>
        </Tabs>
      </main>

      {isDeletingStory ? (
        <ConfirmDeleteDialog
          title="Delete Story"
          description={`Are you sure you want to delete "${draft.saved.story.title}"? This action cannot be undone and will delete all chapters.`}
          fallback="Failed to delete story"
          onConfirm={handleDeleteStory}
          onClose={() => setIsDeletingStory(false)}
        />
      ) : null}
      {removing ? (
        <ConfirmDeleteDialog
          title="Delete Chapter"
          description={`Are you sure you want to delete "${removing.title || 'Untitled chapter'}"? It is removed from the story when you save.`}
          fallback="Failed to delete chapter"
          onConfirm={async () => dispatch({ type: 'remove-chapter', key: removing.key })}
          onClose={() => setChapterToRemove(undefined)}
        />
      ) : null}
      <LeaveDialog isOpen={guard.isAsking} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}

function LeaveDialog({
  isOpen,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
    >
      <DialogContent
        title="Leave without saving?"
        description="This story has changes that are not saved. If you leave now, they are lost."
      >
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            Stay
          </Button>
          <Button variant="danger" onClick={onLeave}>
            Leave without saving
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LoadFailed({ error }: { error: Error }) {
  const message =
    error instanceof ApiError && error.status === 404
      ? 'Story not found'
      : apiErrorText(error, 'Failed to load data');
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-4 px-4">
      <InlineAlert message={message} />
      <Button asChild variant="outline" className="self-start">
        <Link to={CLIENT_ROUTES.admin}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Back to Stories
        </Link>
      </Button>
    </main>
  );
}
