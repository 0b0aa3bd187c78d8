// How a workbook's ideas meet the language's stories: the plan that both the preview and the import follow.
import { sql } from 'drizzle-orm';
import { MAX_PROMPT_LENGTH, type PromptVariable, promptLength, renderPrompt } from '#common/prompts.ts';
import type { BulkAction } from '#common/schemas/bulk.ts';
import type { Difficulty } from '#common/stories.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { CHAPTER_SHEET, STORY_SHEET } from './columns.ts';
import { type ChapterIdea, capWarnings, type StoryIdea, titleKey } from './ideas.ts';

type Queryable = Database | Transaction;

/** The author of a new story whose row names none: the stories are the site's own until a writer signs them. */
export const DEFAULT_AUTHOR = 'Catamaran';

export interface ImportLanguage {
  id: number;
  code: string;
  name: string;
}

export interface ImportInput {
  language: ImportLanguage;
  stories: StoryIdea[];
  chapters: ChapterIdea[];
  /** Warnings found while reading the workbook and the prompts: they lead the answer's. */
  warnings: string[];
  /** How many more the workbook gave, left out to keep the answer small. */
  omittedWarnings?: number;
  template: string;
  difficultyPrompts: Record<Difficulty, string>;
}

/** A story's own fields as the import writes them. */
interface StoryValues {
  title: string;
  author: string;
  description: string;
  difficultyLevel: Difficulty;
  topics: string;
  isAdultContent: boolean;
}

interface ExistingStory extends StoryValues {
  id: number;
  isPublished: boolean;
}

interface ExistingChapter {
  id: number;
  storyId: number;
  chapterNumber: number;
  title: string;
  generationPrompt: string | null;
}

export interface ChapterPlan {
  idea: ChapterIdea;
  number: number;
  title: string;
  prompt: string;
  existingId: number | undefined;
  action: BulkAction;
}

export interface StoryPlan {
  /** Its row on the story sheet; none for an existing story only chapter rows name. */
  idea: StoryIdea | undefined;
  existingId: number | undefined;
  values: StoryValues;
  action: BulkAction;
  chapters: ChapterPlan[];
}

export interface Plan {
  stories: StoryPlan[];
  warnings: string[];
  /** How many of the workbook's warnings were left out before the plan (capWarnings). */
  omittedWarnings: number;
}

const STORY_FIELDS = sql`id, title, author, description, difficulty_level AS "difficultyLevel", topics,
  is_published AS "isPublished",
  is_adult_content AS "isAdultContent"`;

/** Adds `value` to the list at `key`, making the list on first use. */
function addTo<Value>(map: Map<string, Value[]>, key: string, value: Value): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Plans the import against the database as it is: which stories and chapters are new, which change, which are
 * already as the workbook says. `lock` (inside the import's transaction) locks the language's stories first.
 */
export async function plan(db: Queryable, input: ImportInput, options: { lock: boolean }): Promise<Plan> {
  const warnings = [...input.warnings];
  const existing = await db.execute<ExistingStory & Record<string, unknown>>(
    options.lock
      ? sql`SELECT ${STORY_FIELDS} FROM stories WHERE language_id = ${input.language.id} ORDER BY id FOR UPDATE`
      : sql`SELECT ${STORY_FIELDS} FROM stories WHERE language_id = ${input.language.id} ORDER BY id`,
  );
  const byTitle = new Map<string, ExistingStory[]>();
  for (const story of existing.rows) addTo(byTitle, titleKey(story.title), story);

  // The stories the workbook names: its story sheet's, then those only chapter rows name, by title.
  const chaptersOf = new Map<string, ChapterIdea[]>();
  for (const chapter of input.chapters) addTo(chaptersOf, titleKey(chapter.storyTitle), chapter);
  const named = new Map<string, StoryIdea | undefined>(
    input.stories.map((idea) => [titleKey(idea.title), idea]),
  );
  for (const chapter of input.chapters) {
    const key = titleKey(chapter.storyTitle);
    if (!named.has(key)) named.set(key, undefined);
  }

  const matched = matchStories(named, byTitle, chaptersOf, input.language.name, warnings);
  const chaptersByStory = await existingChapters(
    db,
    [...matched.values()].map((story) => story.id),
  );

  // The template is read once; each chapter's prompt is then measured against it.
  const measure = promptLength(input.template);
  const stories: StoryPlan[] = [];
  for (const [key, idea] of named) {
    const current = matched.get(key);
    if (!idea && !current) continue;
    const values = storyValues(idea, current);
    const action: BulkAction = !current ? 'create' : isSameStory(current, values) ? 'unchanged' : 'update';
    const ideas = (chaptersOf.get(key) ?? []).toSorted((a, b) => a.number - b.number);
    if (idea && !current && ideas.length === 0) {
      warnings.push(
        `${STORY_SHEET} row ${idea.row} ("${idea.title.slice(0, 60)}"): no chapters on the ${CHAPTER_SHEET} ` +
          'sheet; the story is created without any.',
      );
    }
    const numbers = current ? chaptersByStory.get(current.id) : undefined;
    stories.push({
      idea,
      existingId: current?.id,
      values,
      action,
      chapters: planChapters(
        ideas,
        numbers ?? new Map(),
        { ...values, isPublished: current?.isPublished === true },
        input,
        measure,
        warnings,
      ),
    });
  }
  return { stories, warnings, omittedWarnings: input.omittedWarnings ?? 0 };
}

/**
 * The stored story each named title updates: the oldest of its language with that title (a warning says so
 * when there are several); chapter rows of a story found nowhere are warned about and skipped.
 */
function matchStories(
  named: ReadonlyMap<string, StoryIdea | undefined>,
  byTitle: ReadonlyMap<string, ExistingStory[]>,
  chaptersOf: ReadonlyMap<string, ChapterIdea[]>,
  languageName: string,
  warnings: string[],
): Map<string, ExistingStory> {
  const matched = new Map<string, ExistingStory>();
  for (const [key, idea] of named) {
    const candidates = byTitle.get(key);
    const first = candidates?.[0];
    if (!first) {
      if (!idea) {
        for (const chapter of chaptersOf.get(key) ?? []) {
          warnings.push(
            `${CHAPTER_SHEET} row ${chapter.row}: story "${chapter.storyTitle.slice(0, 60)}" is neither on the ` +
              `${STORY_SHEET} sheet nor among the ${languageName} stories; skipped.`,
          );
        }
      }
      continue;
    }
    matched.set(key, first);
    if (candidates.length > 1) {
      const where = idea
        ? `${STORY_SHEET} row ${idea.row}`
        : `${CHAPTER_SHEET} row ${chaptersOf.get(key)?.[0]?.row}`;
      warnings.push(
        `${where} ("${first.title.slice(0, 60)}"): ${candidates.length} ${languageName} stories have ` +
          `this title; the oldest (id ${first.id}) is the one updated.`,
      );
    }
  }
  return matched;
}

/** The chapters of the matched stories, by story id and chapter number. */
async function existingChapters(
  db: Queryable,
  matchedIds: number[],
): Promise<Map<number, Map<number, ExistingChapter>>> {
  const chaptersByStory = new Map<number, Map<number, ExistingChapter>>();
  if (matchedIds.length > 0) {
    const rows = await db.execute<ExistingChapter & Record<string, unknown>>(sql`
      SELECT id, story_id AS "storyId", chapter_number AS "chapterNumber", title,
        generation_prompt AS "generationPrompt"
      FROM chapters WHERE story_id = ANY(${`{${matchedIds.join(',')}}`}::int[])`);
    for (const chapter of rows.rows) {
      const numbers = chaptersByStory.get(chapter.storyId) ?? new Map<number, ExistingChapter>();
      numbers.set(chapter.chapterNumber, chapter);
      chaptersByStory.set(chapter.storyId, numbers);
    }
  }
  return chaptersByStory;
}

/**
 * A story's fields after the import: its row's, where the row says something; a blank cell keeps what an
 * earlier import or the editor wrote. A story only chapter rows name keeps all of its own.
 */
function storyValues(idea: StoryIdea | undefined, current: ExistingStory | undefined): StoryValues {
  if (!idea) {
    if (!current) throw new Error('storyValues needs a row or a story');
    const { id: _id, isPublished: _isPublished, ...values } = current;
    return values;
  }
  return {
    title: current?.title ?? idea.title,
    author: idea.author ?? current?.author ?? DEFAULT_AUTHOR,
    description: idea.description || current?.description || '',
    difficultyLevel: idea.level,
    topics: idea.topics || current?.topics || '',
    isAdultContent: idea.isAdult ?? current?.isAdultContent ?? false,
  };
}

function isSameStory(current: StoryValues, values: StoryValues): boolean {
  return (
    current.author === values.author &&
    current.description === values.description &&
    current.difficultyLevel === values.difficultyLevel &&
    current.topics === values.topics &&
    current.isAdultContent === values.isAdultContent
  );
}

/**
 * A story's chapters, by number: an existing number is updated (its title and prompt; the text is the
 * writer's and is never touched), the next number is created. A number past the next would leave a gap, which
 * chapter numbering (from 1, without gaps) cannot hold: it is skipped with a warning, so that importing the
 * workbook again finds the same chapters rather than creating them twice. A published story gets no new
 * chapters: they would reach learners empty (server/stories/service.ts keeps that rule in the editor).
 */
function planChapters(
  ideas: ChapterIdea[],
  existing: Map<number, ExistingChapter>,
  story: StoryValues & { isPublished: boolean },
  input: ImportInput,
  measure: ReturnType<typeof promptLength>,
  warnings: string[],
): ChapterPlan[] {
  let count = existing.size;
  const plans: ChapterPlan[] = [];
  for (const idea of ideas) {
    if (story.isPublished && !existing.has(idea.number)) {
      warnings.push(
        `${CHAPTER_SHEET} row ${idea.row}: "${story.title.slice(0, 60)}" is published, and learners would find ` +
          `chapter ${idea.number} empty: unpublish the story to add chapter ideas; skipped.`,
      );
      continue;
    }
    if (idea.number > count + 1) {
      const missing = count + 1 === idea.number - 1 ? `${count + 1}` : `${count + 1} to ${idea.number - 1}`;
      warnings.push(
        `${CHAPTER_SHEET} row ${idea.row}: chapter ${idea.number} of "${story.title.slice(0, 60)}" would ` +
          `leave a gap (chapter ${missing} ${count + 1 === idea.number - 1 ? 'is' : 'are'} missing); skipped.`,
      );
      continue;
    }
    const values = promptValues(idea, story, input);
    if (measure(values, story.isAdultContent) > MAX_PROMPT_LENGTH) {
      throw new HttpError(
        400,
        `The prompt of chapter ${idea.number} of "${story.title.slice(0, 60)}" would be longer than ` +
          `${MAX_PROMPT_LENGTH.toLocaleString('en-US')} characters: shorten the prompt template or the ` +
          `${story.difficultyLevel} style guide.`,
      );
    }
    const prompt = renderPrompt(input.template, values, story.isAdultContent);
    const current = existing.get(idea.number);
    if (!current) count += 1;
    plans.push({
      idea,
      number: idea.number,
      title: idea.title,
      prompt,
      existingId: current?.id,
      action: !current
        ? 'create'
        : current.title === idea.title && current.generationPrompt === prompt
          ? 'unchanged'
          : 'update',
    });
  }
  return plans;
}

function promptValues(
  chapter: ChapterIdea,
  story: StoryValues,
  input: ImportInput,
): Record<PromptVariable, string> {
  return {
    title: story.title,
    story_description: story.description,
    chapter_number: String(chapter.number),
    chapter_title: chapter.title,
    chapter_purpose: chapter.purpose,
    difficulty_prompt: input.difficultyPrompts[story.difficultyLevel],
    level: story.difficultyLevel,
    is_adult: story.isAdultContent ? 'yes' : 'no',
    language: input.language.name,
  };
}

export const isChanged = (chapter: ChapterPlan) => chapter.action !== 'unchanged';

export function counts(plan: Plan) {
  const chapters = plan.stories.flatMap((story) => story.chapters);
  const storiesWith = (action: BulkAction) => plan.stories.filter((story) => story.action === action).length;
  const chaptersWith = (action: BulkAction) => chapters.filter((chapter) => chapter.action === action).length;
  return {
    created_stories: storiesWith('create'),
    updated_stories: storiesWith('update'),
    created_chapters: chaptersWith('create'),
    updated_chapters: chaptersWith('update'),
    total_chapters: chapters.length,
    warnings: capWarnings(plan.warnings, plan.omittedWarnings),
  };
}
