// 'Download for offline' (issue 24): a story's page, its chapters as the reader opens them (with their
// sentence timings), its cover and audio, and the dictionary's answers for every word of it, kept in a cache of
// its own (caches.ts), where the service worker finds them when the network fails. A download is a handful of
// requests: one per chapter and file, and the lookups in batches.
import { pathOf } from '#common/contract.ts';
import { lookUpWords } from '#common/endpoints/dictionary.ts';
import { getStory } from '#common/endpoints/library.ts';
import { getChapter } from '#common/endpoints/reader.ts';
import { type LookupResult, MAX_LOOKUPS_PER_REQUEST } from '#common/schemas/dictionary.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { callForReply } from '#web/lib/call.ts';
import { lookupsUrl, manifestUrl, storyCacheName, storyOfCache } from './caches.ts';
import { OFFLINE_FORGOTTEN } from './forget.ts';
import { chapterLookups, type LookupPair, lookupKey } from './lookupPairs.ts';

/** What a finished download keeps of itself (its manifest, written last). */
export interface Download {
  storyId: number;
  title: string;
  language: string;
  coverUrl: string | null;
  chapterCount: number;
  /** The bytes its answers and files take, as received. */
  bytes: number;
  downloadedAt: string;
  /** Whose download it is: the learner's address (a download is never shown to another learner). */
  owner: string;
}

/** How far a download has come: steps done of the steps known so far. */
export interface DownloadProgress {
  done: number;
  total: number;
  bytes: number;
}

export const DOWNLOAD_TEXT = {
  locked: 'This story opens with Pro: it cannot be downloaded without it.',
  noCaches: 'This browser cannot keep stories for offline reading.',
  failed: 'The story could not be downloaded. Check your connection and try again.',
  file: 'A picture or recording of the story could not be downloaded. Check your connection and try again.',
  noSpace:
    'There is not enough space on this device to download this story. Remove a download and try again.',
} as const;

/** Downloads in progress on this page: their caches are not yet complete, and must not be swept as such. */
const inProgress = new Set<number>();

function jsonResponse(value: unknown): { response: Response; bytes: number } {
  const blob = new Blob([JSON.stringify(value)], { type: 'application/json' });
  return {
    response: new Response(blob, { headers: { 'Content-Type': 'application/json' } }),
    bytes: blob.size,
  };
}

/** An address as the service worker will be asked for it: absolute, on this origin unless it names another. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** A file of the story (cover, recording), fetched whole and kept; answers its size. */
async function keepFile(cache: Cache, url: string, signal: AbortSignal): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, { signal, mode: 'cors', credentials: 'same-origin' });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(DOWNLOAD_TEXT.file);
  }
  if (!response.ok) throw new Error(DOWNLOAD_TEXT.file);
  const blob = await response.blob();
  const headers = new Headers({ 'Content-Type': response.headers.get('Content-Type') ?? blob.type });
  await cache.put(absolute(url), new Response(blob, { headers }));
  return blob.size;
}

/** The dictionary's answers for every lookup of the story, in batches the server takes. */
async function fetchLookups(
  language: string,
  pairs: LookupPair[],
  signal: AbortSignal,
  onBatch: () => void,
): Promise<Record<string, LookupResult>> {
  const answers: Record<string, LookupResult> = {};
  for (let start = 0; start < pairs.length; start += MAX_LOOKUPS_PER_REQUEST) {
    const batch = pairs.slice(start, start + MAX_LOOKUPS_PER_REQUEST);
    const { answer } = await callForReply(lookUpWords, { body: { language, words: batch }, signal });
    answer.results.forEach((result, index) => {
      const pair = batch[index];
      if (pair) answers[lookupKey(pair.surface, pair.lemma)] = result;
    });
    onBatch();
  }
  return answers;
}

/** How many lookup batches a story's words take (one at least, even for an empty story, to keep a file). */
function batchesOf(pairs: number): number {
  return Math.max(1, Math.ceil(pairs / MAX_LOOKUPS_PER_REQUEST));
}

/**
 * Downloads a story for offline reading, calling `onProgress` after each step. Anything that fails leaves
 * nothing behind (the partial cache is deleted) and throws with a sentence for the learner.
 */
export async function downloadStory(
  storyId: number,
  owner: string,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<Download> {
  if (!('caches' in window)) throw new Error(DOWNLOAD_TEXT.noCaches);
  inProgress.add(storyId);
  // Where the browser allows, the downloads are kept until the learner removes them, not evicted under pressure.
  void navigator.storage?.persist?.().catch(() => false);
  const name = storyCacheName(storyId);
  try {
    await caches.delete(name);
    const cache = await caches.open(name);
    return await fill(cache, storyId, owner, onProgress, signal);
  } catch (error) {
    await caches.delete(name);
    throw signal.aborted ? error : new Error(failureSentence(error));
  } finally {
    inProgress.delete(storyId);
  }
}

/** What a learner reads of a failed download: the server's sentence, ours, or why the device refused. */
export function failureSentence(error: unknown): string {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return DOWNLOAD_TEXT.noSpace;
  if (error instanceof ApiError) return failureText(error, DOWNLOAD_TEXT.failed, DOWNLOAD_TEXT.failed);
  const ours: readonly string[] = Object.values(DOWNLOAD_TEXT);
  return error instanceof Error && ours.includes(error.message) ? error.message : DOWNLOAD_TEXT.failed;
}

// Longer because: the download's steps in order, each counted for the progress, read best in one place.
async function fill(
  cache: Cache,
  storyId: number,
  owner: string,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<Download> {
  const progress: DownloadProgress = { done: 0, total: 2, bytes: 0 };
  const step = (bytes = 0) => {
    progress.done += 1;
    progress.bytes += bytes;
    onProgress({ ...progress });
  };
  const keepJson = async (url: string, value: unknown) => {
    const { response, bytes } = jsonResponse(value);
    await cache.put(absolute(url), response);
    return bytes;
  };

  const story = await callForReply(getStory, { params: { id: storyId }, signal });
  if (story.answer.is_locked) throw new Error(DOWNLOAD_TEXT.locked);
  const { chapters, cover_image_url: cover } = story.answer;
  progress.total = 1 + chapters.length + (cover ? 1 : 0) + 1;
  step(await keepJson(pathOf(getStory.path, { id: storyId }), story.reply));

  const pairs = new Map<string, LookupPair>();
  const audio: string[] = [];
  for (const { id } of chapters) {
    const chapter = await callForReply(getChapter, { params: { id }, signal });
    chapterLookups(chapter.answer as ReaderChapter, pairs);
    if (chapter.answer.audio_url) {
      audio.push(chapter.answer.audio_url);
      progress.total += 1;
    }
    step(await keepJson(pathOf(getChapter.path, { id }), chapter.reply));
  }
  if (cover) step(await keepFile(cache, cover, signal));
  for (const url of audio) step(await keepFile(cache, url, signal));

  const language = story.answer.language;
  progress.total += batchesOf(pairs.size) - 1;
  const lookups = await fetchLookups(language, [...pairs.values()], signal, () => step());
  progress.bytes += await keepJson(lookupsUrl(storyId), lookups);

  const download: Download = {
    storyId,
    title: story.answer.title,
    language,
    coverUrl: cover,
    chapterCount: chapters.length,
    bytes: progress.bytes,
    downloadedAt: new Date().toISOString(),
    owner,
  };
  await keepJson(manifestUrl(storyId), download);
  if (pairs.size === 0) step();
  return download;
}

/** The learner's finished downloads, newest first; a download that never finished is swept on the way. */
export async function listDownloads(owner: string): Promise<Download[]> {
  if (!('caches' in window)) return [];
  const found: Download[] = [];
  for (const name of await caches.keys()) {
    const storyId = storyOfCache(name);
    if (storyId === undefined || inProgress.has(storyId)) continue;
    // By name, holding no Cache object that would keep a removed download's space (swRoutes.ts says why).
    const manifest = await caches.match(absolute(manifestUrl(storyId)), { cacheName: name });
    const download = manifest ? ((await manifest.json()) as Download) : undefined;
    if (!download) await caches.delete(name);
    else if (download.owner === owner) found.push(download);
  }
  return found.sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

/**
 * Removes a download: its entries, then its cache. Emptied first because Chromium frees a deleted cache's space
 * only once no Cache object anywhere (this page's, the service worker's) still refers to it, which waits on
 * their garbage collection; each entry deleted gives its space back at once.
 */
export async function removeDownload(storyId: number): Promise<void> {
  lookupsByStory.delete(storyId);
  if (!('caches' in window)) return;
  const name = storyCacheName(storyId);
  if (await caches.has(name)) {
    const cache = await caches.open(name);
    await Promise.all((await cache.keys()).map((request) => cache.delete(request)));
  }
  await caches.delete(name);
}

/** A downloaded story's lookups, read once per page. */
const lookupsByStory = new Map<number, Promise<Record<string, LookupResult> | undefined>>();
if (typeof window !== 'undefined') window.addEventListener(OFFLINE_FORGOTTEN, () => lookupsByStory.clear());

/** The saved answer for a tap in a downloaded story, or undefined when the story has none for it. */
export async function offlineLookup(
  storyId: number,
  surface: string,
  lemma: string | undefined,
): Promise<LookupResult | undefined> {
  if (!('caches' in window)) return undefined;
  let lookups = lookupsByStory.get(storyId);
  if (!lookups) {
    lookups = caches
      .match(absolute(lookupsUrl(storyId)), { cacheName: storyCacheName(storyId) })
      .then((response) =>
        response ? (response.json() as Promise<Record<string, LookupResult>>) : undefined,
      );
    lookupsByStory.set(storyId, lookups);
  }
  const answers = await lookups.catch(() => undefined);
  if (!answers) lookupsByStory.delete(storyId);
  return answers?.[lookupKey(surface, lemma)];
}
