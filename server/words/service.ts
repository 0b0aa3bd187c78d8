import { eq, sql } from 'drizzle-orm';
import { normalizeLookup } from '#common/dictionary.ts';
import type { SaveWordInput } from '#common/schemas/reading.ts';
import type { TermStatus } from '#common/terms.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { laterOf, momentOf } from '#server/db/moment.ts';
import { chapters, languages, savedWords, stories } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { markLookedUp } from '#server/terms/service.ts';

export interface SavedWordRow {
  id: number;
  word: string;
  language: string;
  occurrences: number;
  lastSeenAt: Date;
  /** Issue 22: the word's term and the learner's status of it, in a save's answer. */
  term?: string;
  status?: TermStatus;
}

export { deleteSavedWord, type ListedWord, listSavedWords } from './list.ts';

/**
 * Saves a looked-up word under the learner's key for it (the dictionary's key: lower case, NFC, no reading
 * aids): a first save makes the row, each later one counts an occurrence and moves last_seen_at, atomically.
 * The word's term becomes learning-1 if it had no status (issue 22); the answer names the term and its status.
 * The row keeps the latest lookup's term and the first sentence sent with it. `at`, for a word saved offline
 * (decision 084), is when it was saved: first_seen_at unless that is earlier, last_seen_at unless that is later.
 */
export async function saveWord(
  db: Database | Transaction,
  userId: string,
  input: SaveWordInput,
  at?: Date,
): Promise<{ word: SavedWordRow; isCreated: boolean }> {
  const [language] = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(eq(languages.code, input.language));
  if (!language) throw new HttpError(400, NO_SUCH_LANGUAGE);
  const place = await wherePlace(db, input.story ?? null, input.chapter ?? null);
  // The schema has already refused a word that is empty or too long once stripped.
  const key = normalizeLookup(input.word, language.code)?.lower;
  if (!key) throw new HttpError(400, 'word is required');
  const looked = await markLookedUp(db, userId, language, { text: input.word, lemma: input.lemma });
  const [saved] = await db
    .insert(savedWords)
    .values({
      userId,
      languageId: language.id,
      word: key,
      lastStoryId: place.storyId,
      lastChapterId: place.chapterId,
      term: looked?.term ?? null,
      sentence: input.sentence || null,
      firstSeenAt: momentOf(at),
      lastSeenAt: momentOf(at),
    })
    .onConflictDoUpdate({
      target: [savedWords.userId, savedWords.languageId, savedWords.word],
      set: {
        occurrences: sql`${savedWords.occurrences} + 1`,
        lastSeenAt: laterOf(savedWords.lastSeenAt, at),
        // A save made offline before the first one that reached the server was the first.
        ...(at ? { firstSeenAt: sql`least(${savedWords.firstSeenAt}, excluded.first_seen_at)` } : {}),
        lastStoryId: sql`excluded.last_story_id`,
        lastChapterId: sql`excluded.last_chapter_id`,
        // The term of the latest lookup (the reader's dictionary form may name it now); the first sentence.
        term: sql`coalesce(excluded.term, ${savedWords.term})`,
        sentence: sql`coalesce(${savedWords.sentence}, excluded.sentence)`,
      },
    })
    .returning({
      id: savedWords.id,
      word: savedWords.word,
      occurrences: savedWords.occurrences,
      lastSeenAt: savedWords.lastSeenAt,
    });
  if (!saved) throw new Error('saveWord changed nothing');
  return {
    word: { ...saved, language: language.code, ...(looked ?? {}) },
    isCreated: saved.occurrences === 1,
  };
}

/** Where a word was seen: the story follows from the chapter; a chapter of another story is refused. */
async function wherePlace(
  db: Database | Transaction,
  storyId: number | null,
  chapterId: number | null,
): Promise<{ storyId: number | null; chapterId: number | null }> {
  if (chapterId !== null) {
    const [chapter] = await db
      .select({ storyId: chapters.storyId })
      .from(chapters)
      .where(eq(chapters.id, chapterId));
    if (!chapter) throw new HttpError(400, 'That chapter does not exist.');
    if (storyId !== null && storyId !== chapter.storyId) {
      throw new HttpError(400, 'That chapter is not part of that story.');
    }
    return { storyId: chapter.storyId, chapterId };
  }
  if (storyId !== null) {
    const [story] = await db.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId));
    if (!story) throw new HttpError(400, 'That story does not exist.');
  }
  return { storyId, chapterId: null };
}
