// The read-along editor's rules (issue 23): starts nudged without passing their neighbours, shown to the tenth
// of a second, and a report of what a file's cues left out.
import { plural } from '#common/plural.ts';

/** How far one nudge moves a start, in seconds. */
export const NUDGE_SECONDS = 0.1;

/** Seconds as the editor shows a start: m:ss.s ("1:02.5"); a dash for none. */
export function formatStart(seconds: number | null): string {
  if (seconds === null) return '–';
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths - minutes * 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

/**
 * The starts with sentence `index`'s moved by `delta` seconds, kept between the timed sentences before and after
 * it, from 0 up to `duration` (when known), and to the millisecond. A sentence without a start is left alone.
 */
export function nudged(
  starts: readonly (number | null)[],
  index: number,
  delta: number,
  duration?: number,
): (number | null)[] {
  const start = starts[index];
  if (start === null || start === undefined) return [...starts];
  let low = 0;
  for (let at = index - 1; at >= 0; at -= 1) {
    const before = starts[at];
    if (before !== null && before !== undefined) {
      low = before;
      break;
    }
  }
  let high = duration !== undefined && Number.isFinite(duration) ? duration : Number.POSITIVE_INFINITY;
  for (let at = index + 1; at < starts.length; at += 1) {
    const after = starts[at];
    if (after !== null && after !== undefined) {
      high = Math.min(high, after);
      break;
    }
  }
  const next = [...starts];
  next[index] = Math.round(Math.min(high, Math.max(low, start + delta)) * 1000) / 1000;
  return next;
}

/** "6 of 7 sentences timed", for the editor's summary. */
export function timedSummary(starts: readonly (number | null)[]): string {
  const timed = starts.filter((start) => start !== null).length;
  return `${timed} of ${plural(starts.length, { one: 'sentence', other: 'sentences' })} timed`;
}
