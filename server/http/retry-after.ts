// How long a refused client should wait, said twice: in the Retry-After header, for programs, and in the 429
// answer's sentence, for the person who reads it (issue 23 #5: "Request rate limit reached" said neither).

/** Whole seconds to wait, at least 1, as @fastify/rate-limit rounds its Retry-After header (up). */
export function retryAfterSeconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A wait as a person reads it, rounded up: "45 seconds" under a minute, "12 minutes" to 90, else hours. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 90 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
}

/** The sentence of a per-network limit's 429: what happened, and how long until the window resets. */
export function tooManyFromNetwork(ttlMs: number): string {
  return `Too many requests from your network. Please try again in ${waitPhrase(retryAfterSeconds(ttlMs))}.`;
}
