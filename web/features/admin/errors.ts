import { ApiError } from '#web/lib/api.ts';

/**
 * The sentence for a failed admin call (admin.md §8): the server's own `error` when it sent one, the network
 * sentence when it could not be reached, otherwise the screen's fallback.
 */
export function adminErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.isServerMessage || error.status === 0)) return error.message;
  return fallback;
}

/** The first message of a failed schema check, preferring the one the spec names for missing fields. */
export function firstIssue(issues: readonly { message: string }[], required: string): string {
  if (issues.some((issue) => issue.message === required)) return required;
  return issues[0]?.message ?? required;
}
