// A learner's feedback (learner.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import { FeedbackInput } from '../schemas/feedback.ts';

export const sendFeedback = endpoint({
  method: 'POST',
  path: '/api/feedback/',
  access: 'signed-in',
  body: FeedbackInput,
  response: lazy(() => z.object({ id: z.number().int(), created_at: z.string() })),
  status: 201,
});
