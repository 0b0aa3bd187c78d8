// What a bulk import does with a workbook's ideas (admin.md §2, §3, §7): stories matched by title within the
// language are updated and the others created; chapters matched by story and number are updated and the others
// created, each with its generation prompt and an empty body for the writer. The preview plans the same way
// without writing, so what it announces is what the import then does.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  BULK_PREVIEW_LIMIT,
  type BulkAction,
  type BulkImportAnswer,
  type BulkPreviewAnswer,
  type BulkPreviewItem,
} from '#common/schemas/bulk.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { NO_SUCH_LANGUAGE } from '#server/languages/service.ts';
import { titleKey } from './ideas.ts';
import {
  counts,
  type ImportInput,
  type ImportLanguage,
  isChanged,
  type Plan,
  plan,
  type StoryPlan,
} from './plan.ts';

/** What importing would do: the first chapter cards and the counts, with nothing written. */
export async function previewImport(db: Database, input: ImportInput): Promise<BulkPreviewAnswer> {
  const planned = await plan(db, input, { lock: false });
  const preview: BulkPreviewItem[] = [];
  for (const story of planned.stories) {
    for (const chapter of story.chapters) {
      if (preview.length === BULK_PREVIEW_LIMIT) break;
      preview.push({
        title: story.values.title,
        level: story.values.difficultyLevel,
        story_description: story.values.description,
        chapter_number: chapter.number,
        chapter_title: chapter.title,
        chapter_purpose: chapter.idea.purpose,
        generation_prompt: chapter.prompt,
        is_adult: story.values.isAdultContent,
        action: chapter.action,
      });
    }
  }
  return { mode: 'preview', ...counts(planned), preview };
}

/**
 * Imports the ideas in one transaction: all of them or, on a failure, none. Imports into one language take
 * turns, and the language's stories are locked against the editor meanwhile, so the plan holds as it is
 * written. New stories are drafts; chapters are added at the end of their story, numbered as the workbook says.
 */
export async function runImport(db: Database, input: ImportInput): Promise<BulkImportAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bulk-import:${input.language.id}`}))`);
    const planned = await plan(tx, input, { lock: true });

    const created = planned.stories.filter((story) => story.action === 'create');
    const newIds = new Map<string, number>();
    if (created.length > 0) {
      const rows = created.map(({ values }) => ({ ...values, languageId: input.language.id }));
      const inserted = await tx.execute<{ id: number; title: string }>(sql`
        INSERT INTO stories (title, author, description, language_id, difficulty_level, topics, is_adult_content)
        SELECT title, author, description, "languageId", "difficultyLevel", topics, "isAdultContent"
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(title text, author text, description text,
          "languageId" int, "difficultyLevel" text, topics text, "isAdultContent" boolean)
        RETURNING id, title`);
      // The workbook's titles are distinct (readIdeas) and new to the language (plan): each names one row.
      for (const row of inserted.rows) newIds.set(titleKey(row.title), row.id);
    }
    const storyId = (story: StoryPlan) =>
      story.existingId ?? (newIds.get(titleKey(story.values.title)) as number);

    const changedStories = planned.stories
      .filter((story) => story.action === 'update')
      .map((story) => ({ id: storyId(story), ...story.values }));
    if (changedStories.length > 0) {
      await tx.execute(sql`
        UPDATE stories s SET author = r.author, description = r.description,
          difficulty_level = r."difficultyLevel", topics = r.topics,
          is_adult_content = r."isAdultContent", updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(changedStories)}::jsonb) AS r(id int, author text,
          description text, "difficultyLevel" text, topics text, "isAdultContent" boolean)
        WHERE s.id = r.id`);
    }

    await writeChapters(tx, planned, storyId);
    // A story whose chapters alone changed comes first in the admin's list too, as an edit in the editor would.
    const withNewChapters = planned.stories
      .filter((story) => story.action === 'unchanged' && story.chapters.some(isChanged))
      .map(storyId);
    if (withNewChapters.length > 0) {
      await tx.execute(
        sql`UPDATE stories SET updated_at = now() WHERE id = ANY(${`{${withNewChapters.join(',')}}`}::int[])`,
      );
    }

    return {
      mode: 'import',
      ...counts(planned),
      stories: planned.stories.map((story) => ({
        id: storyId(story),
        title: story.values.title,
        action: story.action,
        changed_chapters: story.chapters.filter(isChanged).length,
      })),
    };
  });
}

/** Creates the planned new chapters (empty, for the writer) and updates the changed ones' titles and prompts. */
async function writeChapters(
  tx: Transaction,
  planned: Plan,
  storyId: (story: StoryPlan) => number,
): Promise<void> {
  const chaptersWith = (action: BulkAction) =>
    planned.stories.flatMap((story) =>
      story.chapters.filter((chapter) => chapter.action === action).map((chapter) => ({ story, chapter })),
    );
  const newChapters = chaptersWith('create').map(({ story, chapter }) => ({
    story: storyId(story),
    n: chapter.number,
    title: chapter.title,
    prompt: chapter.prompt,
  }));
  if (newChapters.length > 0) {
    await tx.execute(sql`
      INSERT INTO chapters (story_id, chapter_number, order_index, title, content, word_count, generation_prompt)
      SELECT story, n, n - 1, title, '', 0, prompt
      FROM jsonb_to_recordset(${JSON.stringify(newChapters)}::jsonb) AS r(story int, n int, title text, prompt text)`);
  }
  const changedChapters = chaptersWith('update').map(({ chapter }) => ({
    id: chapter.existingId,
    title: chapter.title,
    prompt: chapter.prompt,
  }));
  if (changedChapters.length > 0) {
    await tx.execute(sql`
      UPDATE chapters AS c SET title = r.title, generation_prompt = r.prompt, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(changedChapters)}::jsonb) AS r(id int, title text, prompt text)
      WHERE c.id = r.id`);
  }
}

/** The language an import goes into; 400 for one that does not exist. */
export async function findImportLanguage(pool: pg.Pool, id: number): Promise<ImportLanguage> {
  const { rows } = await pool.query<ImportLanguage>('SELECT id, code, name FROM languages WHERE id = $1', [
    id,
  ]);
  const language = rows[0];
  if (!language) throw new HttpError(400, NO_SUCH_LANGUAGE);
  return language;
}
