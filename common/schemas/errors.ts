import { z } from 'zod';

/** Every error the API answers: one sentence a person can read. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
