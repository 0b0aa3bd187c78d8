// Randomness that is the same at every run, for the generated dump (bench/dictionary/generate.ts).

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Dice {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  some<T>(items: readonly T[], min: number, max: number): T[] {
    const count = this.int(min, max);
    const picked: T[] = [];
    for (let i = 0; i < count; i++) picked.push(this.pick(items));
    return [...new Set(picked)];
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A bijection of [0, count) that scatters neighbours, so the file is not in alphabetical order. */
export function scatter(count: number): (index: number) => number {
  let step = 2_654_435_761 % count || 1;
  while (gcd(step, count) !== 1) step++;
  return (index) => Number((BigInt(index) * BigInt(step) + 12_345n) % BigInt(count));
}
