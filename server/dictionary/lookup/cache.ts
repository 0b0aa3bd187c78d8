import type pg from 'pg';
import { SizedCache } from '#server/http/sized-cache.ts';
import { currentImport } from '../store.ts';

/**
 * Recent lookups, per process. Reading follows Zipf's law: a few hundred words make up most taps, so most
 * lookups are answered without a query. An answer is kept as the JSON text it is sent as (serialized once,
 * not at every hit) with the import it came from, and used only while that import is the pair's current one,
 * which is checked every half second while the pair is in use (importOf): after a switch, an answer of the
 * replaced dictionary is given for at most a second.
 */
export class LookupCache {
  /** Counted by answers (each costs 1), the least recently used first out (SizedCache: a hit leaves the Map be). */
  private readonly answers: SizedCache<string, CachedAnswer>;
  /**
   * What each pair read when last asked, pairs without a dictionary too (a site language nobody imported a
   * dictionary for yet is tapped as often as any). Bounded, the pair checked longest ago first out: a pair
   * comes from the query string, and made-up ones (?language=zz&target=qq) must not fill the memory; under a
   * flood of them a real pair costs at worst one small query per lookup, as it would uncached.
   */
  private readonly pairs = new Map<string, { importId: number | null; checkedAt: number }>();
  /** The checks in flight, by pair. */
  private readonly checks = new Map<string, Promise<number | null>>();

  constructor(
    /** How many answers are kept (least recently used go first); 0 turns the cache off. */
    readonly maxEntries: number,
    private readonly pairTtlMs = 1000,
    /** How many pairs are kept: far more than the pairs a site has, far fewer than the ones a client can name. */
    readonly maxPairs = 1000,
  ) {
    this.answers = new SizedCache(maxEntries, () => 1);
  }

  /**
   * The pair's current import, as checked within the last second: at once while it is known, or once asked.
   * One check of a pair is in flight at a time, whatever the number of lookups waiting for it. A pair in use
   * is checked again when its last check is half a second old, in the background: its lookups go on with what
   * is known, still within the second, rather than each waiting for a query of its own once a second.
   */
  importOf(pool: pg.Pool, source: string, target: string): number | null | Promise<number | null> {
    const pair = `${source}:${target}`;
    const known = this.pairs.get(pair);
    const age = known ? Date.now() - known.checkedAt : Number.POSITIVE_INFINITY;
    if (known && age < this.pairTtlMs) {
      if (age >= this.pairTtlMs / 2 && !this.checks.has(pair)) {
        // A failed check is left to the next lookup after the second, which waits for its own and sees it fail.
        this.check(pool, pair, source, target).catch(() => undefined);
      }
      return known.importId;
    }
    return this.checks.get(pair) ?? this.check(pool, pair, source, target);
  }

  private check(pool: pg.Pool, pair: string, source: string, target: string): Promise<number | null> {
    // The check's start is when its answer was true: the second runs from there.
    const startedAt = Date.now();
    const checking = currentImport(pool, source, target)
      .then((importId) => {
        this.remember(pair, importId, startedAt);
        return importId;
      })
      .finally(() => this.checks.delete(pair));
    this.checks.set(pair, checking);
    return checking;
  }

  private remember(pair: string, importId: number | null, checkedAt: number): void {
    const known = this.pairs.get(pair);
    if (known && known.checkedAt > checkedAt) return; // a later check answered first
    // Moved to the end (the Map's order is the order pairs were checked in); the oldest goes when full.
    this.pairs.delete(pair);
    if (this.pairs.size >= this.maxPairs) {
      const oldest = this.pairs.keys().next();
      if (!oldest.done) this.pairs.delete(oldest.value);
    }
    this.pairs.set(pair, { importId, checkedAt });
  }

  /** How many pairs it knows (at most maxPairs). */
  get pairCount(): number {
    return this.pairs.size;
  }

  /** Forgets what it knew of a pair's import (its tables are gone: it was replaced). */
  forget(source: string, target: string): void {
    this.pairs.delete(`${source}:${target}`);
  }

  /** The answer kept for a word of an import, as JSON text. */
  get(key: string, importId: number): string | undefined {
    return this.answers.getIf(key, (hit) => hit.importId === importId)?.json;
  }

  set(key: string, importId: number, json: string): void {
    this.answers.set(key, { importId, json });
  }
}

interface CachedAnswer {
  importId: number;
  json: string;
}
