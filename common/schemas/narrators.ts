// POST /api/teacher-application/ and the applicant video calls (learner.md §3, §5, §7; admin.md §3, §7).
import { z } from 'zod';
import { lazy } from '../lazy.ts';
import { formatCount } from '../plural.ts';

/** The languages the /apply form is written in (learner.md §9), with admin.md §9's labels. */
export const FORM_LANGUAGES = ['en', 'es', 'fr', 'zh'] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];
export const FORM_LANGUAGE_LABELS: Record<FormLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  zh: 'Chinese',
};

/** The weekly-hours choices, in the order the form offers them. */
export const WEEKLY_HOURS_CHOICES = ['<5', '5-10', '10-20', '20+'] as const;
export type WeeklyHoursChoice = (typeof WEEKLY_HOURS_CHOICES)[number];
/** The choices in English words, as the English form offers them and the admin reads them. */
export const WEEKLY_HOURS_LABELS: Record<WeeklyHoursChoice, string> = {
  '<5': 'Less than 5 hours',
  '5-10': '5 to 10 hours',
  '10-20': '10 to 20 hours',
  '20+': 'More than 20 hours',
};

/** Bounds on the answers: a line for names and places, a page for the short responses. */
export const APPLICATION_LIMITS = {
  line: 200,
  email: 254,
  rate: 100,
  answer: 5000,
} as const;

/** Control characters are no part of an answer (tabs and line breaks aside), and PostgreSQL text cannot hold NUL. */
const hasControlCharacters = (text: string) => /\p{Cc}/u.test(text.replace(/[\t\n\r]/g, ' '));
const noControlCharacters = (field: string) =>
  [
    (text: string) => !hasControlCharacters(text),
    { error: `${field} must not contain control characters.` },
  ] as const;

/** "required" when the field is missing, "must be text" when it is something else. */
const textError = (field: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${field} is required.` : `${field} must be text.`;

const line = (field: string) =>
  z
    .string({ error: textError(field) })
    .trim()
    .min(1, { error: `${field} is required.` })
    .max(APPLICATION_LIMITS.line, {
      error: `${field} can be at most ${APPLICATION_LIMITS.line} characters.`,
    })
    .refine(...noControlCharacters(field));

const answer = (field: string) =>
  z
    .string({ error: textError(field) })
    .trim()
    .min(1, { error: `${field} is required.` })
    .max(APPLICATION_LIMITS.answer, {
      error: `${field} can be at most ${formatCount(APPLICATION_LIMITS.answer)} characters.`,
    })
    .refine(...noControlCharacters(field));

/** An optional text answer: absent, null and blank are all "not answered" (stored as an empty string). */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, { error: `${field} can be at most ${formatCount(max)} characters.` })
    .refine(...noControlCharacters(field))
    .nullish()
    .transform((value) => value ?? '');

const yesNo = (question: string) => z.boolean({ error: `${question} must be answered yes or no.` });

/**
 * One narrator application. Required fields are learner.md §5's; yes/no answers are booleans (the optional
 * microphone question may be left unanswered: null); story types default to unticked.
 */
export const TeacherApplicationInput = lazy(() =>
  z.object(
    {
      form_language: z
        .enum(FORM_LANGUAGES, { error: 'form_language must be en, es, fr or zh.' })
        .default('en'),
      full_name: line('Full name'),
      email: z
        .string({ error: 'Email is required.' })
        .trim()
        .min(1, { error: 'Email is required.' })
        .max(APPLICATION_LIMITS.email, { error: 'Email is too long.' })
        .pipe(z.email({ error: 'Enter a valid email address.' })),
      city_country: line('City and country'),
      native_languages: line('Native languages'),
      experience_text: answer('Job experience'),
      camera_comfortable: yesNo('Comfort on camera'),
      accent_description: optionalText('Accent description', APPLICATION_LIMITS.answer),
      quiet_env: yesNo('Quiet environment'),
      can_purchase_mic: z
        .boolean({ error: 'Microphone purchase must be answered yes or no.' })
        .nullish()
        .transform((value) => value ?? null),
      willing_submit_sample: yesNo('Willingness to submit a sample'),
      weekly_hours_choice: z.enum(WEEKLY_HOURS_CHOICES, {
        error: 'Weekly hours must be one of <5, 5-10, 10-20 or 20+.',
      }),
      desired_hourly_rate: optionalText('Desired hourly rate', APPLICATION_LIMITS.rate),
      topics_general: z.boolean({ error: 'topics_general must be true or false.' }).default(false),
      topics_18: z.boolean({ error: 'topics_18 must be true or false.' }).default(false),
      topics_nsfw: z.boolean({ error: 'topics_nsfw must be true or false.' }).default(false),
      why_catamaran: answer('Why you want to work with Catamaran'),
      fit_for_learners: optionalText('Fit for learners', APPLICATION_LIMITS.answer),
      expressive_reading: optionalText('Expressive reading', APPLICATION_LIMITS.answer),
      anything_else: optionalText('Anything else', APPLICATION_LIMITS.answer),
    },
    { error: 'Send the application as a JSON object.' },
  ),
);
export type TeacherApplicationInput = z.input<typeof TeacherApplicationInput>;
export type TeacherApplicationFields = z.output<typeof TeacherApplicationInput>;

/** An application as the admin's Teachers tab reads it (admin.md §3). */
export const TeacherApplication = lazy(() =>
  z.object({
    id: z.number(),
    form_language: z.enum(FORM_LANGUAGES),
    full_name: z.string(),
    email: z.string(),
    city_country: z.string(),
    native_languages: z.string(),
    experience_text: z.string(),
    camera_comfortable: z.boolean(),
    accent_description: z.string(),
    quiet_env: z.boolean(),
    can_purchase_mic: z.boolean().nullable(),
    willing_submit_sample: z.boolean(),
    weekly_hours_choice: z.enum(WEEKLY_HOURS_CHOICES),
    desired_hourly_rate: z.string(),
    topics_general: z.boolean(),
    topics_18: z.boolean(),
    topics_nsfw: z.boolean(),
    why_catamaran: z.string(),
    fit_for_learners: z.string(),
    expressive_reading: z.string(),
    anything_else: z.string(),
    contacted: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TeacherApplication = z.infer<typeof TeacherApplication>;

/**
 * The video containers an applicant may send (learner.md §5: MP4, WebM, MOV, MKV, AVI, MPEG), keyed by the type
 * `file-type` reads from their bytes, with the extension the stored object gets.
 */
export const APPLICANT_VIDEO_TYPES: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/matroska': 'mkv',
  'video/vnd.avi': 'avi',
  'video/mpeg': 'mpeg',
  'video/MP1S': 'mpeg',
  'video/MP2P': 'mpeg',
};
/** The names' extensions, for the start call and the file chooser. */
export const APPLICANT_VIDEO_EXTENSIONS = ['mp4', 'm4v', 'webm', 'mov', 'mkv', 'avi', 'mpeg', 'mpg'] as const;
/** 500 MB, stated to applicants and enforced while the upload streams. */
export const APPLICANT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;

export const VIDEO_FIELDS_REQUIRED = 'Email and file are required';
export const UNSUPPORTED_VIDEO = 'Only MP4, WebM, MOV, MKV, AVI or MPEG videos can be uploaded.';
export const VIDEO_TOO_LARGE = `The video is too large. Maximum size is ${APPLICANT_VIDEO_MAX_BYTES / 1024 / 1024}MB.`;
/** Sample videos kept per applicant: enough for a retake or two, not a free file host. */
export const MAX_VIDEOS_PER_APPLICANT = 3;
export const TOO_MANY_VIDEOS = `You have already sent ${MAX_VIDEOS_PER_APPLICANT} videos. We will be in touch by email.`;
export const NOT_AUTHORIZED = 'Not authorized';

/** GET /api/applicant-video/start/ */
export const ApplicantVideoStartQuery = lazy(() =>
  z.object({
    email: z
      .string({ error: VIDEO_FIELDS_REQUIRED })
      .trim()
      .min(1, { error: VIDEO_FIELDS_REQUIRED })
      .max(APPLICATION_LIMITS.email, { error: 'Email is too long.' })
      .pipe(z.email({ error: 'Enter a valid email address.' })),
    filename: z
      .string({ error: VIDEO_FIELDS_REQUIRED })
      .trim()
      .min(1, { error: VIDEO_FIELDS_REQUIRED })
      .max(255, { error: 'The file name can be at most 255 characters.' }),
    content_type: z.string().trim().max(100).optional(),
  }),
);
export type ApplicantVideoStartQuery = z.infer<typeof ApplicantVideoStartQuery>;

/** An applicant video as the admin's Videos list reads it (admin.md §3). */
export const ApplicantVideo = lazy(() =>
  z.object({
    id: z.number(),
    email: z.string(),
    original_filename: z.string(),
    storage_path: z.string(),
    file_size: z.number(),
    created_at: z.string(),
  }),
);
export type ApplicantVideo = z.infer<typeof ApplicantVideo>;

/** GET /api/applicant-video/start/ */
export const ApplicantVideoStart = lazy(() => z.object({ upload_path: z.string() }));
/** GET /api/applicant-video/admin/signed-url/?path= : a video's storage path. */
export const SignedVideoUrlQuery = lazy(() =>
  z.object({
    path: z.string({ error: 'path is required.' }).min(1, { error: 'path is required.' }).max(300),
  }),
);
/** GET /api/applicant-video/admin/signed-url/ */
export const SignedVideoUrl = lazy(() => z.object({ url: z.string(), expires_in: z.number() }));
