import { ApiError } from '#web/lib/api.ts';

/**
 * The sentence for a failed API call (admin.md §8): the server's own `error` when it sent one, the network
 * sentence when it could not be reached, otherwise the screen's fallback.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.isServerMessage || error.status === 0)) return error.message;
  return fallback;
}
