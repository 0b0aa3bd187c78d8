// Read-along timings of a chapter's audio (issue 23, decision 077): a timed-text file's cues matched to the
// chapter's sentences for the editor to review, and a start per sentence saved with the sentences they were made
// for (their word ranges and a fingerprint), so the reader never has to cut the text again to use them.
import { hash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { alignCues } from '#common/alignCues.ts';
import { readCues } from '#common/cues.ts';
import type { ReadAlongInput, ReadAlongPreview, ReadAlongTimings } from '#common/schemas/readAlong.ts';
import type { Sentence } from '#common/sentences.ts';
import { chapterSentences, type StoredWord } from '#server/analysis/service.ts';
import type { Database } from '#server/db/client.ts';
import { chapters, languages, type StoredReadAlong, stories } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found';
export const READ_ALONG_TEXT = {
  notTimedText: 'The file is not WebVTT, SRT or LRC: export the timings in one of those formats.',
  noCues: 'The file has no timed lines to match.',
  noSentences: 'The chapter has no words to time: write its text first.',
  noAudio: 'Add the chapter’s audio before its timings.',
  changed: 'The chapter’s text changed since these timings were made: preview or sync them again.',
  count: (expected: number) => `starts must have one entry per sentence: this chapter has ${expected}.`,
  order: 'Each sentence must start after the one before it.',
  beyond: (seconds: number) => `A start is after the end of the audio (${seconds} s).`,
} as const;

/** Names a chapter's sentences: their word ranges and texts. */
export function fingerprintOf(sentences: readonly Sentence[]): string {
  const named = sentences.map(({ firstWord, lastWord, text }) => [firstWord, lastWord, text]);
  return hash('sha256', JSON.stringify(named), 'base64url').slice(0, 32);
}

interface TimedChapter {
  content: string;
  sentences: Sentence[];
  fingerprint: string;
  readAlong: StoredReadAlong | null;
  audioKey: string | null;
  audioDurationSeconds: number | null;
}

/** The chapter's sentences now, with its saved timings and audio; 404 for a chapter that does not exist. */
async function timedChapter(db: Database, chapterId: number): Promise<TimedChapter> {
  const [row] = await db
    .select({
      content: chapters.content,
      words: chapters.words,
      readAlong: chapters.readAlong,
      audioKey: chapters.audioKey,
      audioDurationSeconds: chapters.audioDurationSeconds,
      language: languages.code,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .innerJoin(languages, eq(languages.id, stories.languageId))
    .where(eq(chapters.id, chapterId));
  if (!row) throw new HttpError(404, CHAPTER_NOT_FOUND);
  const sentences = chapterSentences(row.content, row.language, row.words ?? undefined);
  return { ...row, sentences, fingerprint: fingerprintOf(sentences) };
}

/** The chapter's sentences with their saved starts, if the timings still fit the text. */
function timingsOf(chapter: TimedChapter): ReadAlongTimings {
  const saved = chapter.readAlong?.fingerprint === chapter.fingerprint ? chapter.readAlong : null;
  return {
    fingerprint: chapter.fingerprint,
    sentences: chapter.sentences.map((sentence, index) => ({
      text: sentence.text,
      start: saved?.sentences[index]?.[2] ?? null,
    })),
    is_saved: saved !== null,
  };
}

export async function getReadAlong(db: Database, chapterId: number): Promise<ReadAlongTimings> {
  return timingsOf(await timedChapter(db, chapterId));
}

/** What a timed-text file gives the chapter's sentences; nothing is saved. */
export async function previewReadAlong(
  db: Database,
  chapterId: number,
  text: string,
): Promise<ReadAlongPreview> {
  const chapter = await timedChapter(db, chapterId);
  const read = readCues(text);
  if (!read) throw new HttpError(400, READ_ALONG_TEXT.notTimedText);
  if (read.cues.length === 0) throw new HttpError(400, READ_ALONG_TEXT.noCues);
  if (chapter.sentences.length === 0) throw new HttpError(400, READ_ALONG_TEXT.noSentences);
  const aligned = alignCues(
    chapter.sentences.map((sentence) => sentence.text),
    read.cues,
  );
  return {
    format: read.format,
    fingerprint: chapter.fingerprint,
    sentences: chapter.sentences.map((sentence, index) => ({
      text: sentence.text,
      start: aligned.starts[index] ?? null,
    })),
    unmatched_cues: aligned.unmatchedCues.map((index) => {
      const cue = read.cues[index];
      return { start: cue?.start ?? 0, text: cue?.text ?? '' };
    }),
    problems: read.problems,
    coverage: aligned.coverage,
  };
}

/** Checks the starts against the chapter: one per sentence, in order, within the audio. */
function checkStarts(chapter: TimedChapter, starts: readonly (number | null)[]): void {
  if (!chapter.audioKey) throw new HttpError(400, READ_ALONG_TEXT.noAudio);
  if (chapter.sentences.length === 0) throw new HttpError(400, READ_ALONG_TEXT.noSentences);
  if (starts.length !== chapter.sentences.length)
    throw new HttpError(400, READ_ALONG_TEXT.count(chapter.sentences.length));
  let latest = -1;
  for (const start of starts) {
    if (start === null) continue;
    if (start < latest) throw new HttpError(400, READ_ALONG_TEXT.order);
    latest = start;
  }
  const duration = chapter.audioDurationSeconds;
  if (duration && latest > duration + 1) throw new HttpError(400, READ_ALONG_TEXT.beyond(duration));
}

/** A start to the millisecond, as stored. */
const roundedStart = (start: number | null) => (start === null ? null : Math.round(start * 1000) / 1000);

/** The timings as `chapters.read_along` keeps them: each sentence's words and start, for these sentences. */
function storedTimings(sentences: readonly Sentence[], starts: readonly (number | null)[]): StoredReadAlong {
  return {
    fingerprint: fingerprintOf(sentences),
    sentences: sentences.map((sentence, index) => [
      sentence.firstWord,
      sentence.lastWord,
      roundedStart(starts[index] ?? null),
    ]),
  };
}

/** Saves a start per sentence for the sentences the fingerprint names, if they are still the chapter's. */
export async function saveReadAlong(
  db: Database,
  chapterId: number,
  input: ReadAlongInput,
): Promise<ReadAlongTimings> {
  const chapter = await timedChapter(db, chapterId);
  if (input.fingerprint !== chapter.fingerprint) throw new HttpError(409, READ_ALONG_TEXT.changed);
  checkStarts(chapter, input.starts);
  const readAlong = storedTimings(chapter.sentences, input.starts);
  // Only if the text is still the one just read: a save of the chapter in between wins.
  const saved = await db
    .update(chapters)
    .set({ readAlong })
    .where(and(eq(chapters.id, chapterId), eq(chapters.content, chapter.content)))
    .returning({ id: chapters.id });
  if (saved.length === 0) throw new HttpError(409, READ_ALONG_TEXT.changed);
  return timingsOf({ ...chapter, readAlong });
}

export async function deleteReadAlong(db: Database, chapterId: number): Promise<void> {
  const deleted = await db
    .update(chapters)
    .set({ readAlong: null })
    .where(eq(chapters.id, chapterId))
    .returning({ id: chapters.id });
  if (deleted.length === 0) throw new HttpError(404, CHAPTER_NOT_FOUND);
}

/**
 * What a chapter save does to its timings: kept while its sentences and audio are the same ones (a change of
 * markup or of a word's form that leaves every sentence as it was keeps them), dropped otherwise, as they would
 * time another text or another recording. `set` is the column's new value when it changes.
 */
export function readAlongAfterSave(
  current: { readAlong: StoredReadAlong | null; content: string; audioKey: string | null },
  next: {
    content: string;
    words: StoredWord[] | null;
    languageCode: string;
    audioKey: string | null | undefined;
  },
): { set?: null; dropped: boolean } {
  if (!current.readAlong) return { dropped: false };
  const audioChanged = next.audioKey !== undefined && next.audioKey !== current.audioKey;
  const textChanged =
    next.content !== current.content &&
    fingerprintOf(chapterSentences(next.content, next.languageCode, next.words ?? undefined)) !==
      current.readAlong.fingerprint;
  return audioChanged || textChanged ? { set: null, dropped: true } : { dropped: false };
}

/**
 * Timings for a chapter from a timed-text file, as a save after a preview would keep them, for content that
 * comes with its own (the demo library); null when the file gives no sentence a start.
 */
export function readAlongFromCues(
  chapter: { content: string; words: StoredWord[] | null; languageCode: string },
  cueText: string,
): StoredReadAlong | null {
  const sentences = chapterSentences(chapter.content, chapter.languageCode, chapter.words ?? undefined);
  const read = readCues(cueText);
  if (!read || sentences.length === 0) return null;
  const { starts } = alignCues(
    sentences.map((sentence) => sentence.text),
    read.cues,
  );
  if (starts.every((start) => start === null)) return null;
  return storedTimings(sentences, starts);
}
