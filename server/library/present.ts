import { hash } from 'node:crypto';
import type { Comprehension, StoryDetail, StoryListItem, StoryProgress } from '#common/schemas/library.ts';
import type { Difficulty, LengthCategory } from '#common/stories.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import type { KnownByStory, KnownShare } from './known.ts';
import {
  type LibraryStoryRow,
  type StoryDetailRow,
  type StoryProgressRow,
  storyProgress,
} from './service.ts';

/**
 * The share of a text the learner knows: its running words whose term they understand, in whole percent rounded
 * down, and its new words, the distinct terms they never marked; null for a text without words (decision 072).
 */
export function presentComprehension(share: KnownShare | undefined): Comprehension {
  if (!share || share.occurrences <= 0) return null;
  const percent = Math.floor((share.knownOccurrences * 100) / share.occurrences);
  return {
    known_percent: Math.min(100, Math.max(0, percent)),
    new_words: Math.max(0, share.terms - share.markedTerms),
  };
}

function presentFields(
  storage: ObjectStorage,
  story: LibraryStoryRow,
): Omit<StoryListItem, 'user_progress' | 'comprehension'> {
  return {
    id: story.id,
    title: story.title,
    author: story.author,
    description: story.description,
    cover_image_url: story.coverImageKey ? storage.publicUrl(story.coverImageKey) : null,
    difficulty_level: story.difficultyLevel as Difficulty,
    chapter_count: story.chapterCount,
    estimated_word_count: story.estimatedWordCount,
    is_free: story.isFree,
    is_adult_content: story.isAdultContent,
    topics: story.topics
      .split(',')
      .map((topic) => topic.trim())
      .filter(Boolean),
    length_category: story.lengthCategory as LengthCategory,
    language: story.language,
  };
}

function presentProgress(
  chapterCount: number,
  completed: number,
  wordsRead: number,
  pointsEarned: number,
): StoryProgress {
  const { completionPercentage, isCompleted } = storyProgress(chapterCount, completed);
  return {
    completion_percentage: completionPercentage,
    is_completed: isCompleted,
    words_read: wordsRead,
    points_earned: pointsEarned,
  };
}

/**
 * A story of the list as JSON ready to send, but for the learner's progress and share: its fields presented and
 * encoded once when the list is read, not again for every learner (presenting and stringifying 500 stories cost
 * ~2 ms a request; copying ready bytes a few hundredths of that).
 */
export interface ListedStory {
  id: number;
  chapterCount: number;
  termOccurrences: number;
  termCount: number;
  /** The item's JSON without its closing brace, in UTF-8: `{"id":1,…,"language":"es"`. */
  head: Buffer;
}

/** A story of the list, presented once for every learner (see ListedStory). */
export function prepareListedStory(storage: ObjectStorage, story: LibraryStoryRow): ListedStory {
  const head = Buffer.from(JSON.stringify(presentFields(storage, story)).slice(0, -1));
  return {
    id: story.id,
    chapterCount: story.chapterCount,
    termOccurrences: story.termOccurrences,
    termCount: story.termCount,
    head,
  };
}

const NOT_STARTED = JSON.stringify(presentProgress(0, 0, 0, 0));

/** The learner's progress in a listed story as JSON: all zero (NOT_STARTED) for a story they have not begun. */
function listedProgress(story: ListedStory, mine: StoryProgressRow | undefined): string {
  if (!mine) return NOT_STARTED;
  return JSON.stringify(
    presentProgress(story.chapterCount, mine.completedChapters, mine.wordsRead, mine.pointsEarned),
  );
}

/**
 * What a list answers of the learner's own, as a short digest: the progress of each story of the language they
 * have begun as it is written (by story id; one that writes as NOT_STARTED adds nothing) and, above the
 * threshold, their known counts (StoryCounts.digest), which make every story's share. '' when there is
 * neither: every such learner's list is the same bytes. The rest of the list is the language's stories at
 * their version and the query, so two requests with the same digest, version and query answer the same bytes
 * (routes.ts keeps them compressed by that key).
 */
export function personalDigest(
  stories: ReadonlyMap<number, ListedStory>,
  progress: Map<number, StoryProgressRow>,
  known: KnownByStory,
): string {
  const parts: string[] = [];
  for (const [storyId, mine] of progress) {
    const story = stories.get(storyId);
    if (!story) continue;
    const json = listedProgress(story, mine);
    if (json !== NOT_STARTED) parts.push(`${storyId}:${json}`);
  }
  if (parts.length === 0 && !known) return '';
  // Sorted: the query gathers the begun stories in no promised order.
  parts.sort();
  if (known) parts.push(`known:${known.digest}`);
  return hash('sha1', parts.join(';'), 'base64url');
}

/** The learner's share of a listed story as JSON: null below the threshold (known undefined) or without words. */
function listedComprehension(story: ListedStory, known: KnownByStory): string {
  if (!known) return 'null';
  const mine = known.get(story.id);
  const share = presentComprehension({
    occurrences: story.termOccurrences,
    terms: story.termCount,
    knownOccurrences: mine?.knownOccurrences ?? 0,
    markedTerms: mine?.markedTerms ?? 0,
  });
  // Written by hand: two numbers, for each of 500 stories on every request.
  return share ? `{"known_percent":${share.known_percent},"new_words":${share.new_words}}` : 'null';
}

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * The story list's JSON body (StoryList in common/), as bytes: each prepared story's bytes with the learner's
 * progress in it and their share of it. Written into one buffer rather than joined as text: the text of a
 * 500-story list is a 300 KB string a request, made and then encoded again to be compressed or sent, which
 * bench:reading's list at full speed paid for in garbage collection.
 */
export function serializeList(
  stories: ListedStory[],
  progress: Map<number, StoryProgressRow>,
  known: KnownByStory,
): Buffer {
  // Each item's end: numbers, booleans, null and ASCII keys only, so one character is one byte.
  const tails = new Array<string>(stories.length);
  let length = 2 + Math.max(0, stories.length - 1);
  for (let index = 0; index < stories.length; index++) {
    const story = stories[index] as ListedStory;
    const progressJson = listedProgress(story, progress.get(story.id));
    const tail = `,"user_progress":${progressJson},"comprehension":${listedComprehension(story, known)}}`;
    tails[index] = tail;
    length += story.head.length + tail.length;
  }
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  body[at++] = OPEN;
  for (let index = 0; index < stories.length; index++) {
    if (index > 0) body[at++] = COMMA;
    at += (stories[index] as ListedStory).head.copy(body, at);
    at += body.write(tails[index] as string, at, 'latin1');
  }
  body[at++] = CLOSE;
  return body;
}

/** GET /api/stories/{id}/'s answer: the story, its chapters, and the learner's progress in each. */
export function presentDetail(storage: ObjectStorage, story: StoryDetailRow): StoryDetail {
  const completed = story.chapters.filter((chapter) => chapter.isCompleted).length;
  return {
    ...presentFields(storage, story),
    comprehension: story.known ? presentComprehension(story.known.story) : null,
    is_locked: story.isLocked,
    chapters: story.chapters.map((chapter) => ({
      id: chapter.id,
      chapter_number: chapter.chapterNumber,
      title: chapter.title,
      word_count: chapter.wordCount,
      comprehension: story.known ? presentComprehension(story.known.chapters.get(chapter.id)) : null,
    })),
    user_progress: {
      overall: presentProgress(story.chapterCount, completed, story.wordsRead, story.pointsEarned),
      chapters: Object.fromEntries(
        story.chapters.map((chapter) => [
          String(chapter.id),
          { is_completed: chapter.isCompleted, completion_percentage: chapter.completionPercentage },
        ]),
      ),
    },
  };
}
