import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseFile } from 'music-metadata';
import { lengthCategory } from '#common/stories.ts';
import { chapterWords } from '#server/analysis/service.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { chapters, dictionaryImports, languages, stories } from '#server/db/schema.ts';
import {
  claimImport,
  executeImport,
  type ImportDeps,
  type ImportLog,
} from '#server/dictionary/imports/service.ts';
import type { ObjectStorage } from '#server/storage/storage.ts';
import { readAlongFromCues, sanitizeChapterContent } from '#server/stories/service.ts';
import { DEMO_DICTIONARIES, type DemoMedia, type DemoStory, loadDemoLibrary } from './library.ts';

export interface DemoLibraryDeps {
  db: Database;
  storage: ObjectStorage;
  log: Pick<ImportLog, 'warn'>;
}

export interface DemoContentDeps extends ImportDeps {
  storage: ObjectStorage;
}

/** What a start added: the language pairs whose demo dictionary it imported, and the stories it created. */
export interface DemoSeeded {
  dictionaries: string[];
  stories: number;
}

/**
 * Gives a fresh install something to read (DEMO_CONTENT=on): the demo dictionaries, then the demo library.
 * Each part happens once per database, and never over an administrator's work (see the two functions).
 */
export async function seedDemoContent(deps: DemoContentDeps): Promise<DemoSeeded> {
  const dictionaries = await seedDemoDictionaries(deps);
  const created = await seedDemoLibrary(deps);
  return { dictionaries, stories: created };
}

// Two server processes starting on one new database would both find it empty: each part is decided under a
// PostgreSQL advisory lock held by its transaction, and the second process, once it has the lock, finds the
// work done (or, for a dictionary, begun). No connection is held while a dictionary loads: the import needs
// the pool's, and DATABASE_POOL_MAX may be 1.
const DICTIONARIES_LOCK = sql`hashtext('catamaran:demo-dictionaries')`;
const LIBRARY_LOCK = sql`hashtext('catamaran:demo-library')`;

/**
 * Imports each demo dictionary (es, fr, ja → en) through the same import as a real dump, for a pair that has
 * never had an import: a pair an administrator has imported, or replaced the demo of, keeps what it has.
 * Answers the pairs imported ('es-en').
 */
async function seedDemoDictionaries(deps: ImportDeps): Promise<string[]> {
  const imported: string[] = [];
  for (const dictionary of DEMO_DICTIONARIES) {
    if (await importOnce(deps, dictionary)) imported.push(`${dictionary.source}-${dictionary.target}`);
  }
  return imported;
}

async function importOnce(
  deps: ImportDeps,
  dictionary: (typeof DEMO_DICTIONARIES)[number],
): Promise<boolean> {
  const fileSize = (await stat(dictionary.file)).size;
  // The import's row is the claim: written in the transaction that saw the pair had none.
  const created = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DICTIONARIES_LOCK})`);
    const [earlier] = await tx
      .select({ id: dictionaryImports.id })
      .from(dictionaryImports)
      .where(
        and(
          eq(dictionaryImports.sourceCode, dictionary.source),
          eq(dictionaryImports.targetCode, dictionary.target),
        ),
      )
      .limit(1);
    if (earlier) return undefined;
    const [row] = await tx
      .insert(dictionaryImports)
      .values({
        sourceCode: dictionary.source,
        targetCode: dictionary.target,
        fileName: `demo ${dictionary.source}-${dictionary.target}.jsonl`,
        fileSize,
      })
      .returning({ id: dictionaryImports.id });
    return row;
  });
  if (!created) return false;
  const row = await claimImport(deps.db, created.id);
  if (!row) return false;
  const finished = await executeImport(deps, row, new AbortController().signal, async () =>
    createReadStream(dictionary.file),
  );
  return finished?.status === 'succeeded';
}

/**
 * Creates the demo library (server/db/demo/library.json): published stories in Spanish, French and Japanese
 * with their chapters, covers and audio, counted as the admin area counts them. Only into a database that has
 * never had a story: the stories' id sequence remembers one even after it is deleted, so an administrator who
 * deletes the demo stories does not see them come back, and a site with stories of its own gets none.
 * Answers how many stories it created.
 */
async function seedDemoLibrary(deps: DemoLibraryDeps, library?: DemoStory[]): Promise<number> {
  const demo = library ?? (await loadDemoLibrary());
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LIBRARY_LOCK})`);
      const { rows } = await tx.execute<{ has_had_stories: boolean }>(
        // The sequence's last value is null until a first story takes an id; a user without rights on the
        // sequence would read null too, so the stories themselves are asked as well.
        sql`SELECT pg_sequence_last_value(pg_get_serial_sequence('stories', 'id')::regclass) IS NOT NULL
              OR EXISTS (SELECT 1 FROM ${stories}) AS has_had_stories`,
      );
      if (rows[0]?.has_had_stories !== false) return 0;

      const codes = [...new Set(demo.map((story) => story.language))];
      const found = codes.length
        ? await tx
            .select({ id: languages.id, code: languages.code })
            .from(languages)
            .where(inArray(languages.code, codes))
        : [];
      const languageIds = new Map(found.map((language) => [language.code, language.id]));

      let created = 0;
      for (const story of demo) {
        const languageId = languageIds.get(story.language);
        if (languageId === undefined) {
          deps.log.warn({ story: story.slug }, `no language ${story.language}: demo story left out`);
          continue;
        }
        await insertDemoStory(tx, deps.storage, { story, languageId }, written);
        created += 1;
      }
      return created;
    });
  } catch (error) {
    // Nothing points at the files written: an orphan costs only space, but there is no reason to keep one.
    await deps.storage.delete(written).catch(() => undefined);
    throw error;
  }
}

/** Writes one demo story with its chapters, its cover and audio stored first (their keys added to `written`). */
async function insertDemoStory(
  tx: Transaction,
  storage: ObjectStorage,
  { story, languageId }: { story: DemoStory; languageId: number },
  written: string[],
): Promise<void> {
  const coverKey = await store(storage, story.cover, 'story-images/covers', written);
  const counted = story.chapters.map((chapter) => {
    const content = sanitizeChapterContent(chapter.content);
    return { ...chapter, content, ...chapterWords(content, story.language) };
  });
  const words = counted.reduce((sum, chapter) => sum + chapter.wordCount, 0);
  const [inserted] = await tx
    .insert(stories)
    .values({
      title: story.title,
      author: story.author,
      description: story.description,
      languageId,
      difficultyLevel: story.difficulty,
      topics: story.topics,
      isPublished: true,
      isFree: story.isFree,
      isAdultContent: false,
      coverImageKey: coverKey,
      estimatedWordCount: words,
      lengthCategory: lengthCategory(words),
    })
    .returning({ id: stories.id });
  if (!inserted) throw new Error('seedDemoLibrary inserted no story');
  const rows = [];
  for (const [index, chapter] of counted.entries()) {
    const audio = chapter.audio
      ? {
          audioKey: await store(storage, chapter.audio, 'story-audio/chapters', written),
          audioDurationSeconds: await durationOf(chapter.audio),
          readAlong:
            chapter.timings === undefined
              ? null
              : readAlongFromCues({ ...chapter, languageCode: story.language }, chapter.timings),
        }
      : {};
    rows.push({
      storyId: inserted.id,
      chapterNumber: index + 1,
      orderIndex: index,
      title: chapter.title,
      content: chapter.content,
      wordCount: chapter.wordCount,
      words: chapter.words,
      ...audio,
    });
  }
  await tx.insert(chapters).values(rows);
}

/** Copies a demo file into object storage under a new key of its own; answers the key. */
async function store(
  storage: ObjectStorage,
  media: DemoMedia,
  folder: string,
  written: string[],
): Promise<string> {
  const extension = media.path.slice(media.path.lastIndexOf('.') + 1);
  const key = `${folder}/demo-${Date.now()}-${randomBytes(4).toString('hex')}.${extension}`;
  await storage.put(key, createReadStream(media.path), { contentType: media.contentType });
  written.push(key);
  return key;
}

/** The audio's length in whole seconds, as an upload measures it; null when it cannot be read. */
async function durationOf(media: DemoMedia): Promise<number | null> {
  const seconds = await parseFile(media.path, { duration: true, skipCovers: true })
    .then((metadata) => metadata.format.duration)
    .catch(() => undefined);
  return seconds === undefined || !Number.isFinite(seconds) ? null : Math.round(seconds);
}
