// The account a learner owns (issue 20): their signed-in devices, the download of their data, and deleting
// the account. The sentences a person reads live here, once, for the server and the web app.
import { z } from 'zod';
import { lazy } from '../lazy.ts';
import { SUBSCRIPTION_STATUSES } from './billing.ts';
import { TeacherApplication } from './narrators.ts';
import { TermStatusSchema } from './terms.ts';

export const SESSION_NOT_FOUND = 'That device is not signed in to your account.';
export const CONFIRMATION_REQUIRED = 'Type your account’s e-mail address to confirm.';
export const CONFIRMATION_MISMATCH =
  'That is not your account’s e-mail address, so nothing was deleted. Type it exactly as you sign in with it.';
export const LAST_ADMIN =
  'You are the last administrator, so your account cannot be deleted. Make someone else an administrator first (npm run admin -- grant <email>).';
export const ACCOUNT_GONE = 'Your account no longer exists: sign in again.';

/** The longest address SMTP carries (RFC 5321); anything longer cannot be an account's. */
const MAX_EMAIL_LENGTH = 320;

/** A session id as the path names it: a UUID, compared in lower case. */
export const SessionId = lazy(() => z.guid({ error: SESSION_NOT_FOUND }).transform((id) => id.toLowerCase()));

/** One signed-in device: when it signed in, when it was last used, its browser, and whether it is this one. */
export const SignedInDevice = lazy(() =>
  z.object({
    id: z.string(),
    created_at: z.string(),
    /** When its token was last refreshed, or when it signed in if it never was. */
    last_used_at: z.string(),
    /** A short name from the user agent: 'Chrome on Android', 'Safari on iPhone', or 'Unknown browser'. */
    browser: z.string(),
    /** True for the session of the token that asked. */
    current: z.boolean(),
  }),
);
export type SignedInDevice = z.infer<typeof SignedInDevice>;

export const SignedInDevices = lazy(() => z.array(SignedInDevice));

/** DELETE /api/me/'s body: the account's address, typed by the learner as confirmation. */
export const DeleteAccountInput = lazy(() =>
  z.object(
    {
      email: z
        .string({ error: CONFIRMATION_REQUIRED })
        .trim()
        .min(1, { error: CONFIRMATION_REQUIRED })
        .max(MAX_EMAIL_LENGTH, { error: CONFIRMATION_MISMATCH }),
    },
    { error: CONFIRMATION_REQUIRED },
  ),
);
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** Whether a typed confirmation names the account's address: the same letters, whatever their case. */
export function confirmsAddress(typed: string, address: string): boolean {
  return typed.trim().toLowerCase() === address.trim().toLowerCase();
}

/** The name the download is saved under: catamaran-data-YYYY-MM-DD.json, the day given as YYYY-MM-DD. */
export function exportFileName(day: string): string {
  return `catamaran-data-${day}.json`;
}

const Instant = lazy(() => z.string());
const NullableInstant = lazy(() => z.string().nullable());

/** GET /api/me/export/'s document: everything the server keeps about the learner (README, "Your data"). */
// Longer because: data: the export's one schema, built on first use (lazy), field by field.
export const DataExport = lazy(() =>
  z.object({
    format: z.literal('catamaran-data-export/1'),
    exported_at: Instant,
    profile: z.object({
      id: z.string(),
      email: z.string(),
      /** An address asked for and not confirmed yet (an e-mail change waiting for its link). */
      new_email: z.string().nullable(),
      user_metadata: z.record(z.string(), z.unknown()),
      email_confirmed_at: NullableInstant,
      created_at: Instant,
      last_sign_in_at: NullableInstant,
    }),
    language_progress: z.array(
      z.object({
        language: z.string(),
        native_language: z.string().nullable(),
        total_words_read: z.number(),
        total_points: z.number(),
        current_level: z.string(),
        created_at: Instant,
        updated_at: Instant,
      }),
    ),
    points: z.object({ total: z.number(), by_language: z.record(z.string(), z.number()) }),
    chapter_progress: z.array(
      z.object({
        story_id: z.number(),
        story_title: z.string(),
        chapter_id: z.number(),
        chapter_number: z.number(),
        chapter_title: z.string(),
        is_completed: z.boolean(),
        completion_percentage: z.number(),
        words_read: z.number(),
        points_earned: z.number(),
        completed_at: NullableInstant,
        updated_at: Instant,
      }),
    ),
    reading_days: z.array(
      z.object({ day: z.string(), language: z.string(), seconds: z.number(), words_read: z.number() }),
    ),
    daily_goals: z.array(z.object({ language: z.string(), goal_minutes: z.number(), updated_at: Instant })),
    /** Speed, text size, spacing, typeface and theme as the learner set them (issue 23); null if never changed. */
    reader_settings: z
      .object({
        playback_rate: z.number(),
        text_size: z.string(),
        line_spacing: z.string(),
        typeface: z.string(),
        theme: z.string(),
        updated_at: Instant,
      })
      .nullable(),
    /** Readings above the words (furigana, pinyin) as chosen per language (issue 21). */
    reading_aids: z.array(
      z.object({ language: z.string(), show_readings: z.boolean(), updated_at: Instant }),
    ),
    /** What the learner knows: each term's status per language (issue 22). */
    term_statuses: z.array(
      z.object({ language: z.string(), term: z.string(), status: TermStatusSchema, updated_at: Instant }),
    ),
    saved_words: z.array(
      z.object({
        word: z.string(),
        language: z.string(),
        occurrences: z.number(),
        first_seen_at: Instant,
        last_seen_at: Instant,
        last_story_id: z.number().nullable(),
        last_chapter_id: z.number().nullable(),
        /** Issue 22: the term the lookup made learning, and the sentence the word was first met in. */
        term: z.string().nullable(),
        sentence: z.string().nullable(),
      }),
    ),
    feedback: z.array(z.object({ id: z.number(), email: z.string(), text: z.string(), created_at: Instant })),
    narrator_applications: z.array(TeacherApplication),
    applicant_videos: z.array(
      z.object({
        id: z.number(),
        email: z.string(),
        original_filename: z.string(),
        content_type: z.string(),
        file_size: z.number(),
        created_at: Instant,
      }),
    ),
    subscription: z.object({
      is_pro: z.boolean(),
      subscription_status: z.enum(SUBSCRIPTION_STATUSES),
      has_stripe_customer: z.boolean(),
      subscription_end_date: NullableInstant,
      pro_granted_by_hand: z.boolean(),
      pro_granted_at: NullableInstant,
    }),
    sessions: z.array(
      z.object({
        id: z.string(),
        browser: z.string(),
        user_agent: z.string().nullable(),
        created_at: Instant,
        last_used_at: Instant,
        ends_at: Instant,
      }),
    ),
  }),
);
export type DataExport = z.infer<typeof DataExport>;
