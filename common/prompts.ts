// The generation prompts of the bulk import (admin.md §2, §7, §9): a style guide per difficulty level and one
// template for every chapter, whose {variables} are filled from the workbook's rows. The admin's tab shows the
// defaults and may change them; it sends the five guides joined as 'level: text' lines, and the template.
import { pluralForm } from './plural.ts';
import { DIFFICULTIES, type Difficulty } from './stories.ts';

/** What a writer (or a model) is asked to keep to at each level, easiest first. */
export const DEFAULT_DIFFICULTY_PROMPTS: Record<Difficulty, string> = {
  infant:
    'Use only the 300 most common words of the language, concrete nouns and everyday verbs. Sentences of 3 to ' +
    '7 words, one idea each, in the present tense. Repeat key words and sentence patterns so the reader meets ' +
    'them again and again. Themes: family, animals, food, colours, the home, a day at the park. No idioms, no ' +
    'subordinate clauses. 150 to 250 words.',
  child:
    'Use the 1,000 most common words; explain a new word through the scene rather than a definition. Sentences ' +
    'of 5 to 12 words, mostly present and simple past, with a little dialogue. Join ideas with and, but, ' +
    'because and then. Themes: school, friends, small adventures, pets, holidays, a problem solved with help. ' +
    '250 to 450 words.',
  teen:
    'Use the 2,500 most common words and a few topic words the context makes clear. Sentences of 8 to 18 words; ' +
    'past tenses, the future, simple conditionals; natural dialogue with everyday expressions. Themes: ' +
    'friendship and rivalry, first jobs, travel, mysteries, growing up, choices with consequences. 450 to 800 ' +
    'words.',
  adult:
    'Use a rich everyday vocabulary (about 5,000 words) with common idioms. Varied sentence length; every tense ' +
    'and mood the story needs, including the subjunctive; dialogue that shows character. Themes: work, ' +
    'relationships, cities, history, moral dilemmas, humour. 800 to 1,300 words.',
  expert:
    'Write as a novelist writes for native readers: the full vocabulary, regional and literary turns, long ' +
    'sentences where they serve the rhythm, irony and implication left to the reader. Any tense, mood or ' +
    'register. Themes: anything a good short story can carry. 1,200 to 2,000 words.',
};

/** Added to a chapter's prompt when its story is marked adult. */
export const ADULT_CONTENT_NOTE =
  'This story is for adult readers: mature themes such as violence, grief or desire may be treated frankly, ' +
  'but nothing gratuitous or explicit.';

/** The variables a template may use, each filled from the workbook or the admin's choices. */
export const PROMPT_VARIABLES = [
  'title',
  'story_description',
  'chapter_number',
  'chapter_title',
  'chapter_purpose',
  'difficulty_prompt',
  'level',
  'is_adult',
  'language',
] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];

/** The template every chapter's prompt is made from, unless the admin writes another. */
export const DEFAULT_PROMPT_TEMPLATE = `Write chapter {chapter_number}, "{chapter_title}", of the graded story "{title}" for learners of {language}.

The story: {story_description}
What this chapter must do: {chapter_purpose}

Reader level: {level}. Keep to this style guide:
{difficulty_prompt}

Write in {language} only: the chapter's text as paragraphs separated by blank lines, without its title, notes, glossary or translation. Keep names, places and facts consistent with the earlier chapters.`;

/** Five style guides as the bulk import call sends them: one 'level: text' entry per level, easiest first. */
export function joinDifficultyPrompts(prompts: Record<Difficulty, string>): string {
  return DIFFICULTIES.map((level) => `${level}: ${prompts[level].trim()}`).join('\n');
}

/**
 * The style guides a bulk import call sent. An entry begins on a line that starts with a level and a colon; the
 * lines after it, until the next entry, continue its text (a guide may span lines). A level sent twice keeps
 * its last text; a level not sent keeps its default; text before the first entry is reported and ignored.
 */
export function parseDifficultyPrompts(joined: string): {
  prompts: Record<Difficulty, string>;
  warnings: string[];
} {
  const prompts = { ...DEFAULT_DIFFICULTY_PROMPTS };
  const warnings: string[] = [];
  const entry = new RegExp(`^\\s*(${DIFFICULTIES.join('|')})\\s*:(.*)$`, 'i');
  let current: Difficulty | undefined;
  let lines: string[] = [];
  const finish = () => {
    const text = lines.join('\n').trim();
    if (current && text) prompts[current] = text;
  };
  let hasStray = false;
  for (const line of joined.split(/\r?\n/)) {
    const match = entry.exec(line);
    if (match) {
      finish();
      current = (match[1] as string).toLowerCase() as Difficulty;
      lines = [match[2] as string];
    } else if (current) {
      lines.push(line);
    } else if (line.trim()) {
      hasStray = true;
    }
  }
  finish();
  if (hasStray) {
    warnings.push(
      `Difficulty prompts: text before the first "level:" line was ignored (levels: ${DIFFICULTIES.join(', ')}).`,
    );
  }
  return { prompts, warnings };
}

function isVariable(name: string): name is PromptVariable {
  return (PROMPT_VARIABLES as readonly string[]).includes(name);
}

/** The unknown {variables} of a template, each once, in order of appearance. */
export function unknownVariables(template: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of template.replace(/\{\{|\}\}/g, '').matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (!isVariable(name as string)) unknown.add(name as string);
  }
  return [...unknown];
}

/** The warning for a template's unknown variables, or none. */
export function templateWarnings(template: string): string[] {
  const unknown = unknownVariables(template);
  if (unknown.length === 0) return [];
  const names = unknown.map((name) => `{${name}}`).join(', ');
  return [
    `The prompt template uses ${pluralForm(unknown.length, { one: 'an unknown variable', other: 'unknown variables' })}, left as written: ${names}. ` +
      `Known: ${PROMPT_VARIABLES.map((name) => `{${name}}`).join(', ')}.`,
  ];
}

/** The longest prompt a chapter may carry: as long as the story editor accepts (common/schemas/stories.ts). */
export const MAX_PROMPT_LENGTH = 20_000;

const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * How long renderPrompt's answer for this template would be (at most: the adult note is counted whole), without
 * building it: a template repeating a long variable must be refused before thousands of chapters' prompts are
 * made in memory.
 */
export function promptLength(
  template: string,
): (values: Record<PromptVariable, string>, isAdult: boolean) => number {
  let fixed = template.length;
  const uses = new Map<PromptVariable, number>();
  for (const [token, name] of template.matchAll(TOKEN)) {
    if (name === undefined) fixed -= 1;
    else if (isVariable(name)) {
      fixed -= token.length;
      uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  }
  return (values, isAdult) => {
    let length = fixed;
    for (const [name, count] of uses) length += count * values[name].length;
    return isAdult ? length + 2 + ADULT_CONTENT_NOTE.length : length;
  };
}

/**
 * A chapter's prompt: the template with each known {variable} filled ({{ and }} give literal braces; an
 * unknown variable stays as written, templateWarnings reports it), then the adult-content note for an adult
 * story.
 */
export function renderPrompt(
  template: string,
  values: Record<PromptVariable, string>,
  isAdult: boolean,
): string {
  const filled = template.replace(TOKEN, (token, name: string | undefined) => {
    if (token === '{{') return '{';
    if (token === '}}') return '}';
    return name !== undefined && isVariable(name) ? values[name] : token;
  });
  return isAdult ? `${filled.trimEnd()}\n\n${ADULT_CONTENT_NOTE}` : filled;
}
