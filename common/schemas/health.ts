import { z } from 'zod';

/** The answer of GET /api/health when the server and its database both answer. */
export const Health = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type Health = z.infer<typeof Health>;
