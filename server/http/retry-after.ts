// How long a refused client should wait, said twice: in the Retry-After header, for programs, and in the 429
// answer's sentence, for the person who reads it (issue 23 #5: "Request rate limit reached" said neither).
import { plural } from '#common/plural.ts';

/** Whole seconds to wait, at least 1, as @fastify/rate-limit rounds its Retry-After header (up). */
export function retryAfterSeconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

/** The units of a wait, for plural(): '1 minute', '12 minutes'. */
export const SECONDS = { one: 'second', other: 'seconds' } as const;
export const MINUTES = { one: 'minute', other: 'minutes' } as const;
export const HOURS = { one: 'hour', other: 'hours' } as const;

/** A wait as a person reads it, rounded up: "45 seconds" under a minute, "12 minutes" to 90, else hours. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), SECONDS);
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 90 ? plural(minutes, MINUTES) : plural(Math.ceil(minutes / 60), HOURS);
}

/**
 * The sentence of an e-mail sent again too soon (the words of the auth service this API stands in for), in
 * seconds: '1 second' as well as '42 seconds'.
 */
export function tooSoonToSendAgain(seconds: number): string {
  return `For security purposes, you can only request this after ${plural(seconds, SECONDS)}.`;
}

/** The sentence of a per-network limit's 429: what happened, and how long until the window resets. */
export function tooManyFromNetwork(ttlMs: number): string {
  return `Too many requests from your network. Please try again in ${waitPhrase(retryAfterSeconds(ttlMs))}.`;
}
