// What a learner knows (issue 22): a term's status, set from the word panel.
import { z } from 'zod';
import { MAX_LOOKUP_WORD_LENGTH } from '../dictionary.ts';
import { TERM_STATUSES } from '../terms.ts';

const STATUS_ERROR = `status must be one of ${TERM_STATUSES.join(', ')}.`;

export const TermStatusSchema = z.enum(TERM_STATUSES, { error: STATUS_ERROR });

/** PUT /api/terms/status/: a term's status for the learner, in a language. The server keys the term again. */
export const SetTermStatusInput = z.object({
  language: z
    .string({ error: 'language is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, { error: 'language must be a language code such as es.' }),
  term: z
    .string({ error: 'term is required' })
    .max(MAX_LOOKUP_WORD_LENGTH * 4, {
      error: `term must be at most ${MAX_LOOKUP_WORD_LENGTH} characters long.`,
    })
    .refine((term) => !/\p{Cc}/u.test(term), { error: 'term must not contain control characters.' }),
  status: TermStatusSchema,
});
export type SetTermStatusInput = z.infer<typeof SetTermStatusInput>;

/** A term's status as kept: the term keyed as the server keys it. */
export const TermStatusResult = z.object({
  language: z.string(),
  term: z.string(),
  status: TermStatusSchema,
});
export type TermStatusResult = z.infer<typeof TermStatusResult>;

/** The most terms one call may reset: more than any chapter holds. */
export const MAX_TERMS_PER_CALL = 20_000;

/** POST /api/chapters/{id}/mark-known/'s answer: the chapter's new terms it made known. */
export const MarkedKnown = z.object({
  language: z.string(),
  /** The terms that were new and are now known, to undo with POST /api/terms/forget/. */
  terms: z.array(z.string()),
});
export type MarkedKnown = z.infer<typeof MarkedKnown>;

/** POST /api/terms/forget/: terms made known by mistake (an undo) become new again, if still known. */
export const ForgetTermsInput = z.object({
  language: z
    .string({ error: 'language is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, { error: 'language must be a language code such as es.' }),
  terms: z
    .array(z.string({ error: 'terms must be a list of words.' }).max(MAX_LOOKUP_WORD_LENGTH * 4), {
      error: 'terms must be a list of words.',
    })
    .max(MAX_TERMS_PER_CALL, {
      error: `terms may hold at most ${MAX_TERMS_PER_CALL.toLocaleString('en')} words.`,
    }),
});
export type ForgetTermsInput = z.infer<typeof ForgetTermsInput>;

/** How many terms a call changed. */
export const TermsChanged = z.object({ changed: z.number().int() });
export type TermsChanged = z.infer<typeof TermsChanged>;
