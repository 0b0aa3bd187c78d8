/** Spec/learner.md §8: the two success texts of the magic-link forms. */
export const SIGN_IN_SENT = 'Check your email for a magic link to sign in!';
export const SIGN_UP_SENT = 'Check your email to complete your signup!';

const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';
const UNEXPECTED_ERROR = 'Something went wrong. Please try again.';

/**
 * The sentence to show for a failed auth call: the server's own message (auth-js carries it as the error's
 * message), except when there is none worth reading: no answer at all (status 0) or a server failure (5xx,
 * whose message auth-js cannot read).
 */
export function authErrorText(error: unknown): string {
  if (!(error instanceof Error)) return UNEXPECTED_ERROR;
  const status = (error as { status?: unknown }).status;
  if (status === 0) return NETWORK_ERROR;
  if (typeof status === 'number' && status >= 500) return UNEXPECTED_ERROR;
  return error.message.trim() || UNEXPECTED_ERROR;
}

/** Spec/learner.md §4: a form's result message is a success (green) when it contains the word 'Check'. */
export function isSuccessMessage(message: string): boolean {
  return message.includes('Check');
}
