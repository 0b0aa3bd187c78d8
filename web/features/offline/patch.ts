// What an entry waiting in the outbox changes, written into the kept answers too (issue 24): a chapter marked
// read offline shows as read after a reload offline, a status chosen shows on every downloaded chapter of the
// language. The server's next answer replaces these copies, once the entry is sent.
import type { StoryDetail } from '#common/schemas/library.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import { API_CACHE, storyOfCache } from './caches.ts';
import type { OutboxEntry } from './outbox.ts';

/** A chapter as the reader opens it, and a story's page (the paths of getChapter and getStory). */
const CHAPTER = /^\/api\/chapters\/\d+\/$/;
const STORY = /^\/api\/stories\/\d+\/$/;

/** The caches that may hold an answer: every downloaded story's, and the last answers'. */
async function keptCaches(): Promise<Cache[]> {
  if (typeof caches === 'undefined') return [];
  const names = (await caches.keys()).filter(
    (name) => storyOfCache(name) !== undefined || name === API_CACHE,
  );
  return Promise.all(names.map((name) => caches.open(name)));
}

/** Rewrites every kept answer at an address matching `pattern` that `change` changes (answers true). */
async function rewrite<T>(pattern: RegExp, change: (answer: T) => boolean): Promise<void> {
  for (const cache of await keptCaches()) {
    for (const request of await cache.keys()) {
      if (!pattern.test(new URL(request.url).pathname)) continue;
      const response = await cache.match(request);
      if (!response) continue;
      const answer = (await response.json()) as T;
      if (!change(answer)) continue;
      const headers = new Headers(response.headers);
      await cache.put(request, new Response(JSON.stringify(answer), { status: response.status, headers }));
    }
  }
}

function setCompleted(chapterId: number, isCompleted: boolean): Promise<void> {
  return Promise.all([
    rewrite<ReaderChapter>(CHAPTER, (chapter) => {
      if (chapter.id !== chapterId) return false;
      chapter.is_completed = isCompleted;
      return true;
    }),
    rewrite<StoryDetail>(STORY, (story) => {
      if (!story.chapters.some((chapter) => chapter.id === chapterId)) return false;
      const progress = story.user_progress;
      progress.chapters[String(chapterId)] = {
        is_completed: isCompleted,
        completion_percentage: isCompleted ? 100 : 0,
      };
      const done = story.chapters.filter(
        (chapter) => progress.chapters[String(chapter.id)]?.is_completed,
      ).length;
      progress.overall = {
        ...progress.overall,
        is_completed: done === story.chapters.length,
        completion_percentage: Math.round((done / Math.max(1, story.chapters.length)) * 100),
      };
      return true;
    }),
  ]).then(() => undefined);
}

/** Writes what a waiting entry changes into the kept answers. */
export async function patchKeptAnswers(entry: OutboxEntry): Promise<void> {
  const { input } = entry;
  if (entry.kind === 'mark-read' || entry.kind === 'mark-unread') {
    const id = Number((input as { params: { id: number } }).params.id);
    await setCompleted(id, entry.kind === 'mark-read');
  } else if (entry.kind === 'term-status') {
    const { language, term, status } = (input as OutboxEntry<'term-status'>['input']).body;
    await patchStatuses(language, [term], status);
  }
}

/** Writes statuses set offline into every kept chapter of the language (a mark-known's terms, say). */
export function patchStatuses(language: string, terms: readonly string[], status: TermStatus): Promise<void> {
  return rewrite<ReaderChapter>(CHAPTER, (chapter) => {
    if (chapter.story.language.code !== language || !chapter.statuses) return false;
    for (const term of terms) chapter.statuses[term] = status;
    return true;
  });
}
