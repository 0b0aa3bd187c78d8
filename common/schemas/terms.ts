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
