/**
 * A trigram index over texts already folded for search (lower case, no accents: fold_for_search), as
 * PostgreSQL's pg_trgm keeps one: for every run of three characters, the texts that contain it, ascending. A
 * word of three characters or more can only be in the texts that hold all of its trigrams; those few are then
 * checked for the word itself. Shorter words narrow nothing and are checked against the candidates.
 */
export class TrigramIndex {
  private readonly postings = new Map<string, Uint32Array>();

  constructor(private readonly texts: readonly string[]) {
    const lists = new Map<string, number[]>();
    texts.forEach((text, position) => {
      for (const gram of new Set(trigrams(text))) {
        const list = lists.get(gram);
        if (list) list.push(position);
        else lists.set(gram, [position]);
      }
    });
    for (const [gram, list] of lists) this.postings.set(gram, Uint32Array.from(list));
  }

  get size(): number {
    return this.texts.length;
  }

  /** The positions, ascending, of the texts that contain every word (each already folded). */
  matching(words: readonly string[]): number[] {
    let candidates: Uint32Array | undefined;
    for (const word of words) {
      for (const gram of trigrams(word)) {
        const list = this.postings.get(gram);
        if (!list) return [];
        candidates = candidates ? intersect(candidates, list) : list;
        if (candidates.length === 0) return [];
      }
    }
    const found: number[] = [];
    const check = (position: number) => {
      const text = this.texts[position] as string;
      if (words.every((word) => text.includes(word))) found.push(position);
    };
    if (candidates) for (const position of candidates) check(position);
    else for (let position = 0; position < this.texts.length; position++) check(position);
    return found;
  }
}

/** Every run of three characters (code points, so a letter outside the BMP is one) in `text`. */
export function trigrams(text: string): string[] {
  const characters = Array.from(text);
  const grams: string[] = [];
  for (let index = 0; index + 3 <= characters.length; index++) {
    grams.push(`${characters[index]}${characters[index + 1]}${characters[index + 2]}`);
  }
  return grams;
}

/** The numbers in both ascending lists, ascending. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const both: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      both.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return Uint32Array.from(both);
}
