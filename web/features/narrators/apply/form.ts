import {
  APPLICATION_LIMITS,
  FORM_LANGUAGES,
  type FormLanguage,
  type TeacherApplicationFields,
  TeacherApplicationInput,
  type WeeklyHoursChoice,
} from '#common/schemas/narrators.ts';

/** Every answer of the form; the language it is written in travels beside them as form_language. */
export type ApplicationFieldName = Exclude<keyof TeacherApplicationInput, 'form_language'>;

export const YES_NO_FIELDS = [
  'camera_comfortable',
  'quiet_env',
  'can_purchase_mic',
  'willing_submit_sample',
] as const satisfies readonly ApplicationFieldName[];
export type YesNoFieldName = (typeof YES_NO_FIELDS)[number];

export const STORY_TYPE_FIELDS = [
  'topics_general',
  'topics_18',
  'topics_nsfw',
] as const satisfies readonly ApplicationFieldName[];
export type StoryTypeFieldName = (typeof STORY_TYPE_FIELDS)[number];

export type TextFieldName = Exclude<
  ApplicationFieldName,
  YesNoFieldName | StoryTypeFieldName | 'weekly_hours_choice'
>;

/** The most characters each text answer takes: the schema's limits (APPLICATION_LIMITS). */
export const TEXT_LIMITS: Record<TextFieldName, number> = {
  full_name: APPLICATION_LIMITS.line,
  email: APPLICATION_LIMITS.email,
  city_country: APPLICATION_LIMITS.line,
  native_languages: APPLICATION_LIMITS.line,
  experience_text: APPLICATION_LIMITS.answer,
  accent_description: APPLICATION_LIMITS.answer,
  desired_hourly_rate: APPLICATION_LIMITS.rate,
  why_catamaran: APPLICATION_LIMITS.answer,
  fit_for_learners: APPLICATION_LIMITS.answer,
  expressive_reading: APPLICATION_LIMITS.answer,
  anything_else: APPLICATION_LIMITS.answer,
};

/** The answers learner.md §5 requires; the schema requires the same ones (form.test.ts holds them together). */
export const REQUIRED_FIELDS = [
  'full_name',
  'email',
  'city_country',
  'native_languages',
  'experience_text',
  'camera_comfortable',
  'quiet_env',
  'willing_submit_sample',
  'weekly_hours_choice',
  'why_catamaran',
] as const satisfies readonly ApplicationFieldName[];
export type RequiredFieldName = (typeof REQUIRED_FIELDS)[number];

export function isRequiredField(field: ApplicationFieldName): field is RequiredFieldName {
  return (REQUIRED_FIELDS as readonly ApplicationFieldName[]).includes(field);
}

type DraftValue<Field extends ApplicationFieldName> = Field extends YesNoFieldName
  ? boolean | null
  : Field extends StoryTypeFieldName
    ? boolean
    : Field extends 'weekly_hours_choice'
      ? WeeklyHoursChoice | null
      : string;

/** The form as typed so far: null is a question not answered yet. A field the schema gains must be added here. */
export type ApplicationDraft = { [Field in ApplicationFieldName]: DraftValue<Field> };

export const EMPTY_DRAFT: ApplicationDraft = {
  full_name: '',
  email: '',
  city_country: '',
  native_languages: '',
  experience_text: '',
  camera_comfortable: null,
  accent_description: '',
  quiet_env: null,
  can_purchase_mic: null,
  willing_submit_sample: null,
  weekly_hours_choice: null,
  desired_hourly_rate: '',
  topics_general: false,
  topics_18: false,
  topics_nsfw: false,
  why_catamaran: '',
  fit_for_learners: '',
  expressive_reading: '',
  anything_else: '',
};

/** Why an answer is refused; the words for it come from the form's language. */
export type FieldProblem = 'required' | 'invalid_email' | 'too_long' | 'invalid';
export type FieldProblems = Partial<Record<ApplicationFieldName, FieldProblem>>;

export type DraftCheck =
  | { isValid: true; application: TeacherApplicationFields }
  | { isValid: false; problems: FieldProblems };

/**
 * Checks the draft with the schema the server applies, so the browser refuses exactly what the server would;
 * a valid draft comes back as the application to send (answers trimmed, an unanswered microphone as null).
 */
export function checkDraft(draft: ApplicationDraft, language: FormLanguage): DraftCheck {
  const result = TeacherApplicationInput.safeParse({ form_language: language, ...draft });
  if (result.success) return { isValid: true, application: result.data };
  const problems: FieldProblems = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isApplicationField(field) || problems[field]) continue;
    problems[field] = problemOf(field, issue.code, draft);
  }
  return { isValid: false, problems };
}

function problemOf(field: ApplicationFieldName, code: string, draft: ApplicationDraft): FieldProblem {
  if (code === 'too_big') return 'too_long';
  if (field === 'email' && draft.email.trim() !== '') return 'invalid_email';
  return isRequiredField(field) ? 'required' : 'invalid';
}

function isApplicationField(key: unknown): key is ApplicationFieldName {
  return typeof key === 'string' && key in EMPTY_DRAFT;
}

/** The browser's preferred language when the form is written in it (es-MX → es), otherwise English. */
export function preferredFormLanguage(browserLanguages: readonly string[]): FormLanguage {
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    const match = FORM_LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return 'en';
}
