// What a learner knows (issue 22): a term's status, set from the word panel.
import { z } from 'zod';
import { MAX_LOOKUP_WORD_LENGTH } from '../dictionary.ts';
import { lazy } from '../lazy.ts';
import { formatCount } from '../plural.ts';
import { TERM_STATUSES } from '../terms.ts';

const STATUS_ERROR = `status must be one of ${TERM_STATUSES.join(', ')}.`;

export const TermStatusSchema = lazy(() => z.enum(TERM_STATUSES, { error: STATUS_ERROR }));

const languageCode = () =>
  z
    .string({ error: 'language is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, { error: 'language must be a language code such as es.' });

/** PUT /api/terms/status/: a term's status for the learner, in a language. The server keys the term again. */
export const SetTermStatusInput = lazy(() =>
  z.object({
    language: languageCode(),
    term: z
      .string({ error: 'term is required' })
      .max(MAX_LOOKUP_WORD_LENGTH * 4, {
        error: `term must be at most ${MAX_LOOKUP_WORD_LENGTH} characters long.`,
      })
      .refine((term) => !/\p{Cc}/u.test(term), { error: 'term must not contain control characters.' }),
    status: TermStatusSchema,
  }),
);
export type SetTermStatusInput = z.infer<typeof SetTermStatusInput>;

/** POST /api/terms/reset/: a term made new again (its status forgotten), in a language. */
export const ResetTermInput = lazy(() => SetTermStatusInput.omit({ status: true }));
export type ResetTermInput = z.infer<typeof ResetTermInput>;

/** A term's status as kept: the term keyed as the server keys it. */
export const TermStatusResult = lazy(() =>
  z.object({
    language: z.string(),
    term: z.string(),
    status: TermStatusSchema,
  }),
);
export type TermStatusResult = z.infer<typeof TermStatusResult>;

/** The most terms one call may reset: more than any chapter holds. */
export const MAX_TERMS_PER_CALL = 20_000;

/** POST /api/chapters/{id}/mark-known/'s answer: the chapter's new terms it made known. */
export const MarkedKnown = lazy(() =>
  z.object({
    language: z.string(),
    /** The terms that were new and are now known, to undo with POST /api/terms/forget/. */
    terms: z.array(z.string()),
  }),
);
export type MarkedKnown = z.infer<typeof MarkedKnown>;

/** POST /api/terms/forget/: terms made known by mistake (an undo) become new again, if still known. */
export const ForgetTermsInput = lazy(() =>
  z.object({
    language: languageCode(),
    terms: z
      .array(z.string({ error: 'terms must be a list of words.' }).max(MAX_LOOKUP_WORD_LENGTH * 4), {
        error: 'terms must be a list of words.',
      })
      .max(MAX_TERMS_PER_CALL, {
        error: `terms may hold at most ${formatCount(MAX_TERMS_PER_CALL)} words.`,
      }),
  }),
);
export type ForgetTermsInput = z.infer<typeof ForgetTermsInput>;

/** How many terms a call changed. */
export const TermsChanged = lazy(() => z.object({ changed: z.number().int() }));
export type TermsChanged = z.infer<typeof TermsChanged>;

/** The longest word list an import reads: about 400,000 words of a few letters (LingQ's largest exports). */
export const MAX_IMPORT_TEXT_LENGTH = 4_000_000;
/** The most rows an import reads: beyond it, the list is refused whole rather than cut. */
export const MAX_IMPORT_ROWS = 100_000;

/**
 * POST /api/terms/import/preview/ and /api/terms/import/: a list of known words, as pasted or as the text of
 * an uploaded file (one word per line, a CSV or tab-separated file such as LingQ's export, or Anki's
 * "Notes in Plain Text" export).
 */
export const ImportKnownInput = lazy(() =>
  z.object({
    language: languageCode(),
    text: z
      .string({ error: 'text must be the list of words, one per line.' })
      .max(MAX_IMPORT_TEXT_LENGTH, {
        error: `The list is too long: at most ${formatCount(MAX_IMPORT_TEXT_LENGTH / 1_000_000)} million characters.`,
      })
      .refine((text) => text.trim() !== '', { error: 'The list is empty: paste words, one per line.' }),
  }),
);
export type ImportKnownInput = z.infer<typeof ImportKnownInput>;

/** What an import of known words does (preview) or did (apply), counted in terms. */
export const ImportKnownResult = lazy(() =>
  z.object({
    language: z.string(),
    /** Rows read that held something (blank lines and a header left out). */
    rows: z.number().int(),
    /** Rows left out: phrases of several words, and text that is no word (too long, punctuation only). */
    skipped: z.number().int(),
    /** Distinct terms the words lead to (inflected forms of one dictionary word are one term). */
    terms: z.number().int(),
    /** Terms that become known: new ones, and those the learner was learning. */
    to_known: z.number().int(),
    /** Of to_known, the terms the learner was learning (level 1-4). */
    from_learning: z.number().int(),
    /** Terms that become or rise to a learning level (a LingQ export's statuses 1-4). */
    to_learning: z.number().int(),
    /** Terms left as they are: already known or ignored, or at that level or higher. */
    unchanged: z.number().int(),
    /** A few of the terms that change, in the list's order, to show before applying. */
    examples: z.array(z.string()),
  }),
);
export type ImportKnownResult = z.infer<typeof ImportKnownResult>;

/** GET /api/terms/known/: how many days back the chart of known words goes (today included). */
export const KnownWordsQuery = lazy(() =>
  z.object({
    days: z.coerce
      .number({ error: 'days must be a whole number from 7 to 366.' })
      .int({ error: 'days must be a whole number from 7 to 366.' })
      .min(7, { error: 'days must be a whole number from 7 to 366.' })
      .max(366, { error: 'days must be a whole number from 7 to 366.' })
      .default(30),
  }),
);
export type KnownWordsQuery = z.infer<typeof KnownWordsQuery>;

/** The learner's known words in one language: now, learned today, and day by day. */
export const KnownWordsLanguage = lazy(() =>
  z.object({
    language: z.string(),
    name: z.string(),
    /** Terms known now. */
    known: z.number().int(),
    /** Terms that became known today (the learner's local date) and still are. */
    learned_today: z.number().int(),
    /** Known terms at the end of each day from `from` to today, oldest first (every day). */
    days: z.array(z.object({ date: z.string(), known: z.number().int() })),
  }),
);
export type KnownWordsLanguage = z.infer<typeof KnownWordsLanguage>;

/** GET /api/terms/known/: the languages the learner reads or knows words in, most known first. */
export const KnownWords = lazy(() =>
  z.object({
    today: z.string(),
    from: z.string(),
    languages: z.array(KnownWordsLanguage),
  }),
);
export type KnownWords = z.infer<typeof KnownWords>;
