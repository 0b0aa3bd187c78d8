import { z } from 'zod';
import { lazy } from '../lazy.ts';

/** Every error the API answers: one sentence a person can read. */
export const ErrorBody = lazy(() => z.object({ error: z.string() }));
export type ErrorBody = z.infer<typeof ErrorBody>;
