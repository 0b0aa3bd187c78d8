import { AdminStoryInput } from '#common/schemas/stories.ts';
import { DEFAULT_DIFFICULTY, type Difficulty } from '#common/stories.ts';
import { checkForm, type FormCheck } from '#web/lib/form.ts';

export const STORY_REQUIRED = 'Title, author, and language are required';

/** A story's fields as its form holds them: the Add Story dialog's, and the story editor's Metadata tab's. */
export interface StoryFields {
  title: string;
  author: string;
  description: string;
  /** The language's id as the select holds it. */
  languageId: string;
  difficulty: Difficulty;
  topics: string;
  isPublished: boolean;
  isFree: boolean;
  isAdult: boolean;
}

/** A new story's fields: empty, at the default difficulty, a draft. */
export const NEW_STORY_FIELDS: StoryFields = {
  title: '',
  author: '',
  description: '',
  languageId: '',
  difficulty: DEFAULT_DIFFICULTY,
  topics: '',
  isPublished: false,
  isFree: false,
  isAdult: false,
};

/** The story's fields checked by AdminStoryInput (common/schemas/stories.ts), as the server will check them. */
export function checkStoryFields(fields: StoryFields): FormCheck<AdminStoryInput> {
  return checkForm(AdminStoryInput, storyInput(fields), STORY_REQUIRED);
}

function storyInput(fields: StoryFields) {
  return {
    title: fields.title,
    author: fields.author,
    description: fields.description,
    language: fields.languageId === '' ? undefined : Number(fields.languageId),
    difficulty_level: fields.difficulty,
    topics: fields.topics,
    is_published: fields.isPublished,
    is_free: fields.isFree,
    is_adult_content: fields.isAdult,
  };
}
