import { hash } from 'node:crypto';
import type { PublicLanguage } from '#common/schemas/languages.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import type { ChapterFragments } from './chapter-cache.ts';
import type { ReaderChapterQueryRow } from './chapter-query.ts';
import { type Deflated, gzipOf } from './gzip.ts';

/** The levels at which readings show above the words until a learner chooses (issue 21). */
const READINGS_SHOWN_AT: ReadonlySet<string> = new Set(['infant', 'child']);

/**
 * GET /api/chapters/{id}/'s answer, written as JSON with the keys in the order the specification's answer has
 * always had (recorded-requests holds it byte for byte): the large part from the chapter's fragments, the rest
 * written per request. Its validator (decision 088) is the row's version with a hash of everything else, the
 * learner's statuses, completion and choice of readings included, so it changes when any of them does.
 */
export function presentChapter(
  storage: ObjectStorage,
  row: ReaderChapterQueryRow,
  fragments: ChapterFragments,
  /** The learner's statuses of the chapter's terms, as JSON (service.ts). */
  statusesJson: string,
): { json: string; etag: string; gzip: () => Buffer } {
  const language: PublicLanguage = {
    id: row.language_id,
    code: row.language_code,
    name: row.language_name,
    native_name: row.language_native_name,
  };
  const outline = row.outline.map(([id, chapterNumber, title]) => ({
    id,
    chapter_number: chapterNumber,
    title,
  }));
  const position = outline.findIndex((chapter) => chapter.id === row.id);
  const next = position >= 0 ? outline[position + 1] : undefined;
  const story = {
    id: row.story_id,
    title: row.story_title,
    language,
    chapters: outline,
    next_chapter: next ? { id: next.id, title: next.title } : null,
  };
  const head = `{"id":${row.id},"chapter_number":${row.chapter_number},"title":${JSON.stringify(row.title)},"content":`;
  const audioUrl = row.audio_key ? storage.publicUrl(row.audio_key) : null;
  const middle = `,"order_index":${row.order_index},"word_count":${row.word_count},"audio_url":${JSON.stringify(audioUrl)},"is_completed":${row.is_completed}`;
  // Only for a language whose words an analyser finds: every other answer stays as it was.
  const showReadings = row.show_readings ?? READINGS_SHOWN_AT.has(row.difficulty_level);
  const readings = fragments.words === null ? '' : `,"show_readings":${showReadings}`;
  const statuses = `,"statuses":${statusesJson}`;
  // Timings without the audio they time would time nothing.
  const readAlong =
    fragments.readAlong !== null && row.audio_key ? `,"read_along":${fragments.readAlong}` : '';
  const tail = `,"story":${JSON.stringify(story)}}`;
  const etag = hash(
    'sha1',
    `${row.id}|${fragments.version}|${head}${middle}${readings}${statuses}${readAlong}${tail}`,
    'base64url',
  );
  const json =
    head +
    fragments.content +
    middle +
    (fragments.words === null ? '' : `,"words":${fragments.words}${readings}`) +
    `,"terms":${fragments.terms}` +
    statuses +
    readAlong +
    tail;
  // The same text as gzip, the large pieces compressed once per version (gzip.ts).
  const gzip = () => {
    const words = fragments.deflated.words;
    const pieces: (Deflated | string)[] = [head, fragments.deflated.content];
    if (words === null) pieces.push(`${middle},"terms":`);
    else pieces.push(`${middle},"words":`, words, `${readings},"terms":`);
    pieces.push(fragments.deflated.terms);
    return gzipOf(pieces, `${statuses}${readAlong}${tail}`);
  };
  return { json, etag: `W/"${etag}"`, gzip };
}
