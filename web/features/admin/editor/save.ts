import { createChapter, deleteChapter, updateChapter, updateStory } from '#common/endpoints/stories.ts';
import { uploadAudio as uploadAudioFile } from '#common/endpoints/uploads.ts';
import {
  type AdminChapter,
  type AdminChapterInput,
  type AdminStoryInput,
  unwrittenChapterMessage,
} from '#common/schemas/stories.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { checkChapterText } from '../stories/chapterFields.ts';
import { EDITOR_COVER_COMPRESSION, UPLOAD_FAILED, uploadCover } from '../stories/cover.ts';
import { checkStoryFields, type StoryFields } from '../stories/storyFields.ts';
import type { Draft, DraftAction, DraftChapter } from './draft.ts';
import { reduceDraft } from './draft.ts';

export const AUDIO_UPLOAD_FAILED = 'Failed to upload audio file';

/** A save stopped at a step: the sentence to show, and the chapter to select when it is about one. */
export class SaveFailed extends Error {
  constructor(
    message: string,
    readonly chapterKey?: string,
  ) {
    super(message);
    this.name = 'SaveFailed';
  }
}

/** What the save is doing, for the screen: which chapter's audio is uploading, if any. */
export type SaveProgress = { step: 'cover' } | { step: 'audio'; chapterKey: string } | { step: 'records' };

/**
 * Saves the editor's draft (admin.md §2, §4): the cover, then the story, then each chapter in the new order
 * (its audio first), then the deletions; a save that publishes the story saves it last. Each step that succeeds is reported through `report` at once, so a
 * failure keeps everything saved so far and the next save starts where this one stopped: an uploaded file is
 * not uploaded again, a created chapter is updated rather than created twice (its client_key makes even a
 * lost answer safe), and a chapter already deleted counts as deleted.
 *
 * Chapters are placed one by one at their index: after step i the first i + 1 chapters on the server are the
 * draft's first i + 1, so the order comes out right whatever it was; a chapter that is unchanged and already
 * in its place is not sent.
 */
export async function saveDraft(
  initial: Draft,
  report: (action: DraftAction) => void,
  onProgress: (progress: SaveProgress) => void = () => {},
): Promise<Draft> {
  let draft = initial;
  const apply = (action: DraftAction) => {
    draft = reduceDraft(draft, action);
    report(action);
  };

  const story = checkStory(draft.fields);
  const chapterInputs = draft.chapters.map((chapter, index) =>
    checkChapter(chapter, index, draft.fields.isPublished),
  );

  if (draft.cover.pending) {
    onProgress({ step: 'cover' });
    apply({ type: 'cover-uploaded', url: await uploadEditorCover(draft.cover.pending) });
  }

  onProgress({ step: 'records' });
  const saveStory = async () => {
    if (!isStoryChanged(draft)) return;
    const saved = await step(
      call(updateStory, {
        params: { id: draft.saved.story.id },
        body: { ...story, cover_image_url: draft.cover.url },
      }),
      'Failed to save story',
    );
    apply({ type: 'story-saved', story: saved });
  };
  // A story is published once its chapters all have their text (the server checks), so a save that publishes
  // writes the chapters first; any other save writes the story first (an unpublished story may then empty a
  // chapter idea again).
  const isPublishing = draft.fields.isPublished && !draft.saved.story.is_published;
  if (!isPublishing) await saveStory();

  for (const [index, input] of chapterInputs.entries()) {
    const chapter = draft.chapters[index];
    if (!chapter) continue;
    if (chapter.pendingAudio) {
      onProgress({ step: 'audio', chapterKey: chapter.key });
      const uploaded = await uploadAudio(chapter);
      apply({ type: 'audio-uploaded', key: chapter.key, ...uploaded });
      onProgress({ step: 'records' });
    }
    const current = draft.chapters[index] ?? chapter;
    const saved = await saveChapter(draft, current, input, index);
    if (saved) apply({ type: 'chapter-saved', key: current.key, chapter: saved });
  }

  for (const id of draft.deletedIds) {
    try {
      await call(deleteChapter, { params: { id } });
    } catch (error) {
      // Deleted by an earlier save whose answer was lost, or by someone else: either way it is gone.
      if (!(error instanceof ApiError && error.status === 404))
        throw new SaveFailed(failureText(error, 'Failed to delete chapter'));
    }
    apply({ type: 'chapter-deleted', id });
  }
  if (isPublishing) await saveStory();
  return draft;
}

function checkStory(fields: StoryFields): AdminStoryInput {
  const checked = checkStoryFields(fields);
  if (!checked.ok) throw new SaveFailed(checked.problem);
  return checked.data;
}

function checkChapter(chapter: DraftChapter, index: number, isPublished: boolean): AdminChapterInput {
  const checked = checkChapterText(
    { title: chapter.title, content: chapter.content },
    chapter.generationPrompt,
  );
  if (!checked.ok) throw new SaveFailed(checked.problem, chapter.key);
  if (isPublished && checked.data.content === '') {
    throw new SaveFailed(unwrittenChapterMessage(index + 1, checked.data.title), chapter.key);
  }
  return checked.data;
}

function isStoryChanged(draft: Draft): boolean {
  const saved = draft.saved.story;
  const fields = draft.fields;
  return (
    fields.title.trim() !== saved.title ||
    fields.author.trim() !== saved.author ||
    fields.description.trim() !== saved.description ||
    fields.languageId !== String(saved.language.id) ||
    fields.difficulty !== saved.difficulty_level ||
    fields.topics.trim() !== saved.topics ||
    fields.isPublished !== saved.is_published ||
    fields.isFree !== saved.is_free ||
    fields.isAdult !== saved.is_adult_content ||
    draft.cover.url !== saved.cover_image_url
  );
}

/** Creates or updates one chapter at `index`; answers nothing when the server already has it as drafted. */
async function saveChapter(
  draft: Draft,
  chapter: DraftChapter,
  input: AdminChapterInput,
  index: number,
): Promise<AdminChapter | undefined> {
  const fields = { title: input.title, content: input.content };
  const audio = { audio_url: chapter.audioUrl, audio_duration_seconds: chapter.audioDurationSeconds };
  if (chapter.id === undefined) {
    return step(
      call(createChapter, {
        params: { storyId: draft.saved.story.id },
        body: {
          ...fields,
          ...audio,
          order_index: index,
          client_key: chapter.clientKey,
          generation_prompt: chapter.generationPrompt,
        },
      }),
      'Failed to save chapter',
      chapter.key,
    );
  }
  const saved = draft.saved.chapters.get(chapter.id);
  const isMoved = draft.saved.order.indexOf(chapter.id) !== index;
  const isAudioChanged = saved?.audio_url !== chapter.audioUrl;
  const isChanged = saved?.title !== fields.title || saved.content !== fields.content || isAudioChanged;
  if (!isMoved && !isChanged) return undefined;
  return step(
    call(updateChapter, {
      params: { id: chapter.id },
      body: { ...fields, ...(isAudioChanged ? audio : {}), ...(isMoved ? { order_index: index } : {}) },
    }),
    'Failed to save chapter',
    chapter.key,
  );
}

async function uploadEditorCover(file: File): Promise<string> {
  let url: string | undefined;
  try {
    url = await uploadCover(file, EDITOR_COVER_COMPRESSION.folder);
  } catch (error) {
    throw new SaveFailed(failureText(error, UPLOAD_FAILED));
  }
  // The save is aborted when the cover upload yields nothing (admin.md §8).
  if (!url) throw new SaveFailed(UPLOAD_FAILED);
  return url;
}

async function uploadAudio(chapter: DraftChapter): Promise<{ url: string; durationSeconds: number | null }> {
  const pending = chapter.pendingAudio;
  if (!pending) throw new Error('uploadAudio needs pending audio');
  const form = new FormData();
  form.append('file', pending.file, pending.file.name);
  const target = chapter.id === undefined ? 'new' : String(chapter.id);
  const answer = await step(
    call(uploadAudioFile, { query: { chapter: target }, body: form }),
    AUDIO_UPLOAD_FAILED,
    chapter.key,
  );
  // The server reads the duration from the file; a recording's own timer stands in when it cannot.
  const seconds = answer.duration_seconds ?? pending.durationSeconds;
  return { url: answer.url, durationSeconds: seconds === null ? null : Math.round(seconds) };
}

/** A step of the save: its failure as a SaveFailed, with the screen's fallback sentence. */
async function step<T>(request: Promise<T>, fallback: string, chapterKey?: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw new SaveFailed(failureText(error, fallback), chapterKey);
  }
}
