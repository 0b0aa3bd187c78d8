// POST /api/feedback/ (learner.md §3 Feedback, §5, §7).
import { z } from 'zod';
import { lazy } from '../lazy.ts';
import { formatCount } from '../plural.ts';

export const FEEDBACK_REQUIRED = 'Please enter your feedback';
/** A long letter, not a book: a few pages of text. */
export const MAX_FEEDBACK_LENGTH = 10_000;

export const FeedbackInput = lazy(() =>
  z.object(
    {
      feedback_text: z
        .string({ error: FEEDBACK_REQUIRED })
        .trim()
        .min(1, { error: FEEDBACK_REQUIRED })
        .max(MAX_FEEDBACK_LENGTH, {
          error: `Feedback can be at most ${formatCount(MAX_FEEDBACK_LENGTH)} characters.`,
        }),
    },
    { error: FEEDBACK_REQUIRED },
  ),
);
export type FeedbackInput = z.infer<typeof FeedbackInput>;
