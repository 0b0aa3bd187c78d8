import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deleteStory } from '#common/endpoints/stories.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { AdminStory } from '#common/schemas/stories.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/Tabs.tsx';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { useLeaveGuard } from '#web/lib/useLeaveGuard.ts';
import { chaptersQuery, storyQuery } from '../queries.ts';
import { ChapterEditor } from './ChapterEditor.tsx';
import { ChapterList } from './ChapterList.tsx';
import {
  canRemoveChapter,
  type Draft,
  type DraftChapter,
  draftFromServer,
  LAST_CHAPTER,
  reduceDraft,
} from './draft.ts';
import { MetadataTab } from './MetadataTab.tsx';
import type { SaveProgress } from './save.ts';
import { type EditorAction, useSaveStory } from './useSaveStory.ts';
import { useWordCounts, type WordCounts } from './useWordCounts.ts';

type EditorTab = 'metadata' | 'content';

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
  const [tab, setTab] = useState<EditorTab>('metadata');
  const [isCompressing, setIsCompressing] = useState(false);
  const [isDeletingStory, setIsDeletingStory] = useState(false);
  const [chapterToRemove, setChapterToRemove] = useState<string>();
  const guard = useLeaveGuard(draft.isDirty);
  const save = useSaveStory(draft, dispatch, () => setTab('content'));
  const counts = useWordCounts(draft);
  const isBusy = save.isSaving;

  function handleRemoveChapter(key: string) {
    if (save.isSaving) return;
    if (!canRemoveChapter(draft)) {
      save.setNotice(undefined);
      save.setProblem(LAST_CHAPTER);
      return;
    }
    setChapterToRemove(key);
  }

  const removing = draft.chapters.find((chapter) => chapter.key === chapterToRemove);

  return (
    <div className="min-h-dvh bg-slate-50">
      <EditorHeader
        onBack={() => guard.leaveTo(CLIENT_ROUTES.admin)}
        onDelete={() => setIsDeletingStory(true)}
        onSave={() => void save.handleSave()}
        isSaving={save.isSaving}
        canSave={draft.isDirty && !isCompressing}
      />

      <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <EditorStatus title={draft.fields.title} isDirty={draft.isDirty} save={save} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
          <TabsList aria-label="Story sections" className="self-start">
            <TabsTrigger value="metadata">Metadata</TabsTrigger>
            <TabsTrigger value="content">Content</TabsTrigger>
          </TabsList>
          <TabsContent value="metadata" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
            <MetadataTab
              fields={draft.fields}
              cover={draft.cover}
              wordCount={[...counts.counts.values()].reduce((sum, count) => sum + count, 0)}
              onFieldsChange={(patch) => dispatch({ type: 'edit-story', patch })}
              onCoverPick={(file) => dispatch({ type: 'pick-cover', file })}
              onCoverRemove={() => dispatch({ type: 'remove-cover' })}
              onCompressingChange={setIsCompressing}
              disabled={isBusy}
            />
          </TabsContent>
          <TabsContent value="content">
            <ContentTab
              draft={draft}
              dispatch={dispatch}
              counts={counts}
              progress={save.progress}
              onRemove={handleRemoveChapter}
              disabled={isBusy}
            />
          </TabsContent>
        </Tabs>
      </main>

      {isDeletingStory ? (
        <ConfirmDeleteStory story={draft.saved.story} onClose={() => setIsDeletingStory(false)} />
      ) : null}
      {removing ? (
        <ConfirmRemoveChapter
          chapter={removing}
          dispatch={dispatch}
          onClose={() => setChapterToRemove(undefined)}
        />
      ) : null}
      <LeaveDialog isOpen={guard.isAsking} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}

/** The story's title, whether it has unsaved changes, and what the last save came to. */
function EditorStatus({
  title,
  isDirty,
  save: { problem, notice, warning },
}: {
  title: string;
  isDirty: boolean;
  save: { problem: string | undefined; notice: string | undefined; warning?: string | undefined };
}) {
  const heading = title.trim() || 'Edit Story';
  useDocumentTitle(`${heading} · Admin · Catamaran`);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {heading}
        </h1>
        {isDirty ? <Badge variant="amber">Unsaved changes</Badge> : null}
      </div>
      {problem ? <InlineAlert message={problem} /> : null}
      <p aria-live="polite" className={notice ? 'text-base font-medium text-emerald-800' : 'sr-only'}>
        {notice}
      </p>
      {warning ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 px-4 py-3 text-base font-medium text-amber-950 ring-1 ring-amber-200 ring-inset"
        >
          {warning}
        </p>
      ) : null}
    </>
  );
}

/** Back to the stories (asking first when there are unsaved changes), Delete and Save. */
function EditorHeader({
  onBack,
  onDelete,
  onSave,
  isSaving,
  canSave,
}: {
  onBack: () => void;
  onDelete: () => void;
  onSave: () => void;
  isSaving: boolean;
  canSave: boolean;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-3 sm:gap-3 sm:px-6">
        <Button asChild variant="outline" className="-ml-1 px-3 sm:px-4">
          <Link
            to={CLIENT_ROUTES.admin}
            onClick={(event) => {
              event.preventDefault();
              onBack();
            }}
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Stories
          </Link>
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <Button
            variant="outline"
            onClick={onDelete}
            disabled={isSaving}
            className="px-3 text-red-700 hover:bg-red-50 hover:text-red-800 sm:px-4"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {/* On a phone the bin alone, so the header keeps to one line; its name stays "Delete". */}
            <span className="sr-only sm:not-sr-only">Delete</span>
          </Button>
          <Button onClick={onSave} disabled={!canSave} loading={isSaving} className="px-3 sm:px-4">
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </header>
  );
}

/** The Content tab: the chapters in order beside the one selected, in its editor. */
function ContentTab({
  draft,
  dispatch,
  counts,
  progress,
  onRemove,
  disabled,
}: {
  draft: Draft;
  dispatch: (action: EditorAction) => void;
  counts: WordCounts;
  progress: SaveProgress | undefined;
  onRemove: (key: string) => void;
  disabled: boolean;
}) {
  const selected = draft.chapters.find((chapter) => chapter.key === draft.selectedKey);
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)]">
      <div className="md:sticky md:top-24 md:self-start">
        <ChapterList
          chapters={draft.chapters.map((chapter, index) => ({
            key: chapter.key,
            number: index + 1,
            title: chapter.title,
            wordCount: counts.counts.get(chapter.key) ?? 0,
            isUnsaved: chapter.id === undefined,
          }))}
          selectedKey={draft.selectedKey}
          onSelect={(key) => dispatch({ type: 'select-chapter', key })}
          onAdd={() => dispatch({ type: 'add-chapter', clientKey: newClientKey() })}
          onRemove={onRemove}
          onMove={(key, toIndex) => dispatch({ type: 'move-chapter', key, toIndex })}
          disabled={disabled}
        />
      </div>
      <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        {selected ? (
          <ChapterEditor
            key={selected.key}
            chapter={selected}
            wordCount={counts.counts.get(selected.key) ?? 0}
            isEstimate={counts.estimated.has(selected.key)}
            onChange={(patch) => dispatch({ type: 'edit-chapter', key: selected.key, patch })}
            onPendingAudioChange={(pending) =>
              dispatch({ type: 'set-pending-audio', key: selected.key, pending })
            }
            onRemoveAudio={() => dispatch({ type: 'remove-audio', key: selected.key })}
            isUploadingAudio={progress?.step === 'audio' && progress.chapterKey === selected.key}
            saved={selected.id === undefined ? undefined : draft.saved.chapters.get(selected.id)}
            disabled={disabled}
          />
        ) : (
          <p className="py-8 text-center text-base text-slate-600">
            No chapters yet. Add your first chapter!
          </p>
        )}
      </div>
    </div>
  );
}

/** The question before a chapter leaves the draft; it is deleted on the server when the story is saved. */
function ConfirmRemoveChapter({
  chapter,
  dispatch,
  onClose,
}: {
  chapter: DraftChapter;
  dispatch: (action: EditorAction) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      title="Delete Chapter"
      description={`Are you sure you want to delete "${chapter.title || 'Untitled chapter'}"? It is removed from the story when you save.`}
      fallback="Failed to delete chapter"
      onConfirm={async () => dispatch({ type: 'remove-chapter', key: chapter.key })}
      onClose={onClose}
    />
  );
}

/** The question before the story goes, with its chapters; once gone, back to /admin (admin.md §4). */
function ConfirmDeleteStory({ story, onClose }: { story: AdminStory; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function handleDeleteStory() {
    await call(deleteStory, { params: { id: story.id } });
    queryClient.removeQueries({ queryKey: queryKeys.adminStory(story.id) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminStories(), exact: true });
    // Deleted: nothing is left to lose, so no question on the way out (admin.md §4: back to /admin).
    void navigate(CLIENT_ROUTES.admin);
  }

  return (
    <ConfirmDeleteDialog
      title="Delete Story"
      description={`Are you sure you want to delete "${story.title}"? This action cannot be undone and will delete all chapters.`}
      fallback="Failed to delete story"
      onConfirm={handleDeleteStory}
      onClose={onClose}
    />
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
      : failureText(error, 'Failed to load data');
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
