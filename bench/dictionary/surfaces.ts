// What the lookup load asks for: surfaces sampled from the loaded dictionary (lemmas and inflected forms) and
// words that are not there, tapped as a learner taps them, requested in an order drawn by Zipf's law; and the
// share of those requests the app's lookup cache can answer.
import type pg from 'pg';
import { stem } from './generate.ts';
import {
  CACHE_ENTRIES,
  LOOKUP_PATH,
  LOOKUP_SURFACES,
  SOURCE,
  ZIPF_EXPONENT,
  ZIPF_REQUESTS,
} from './settings.ts';

export interface LookupSurfaces {
  lemmas: string[];
  inflected: string[];
  unknown: string[];
  /** A lookup path for each surface, shuffled. */
  distinctPaths: string[];
  /** The load's sequence of requests, drawn from distinctPaths by Zipf's law. */
  paths: string[];
  /** The share of `paths` the cache answers once warm. */
  cacheHitShare: number;
}

/**
 * A sequence of `count` picks from `items` by Zipf's law: the item of rank r (from 1) is picked with a
 * probability proportional to 1 / r^exponent, the way words are used in text. Seeded, so every run replays it.
 */
function zipfSequence<T>(items: readonly T[], count: number, exponent: number, seed: number): T[] {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  for (let rank = 0; rank < items.length; rank++) {
    total += 1 / (rank + 1) ** exponent;
    cumulative[rank] = total;
  }
  let state = seed;
  const picks: T[] = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const target = (state / 4_294_967_296) * total;
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    picks.push(items[low] as T);
  }
  return picks;
}

/** The share of `sequence` (replayed in a loop) a least-recently-used cache of `size` answers would hit. */
function lruHitShare(sequence: readonly string[], size: number): number {
  if (size === 0) return 0;
  const cache = new Map<string, true>();
  let hits = 0;
  // Twice through: the load cycles through the sequence, so the second pass is what a warmed-up run sees.
  for (let pass = 0; pass < 2; pass++) {
    for (const item of sequence) {
      const isHit = cache.delete(item);
      if (pass === 1 && isHit) hits++;
      if (!isHit && cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(item, true);
    }
  }
  return hits / sequence.length;
}

/**
 * The share of a load run's requests the app's cache could answer: an LRU of `size` answers that has seen
 * `before` (the checked lookups), then the warm-up's `warmup` requests and the run's `run`, each from the
 * start of `sequence` (the load generator starts from its beginning at every run). The run is shorter than
 * the sequence, so this is below its warmed-up share (lruHitShare).
 */
export function runHitShare(
  sequence: readonly string[],
  size: number,
  before: readonly string[],
  warmup: number,
  run: number,
): number {
  if (size === 0 || run === 0) return 0;
  const cache = new Map<string, true>();
  let hits = 0;
  const use = (item: string | undefined, isCounted: boolean) => {
    if (item === undefined) return;
    const isHit = cache.delete(item);
    if (isCounted && isHit) hits++;
    if (!isHit && cache.size >= size) cache.delete(cache.keys().next().value as string);
    cache.set(item, true);
  };
  for (const item of before) use(item, false);
  for (let index = 0; index < warmup; index++) use(sequence[index % sequence.length], false);
  for (let index = 0; index < run; index++) use(sequence[index % sequence.length], true);
  return hits / run;
}

/** A deterministic shuffle (the same requests in the same order at every run). */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** How a learner taps: mostly as written, sometimes at the start of a sentence or with punctuation. */
function asTapped(surface: string, index: number): string {
  if (index % 10 === 3) return surface.charAt(0).toUpperCase() + surface.slice(1);
  if (index % 20 === 7) return `¿${surface}?`;
  if (index % 20 === 11) return `${surface},`;
  return surface;
}

/** Surfaces to look up: lemmas and inflected forms drawn from what was loaded, and words that are not there. */
export async function lookupSurfaces(
  pool: pg.Pool,
  importId: number,
  formRows: number,
): Promise<LookupSurfaces> {
  const sample = async (isLemma: boolean, count: number) => {
    const rows = formRows * (isLemma ? 0.1 : 0.9);
    const percent = Math.min(100, (100 * count * 3) / Math.max(rows, 1));
    const { rows: found } = await pool.query<{ surface: string }>(
      `SELECT coalesce(surface, surface_key) AS surface FROM dictionary_forms TABLESAMPLE BERNOULLI ($1) REPEATABLE (7)
       WHERE import_id = $2 AND ${isLemma ? '' : 'NOT '}(description IS NULL AND phrase_id IS NULL) LIMIT $3`,
      [percent, importId, count],
    );
    return found.map((row) => row.surface);
  };
  const lemmas = await sample(true, LOOKUP_SURFACES.lemmas);
  const inflected = await sample(false, LOOKUP_SURFACES.inflected);
  // 'k' and 'w' are letters no generated word has; with a dump of your own they are still rare in Spanish.
  const unknown = Array.from({ length: LOOKUP_SURFACES.unknown }, (_, i) => `kw${stem(i * 97)}o`);
  const surfaces = shuffle([...lemmas, ...inflected, ...unknown], 42).map(asTapped);
  const distinctPaths = surfaces.map(
    (surface) => `${LOOKUP_PATH}?language=${SOURCE}&surface=${encodeURIComponent(surface)}`,
  );
  const paths = zipfSequence(distinctPaths, ZIPF_REQUESTS, ZIPF_EXPONENT, 7);
  const cacheHitShare = lruHitShare(paths, CACHE_ENTRIES);
  return { lemmas, inflected, unknown, distinctPaths, paths, cacheHitShare };
}
