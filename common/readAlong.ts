// Read-along in the reader (issue 23, decision 077): which sentence the narrator is on at a moment of the audio,
// and where the sentences before and after it start, from the chapter's timings (a start per sentence, null for
// one not timed). Pure, for the player and its keys.

/** A timed sentence as the chapter answer gives it: first word, last word, start in seconds or null. */
export type TimedSentence = readonly [number, number, number | null];

/** The sentence being spoken at `seconds`: the last timed one started by then; -1 before the first. */
export function sentenceAt(sentences: readonly TimedSentence[], seconds: number): number {
  let low = 0;
  let high = sentences.length - 1;
  let found = -1;
  // Starts only move forward (the server checks it), with nulls between: search on the timed ones.
  while (low <= high) {
    const middle = (low + high) >>> 1;
    let probe = middle;
    while (probe >= low && sentences[probe]?.[2] == null) probe -= 1;
    if (probe < low) {
      low = middle + 1;
      continue;
    }
    if ((sentences[probe]?.[2] as number) <= seconds) {
      found = probe;
      low = middle + 1;
    } else {
      high = probe - 1;
    }
  }
  return found;
}

/** The start of the nearest timed sentence from `index` in `direction` (-1 back, +1 on), if any. */
export function timedStartFrom(
  sentences: readonly TimedSentence[],
  index: number,
  direction: -1 | 1,
): number | undefined {
  for (let at = index; at >= 0 && at < sentences.length; at += direction) {
    const start = sentences[at]?.[2];
    if (start != null) return start;
  }
  return undefined;
}
