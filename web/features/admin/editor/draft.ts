import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import type { StoryFields } from '../stories/storyFields.ts';
import type { PendingAudio } from './audio/ChapterAudio.tsx';

/**
 * The story editor's working copy (admin.md §2, §4): the story's fields, its cover, its chapters in the new
 * order, the chapters to delete, and what the server holds, so a save sends only what differs and a save that
 * failed half-way knows what is already done. Every change goes through `reduceDraft`, a pure function.
 */
export interface Draft {
  fields: StoryFields;
  cover: CoverDraft;
  chapters: DraftChapter[];
  /** Saved chapters the admin deleted, deleted on the server when the story is saved. */
  deletedIds: number[];
  selectedKey: string | undefined;
  /** The unsaved-changes flag: set by any edit, cleared only by a successful save (admin.md §4). */
  isDirty: boolean;
  saved: SavedState;
}

export interface CoverDraft {
  /** The cover's URL: the saved one, or one uploaded by a save that then failed; null for none. */
  url: string | null;
  /** A compressed image waiting to be uploaded by the next save. */
  pending: File | undefined;
}

export interface DraftChapter {
  /** Stable while editing: `saved-{id}` for a saved chapter, the client key for a new one. */
  key: string;
  id: number | undefined;
  /** Sent when the chapter is created, so a retried save never makes it twice. */
  clientKey: string;
  title: string;
  content: string;
  generationPrompt: string | null;
  audioUrl: string | null;
  audioDurationSeconds: number | null;
  /** A picked file or a recording, uploaded by the next save. */
  pendingAudio: PendingAudio | undefined;
}

/** What the server holds, as far as this editor knows: the story, its chapters, and their order. */
export interface SavedState {
  story: AdminStory;
  chapters: ReadonlyMap<number, AdminChapter>;
  order: readonly number[];
}

export type DraftAction =
  | { type: 'edit-story'; patch: Partial<StoryFields> }
  /** A compressed image to upload with the next save; undefined drops the one picked. */
  | { type: 'pick-cover'; file: File | undefined }
  | { type: 'remove-cover' }
  | { type: 'add-chapter'; clientKey: string }
  | { type: 'remove-chapter'; key: string }
  | { type: 'move-chapter'; key: string; toIndex: number }
  | { type: 'select-chapter'; key: string }
  | { type: 'edit-chapter'; key: string; patch: Partial<Pick<DraftChapter, 'title' | 'content'>> }
  | { type: 'set-pending-audio'; key: string; pending: PendingAudio | undefined }
  | { type: 'remove-audio'; key: string }
  // What a save reports as each step succeeds; none of them touches the unsaved-changes flag.
  | { type: 'cover-uploaded'; url: string }
  | { type: 'story-saved'; story: AdminStory }
  | { type: 'audio-uploaded'; key: string; url: string; durationSeconds: number | null }
  | { type: 'chapter-saved'; key: string; chapter: AdminChapter }
  | { type: 'chapter-deleted'; id: number };

export const LAST_CHAPTER = 'Cannot delete the last chapter';

/** A fresh working copy of the story as the server answered it; chapters sorted by order_index. */
export function draftFromServer(story: AdminStory, chapters: readonly AdminChapter[]): Draft {
  const sorted = [...chapters].sort((a, b) => a.order_index - b.order_index || a.id - b.id);
  const draftChapters = sorted.map(chapterFromServer);
  return {
    fields: fieldsFromStory(story),
    cover: { url: story.cover_image_url, pending: undefined },
    chapters: draftChapters,
    deletedIds: [],
    selectedKey: draftChapters[0]?.key,
    isDirty: false,
    saved: {
      story,
      chapters: new Map(sorted.map((chapter) => [chapter.id, chapter])),
      order: sorted.map((chapter) => chapter.id),
    },
  };
}

function fieldsFromStory(story: AdminStory): StoryFields {
  return {
    title: story.title,
    author: story.author,
    description: story.description,
    languageId: String(story.language.id),
    difficulty: story.difficulty_level,
    topics: story.topics,
    isPublished: story.is_published,
    isFree: story.is_free,
    isAdult: story.is_adult_content,
  };
}

function chapterFromServer(chapter: AdminChapter): DraftChapter {
  return {
    key: `saved-${chapter.id}`,
    id: chapter.id,
    clientKey: `saved-${chapter.id}`,
    title: chapter.title,
    content: chapter.content,
    generationPrompt: chapter.generation_prompt,
    audioUrl: chapter.audio_url,
    audioDurationSeconds: chapter.audio_duration_seconds,
    pendingAudio: undefined,
  };
}

/** Whether the chapter may be deleted: the last remaining one may not (admin.md §5). */
export function canRemoveChapter(draft: Draft): boolean {
  return draft.chapters.length > 1;
}

/** The draft after one change by the admin, or after one step of a save (reduceSaveReport). */
export function reduceDraft(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'edit-story':
      return { ...draft, fields: { ...draft.fields, ...action.patch }, isDirty: true };
    case 'pick-cover':
      return { ...draft, cover: { ...draft.cover, pending: action.file }, isDirty: true };
    case 'remove-cover':
      return { ...draft, cover: { url: null, pending: undefined }, isDirty: true };
    case 'add-chapter': {
      const chapter: DraftChapter = {
        key: action.clientKey,
        id: undefined,
        clientKey: action.clientKey,
        title: `Chapter ${draft.chapters.length + 1}`,
        content: '',
        generationPrompt: null,
        audioUrl: null,
        audioDurationSeconds: null,
        pendingAudio: undefined,
      };
      return { ...draft, chapters: [...draft.chapters, chapter], selectedKey: chapter.key, isDirty: true };
    }
    case 'remove-chapter': {
      const index = draft.chapters.findIndex((chapter) => chapter.key === action.key);
      const removed = draft.chapters[index];
      if (!removed || !canRemoveChapter(draft)) return draft;
      const chapters = draft.chapters.filter((chapter) => chapter.key !== action.key);
      const neighbour = chapters[Math.min(index, chapters.length - 1)];
      return {
        ...draft,
        chapters,
        deletedIds: removed.id === undefined ? draft.deletedIds : [...draft.deletedIds, removed.id],
        selectedKey: draft.selectedKey === action.key ? neighbour?.key : draft.selectedKey,
        isDirty: true,
      };
    }
    case 'move-chapter': {
      const from = draft.chapters.findIndex((chapter) => chapter.key === action.key);
      const to = Math.min(Math.max(action.toIndex, 0), draft.chapters.length - 1);
      if (from === -1 || from === to) return draft;
      return { ...draft, chapters: moved(draft.chapters, from, to), isDirty: true };
    }
    case 'select-chapter':
      return { ...draft, selectedKey: action.key };
    case 'edit-chapter':
      return { ...updateChapter(draft, action.key, action.patch), isDirty: true };
    case 'set-pending-audio':
      return { ...updateChapter(draft, action.key, { pendingAudio: action.pending }), isDirty: true };
    case 'remove-audio':
      return {
        ...updateChapter(draft, action.key, {
          audioUrl: null,
          audioDurationSeconds: null,
          pendingAudio: undefined,
        }),
        isDirty: true,
      };
    default:
      return reduceSaveReport(draft, action);
  }
}

/** What a save reports as each step succeeds; none of them touches the unsaved-changes flag. */
type SaveReport = Extract<
  DraftAction,
  { type: 'cover-uploaded' | 'story-saved' | 'audio-uploaded' | 'chapter-saved' | 'chapter-deleted' }
>;

/** The draft once a step of a save is done: what the server now holds, and the uploads no longer pending. */
function reduceSaveReport(draft: Draft, action: SaveReport): Draft {
  switch (action.type) {
    case 'cover-uploaded':
      return { ...draft, cover: { url: action.url, pending: undefined } };
    case 'story-saved':
      return { ...draft, saved: { ...draft.saved, story: action.story } };
    case 'audio-uploaded':
      return updateChapter(draft, action.key, {
        audioUrl: action.url,
        audioDurationSeconds: action.durationSeconds,
        pendingAudio: undefined,
      });
    case 'chapter-saved': {
      const { chapter } = action;
      const chapters = new Map(draft.saved.chapters).set(chapter.id, chapter);
      const order = draft.saved.order.filter((id) => id !== chapter.id);
      order.splice(chapter.order_index, 0, chapter.id);
      return {
        ...updateChapter(draft, action.key, { id: chapter.id }),
        saved: { ...draft.saved, chapters, order },
      };
    }
    case 'chapter-deleted': {
      const chapters = new Map(draft.saved.chapters);
      chapters.delete(action.id);
      return {
        ...draft,
        deletedIds: draft.deletedIds.filter((id) => id !== action.id),
        saved: { ...draft.saved, chapters, order: draft.saved.order.filter((id) => id !== action.id) },
      };
    }
  }
}

function updateChapter(draft: Draft, key: string, patch: Partial<DraftChapter>): Draft {
  return {
    ...draft,
    chapters: draft.chapters.map((chapter) => (chapter.key === key ? { ...chapter, ...patch } : chapter)),
  };
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  if (item !== undefined) result.splice(to, 0, item);
  return result;
}
