import { z } from 'zod';
import { lazy } from '../lazy.ts';

/** The answer of GET /api/health when the server and its database both answer. */
export const Health = lazy(() => z.object({ status: z.literal('ok'), database: z.literal('ok') }));
export type Health = z.infer<typeof Health>;

/** The answer of GET /api/health/ready when this server should be sent traffic. */
export const Ready = lazy(() => z.object({ status: z.literal('ready') }));
export type Ready = z.infer<typeof Ready>;
