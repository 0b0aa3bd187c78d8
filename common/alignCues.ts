// Cues of a timed-text file matched to a chapter's sentences (issue 23: read-along). The two texts are compared
// letter by letter (letters and digits only, case and accents folded), which works alike for languages written
// with spaces and without, whatever the file's line breaks or punctuation: walked together, and where they
// differ (a word the narrator added or skipped, a typo), the walk finds the text again by the next few letters
// within a short distance. Each sentence starts when its first letter is spoken: its cue's start, plus the share
// of the cue's letters before it (a cue holding two sentences times the second by where it falls).
import type { Cue } from './cues.ts';

/** What matching found: a start per sentence (null: none of its letters were met) and the report. */
export interface AlignedCues {
  starts: (number | null)[];
  /** Indices of the sentences without a time. */
  unmatchedSentences: number[];
  /** Indices of the cues none of whose letters matched the text. */
  unmatchedCues: number[];
  /** The share of the text's letters found in the file, 0 to 1. */
  coverage: number;
}

/** Letters compared after a difference to find the texts together again, and how far to look for them. */
const RESYNC_LETTERS = 6;
const RESYNC_DISTANCE = 120;

/** The letters and digits of a text, folded: lower case, accents removed. */
function letters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The letters of several texts in one stream, with the text each letter came from. */
function stream(texts: readonly string[]): {
  chars: string[];
  owner: number[];
  offsetInOwner: number[];
  size: number[];
} {
  const chars: string[] = [];
  const owner: number[] = [];
  const offsetInOwner: number[] = [];
  const size: number[] = [];
  for (const [index, text] of texts.entries()) {
    const folded = [...letters(text)];
    size.push(folded.length);
    for (const [offset, char] of folded.entries()) {
      chars.push(char);
      owner.push(index);
      offsetInOwner.push(offset);
    }
  }
  return { chars, owner, offsetInOwner, size };
}

function sameRun(a: string[], from: number, b: string[], at: number): boolean {
  for (let k = 0; k < RESYNC_LETTERS; k++) {
    if (a[from + k] === undefined || a[from + k] !== b[at + k]) return false;
  }
  return true;
}

/** For each letter of `text`, the letter of `spoken` it was matched to, or -1. */
function matchLetters(text: string[], spoken: string[]): number[] {
  const matched = new Array<number>(text.length).fill(-1);
  let i = 0;
  let j = 0;
  while (i < text.length && j < spoken.length) {
    if (text[i] === spoken[j]) {
      matched[i++] = j++;
      continue;
    }
    let resynced = false;
    for (let skip = 1; skip <= RESYNC_DISTANCE && !resynced; skip++) {
      if (sameRun(text, i, spoken, j + skip)) {
        j += skip; // the narrator said more than the text
        resynced = true;
      } else if (sameRun(text, i + skip, spoken, j)) {
        i += skip; // the text has more than was said
        resynced = true;
      }
    }
    if (!resynced) {
      i += 1;
      j += 1;
    }
  }
  return matched;
}

/** The time a letter of the spoken stream is said: its cue's start plus its share of the cue. */
function timeOf(at: number, cues: readonly Cue[], spoken: ReturnType<typeof stream>): number {
  const cueIndex = spoken.owner[at] as number;
  const cue = cues[cueIndex] as Cue;
  const next = cues[cueIndex + 1];
  const end = cue.end ?? next?.start ?? cue.start;
  const share = (spoken.offsetInOwner[at] as number) / Math.max(1, spoken.size[cueIndex] as number);
  return Math.round((cue.start + Math.max(0, end - cue.start) * share) * 1000) / 1000;
}

/** Matches cues (in time order) to sentences (in reading order) by their letters. */
export function alignCues(sentences: readonly string[], cues: readonly Cue[]): AlignedCues {
  const text = stream(sentences);
  const spoken = stream(cues.map((cue) => cue.text));
  const matched = matchLetters(text.chars, spoken.chars);
  const starts: (number | null)[] = sentences.map(() => null);
  const cueMet = new Set<number>();
  let found = 0;
  for (const [i, at] of matched.entries()) {
    if (at === -1) continue;
    found += 1;
    cueMet.add(spoken.owner[at] as number);
    const sentence = text.owner[i] as number;
    if (starts[sentence] === null) starts[sentence] = timeOf(at, cues, spoken);
  }
  // Times only move forward: a sentence found before the one ahead of it (a repeat in the file) loses its time.
  let latest = -1;
  for (const [index, start] of starts.entries()) {
    if (start === null) continue;
    if (start < latest) starts[index] = null;
    else latest = start;
  }
  return {
    starts,
    unmatchedSentences: starts.flatMap((start, index) => (start === null ? [index] : [])),
    unmatchedCues: cues.flatMap((_, index) => (cueMet.has(index) ? [] : [index])),
    coverage: text.chars.length === 0 ? 0 : Math.round((found / text.chars.length) * 1000) / 1000,
  };
}
