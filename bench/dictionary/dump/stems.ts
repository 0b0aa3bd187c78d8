// Words that never collide, for the generated dump (bench/dictionary/generate.ts).
//
// A stem is L syllables (a consonant run and one vowel) and a closing consonant run; every ending starts with
// a vowel. A surface therefore splits one way only: syllables, then the closing run, then the ending. The first
// syllable's onset tells L (the onset groups are disjoint), so two different stems never make the same surface,
// whatever their endings. 'k', 'w', 'x', 'y' never occur: run.ts makes words that are not found from them.

const VOWELS = ['a', 'e', 'i', 'o', 'u'] as const;
const ONSETS = [
  'b',
  'c',
  'ch',
  'd',
  'f',
  'g',
  'j',
  'l',
  'll',
  'm',
  'n',
  'ñ',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'br',
  'bl',
  'cr',
  'cl',
  'dr',
  'fr',
  'fl',
  'gr',
  'gl',
  'pr',
  'pl',
  'tr',
] as const;
const SYLLABLES = ONSETS.flatMap((onset) => VOWELS.map((vowel) => onset + vowel));
/** The first syllable's onset, by the number of syllables (a disjoint group each). */
const FIRST_ONSETS: readonly (readonly string[])[] = [
  ['b', 'ch', 'd', 'f', 'g', 'j'],
  ['c', 'l', 'll', 'm', 'n', 'ñ', 'p', 'r', 's', 't', 'v', 'z'],
  ['br', 'bl', 'cr', 'cl', 'dr', 'fr', 'fl', 'gr', 'gl', 'pr', 'pl', 'tr'],
];

/** The n-th stem (n ≥ 0), e.g. 'chab', 'lemotr', 'flanuvic': distinct n give distinct stems. */
export function stem(n: number): string {
  let rest = n;
  for (const [index, firsts] of FIRST_ONSETS.entries()) {
    const middles = index; // the first group has no middle syllable, the second one, the third two
    const capacity = firsts.length * VOWELS.length * SYLLABLES.length ** middles * ONSETS.length;
    if (rest >= capacity) {
      rest -= capacity;
      continue;
    }
    const closing = ONSETS[rest % ONSETS.length];
    rest = Math.floor(rest / ONSETS.length);
    let middle = '';
    for (let k = 0; k < middles; k++) {
      middle += SYLLABLES[rest % SYLLABLES.length];
      rest = Math.floor(rest / SYLLABLES.length);
    }
    const first = (firsts[rest % firsts.length] ?? '') + VOWELS[Math.floor(rest / firsts.length)];
    return `${first}${middle}${closing}`;
  }
  throw new RangeError(`No stem number ${n}: at most ~40 million entries.`);
}
