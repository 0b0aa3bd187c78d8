/** An entry and its place in the recency order: `newer` towards the most recently used, `older` the other way. */
interface Entry<Key, Value> {
  key: Key;
  value: Value;
  cost: number;
  newer: Entry<Key, Value> | undefined;
  older: Entry<Key, Value> | undefined;
}

/**
 * Answers (or their parts) kept by key within a budget of bytes, the least recently used let go first: the
 * story list's finished answers (decision 091), the reader's chapter parts (decision 088), the saved words'
 * answers, the learners' known counts and the dictionary's cached lookups. Kept per server.
 *
 * The recency order is a list through the entries, not the Map's insertion order: a hit relinks two entries and
 * leaves the Map alone. Moving a key to the Map's end (delete, then set) at every hit made V8 rebuild the Map's
 * table every few hits, and a long-lived Map's new tables are allocated in the old generation: that was half of
 * what a chapter read left there, and what brought the major GCs in a steady run (decision 120).
 */
export class SizedCache<Key, Value> {
  private readonly entries = new Map<Key, Entry<Key, Value>>();
  private newest: Entry<Key, Value> | undefined;
  private oldest: Entry<Key, Value> | undefined;
  private held = 0;

  constructor(
    readonly maxBytes: number,
    /** What an entry counts against the budget. */
    private readonly costOf: (key: Key, value: Value) => number,
  ) {}

  /** The bytes held, as costOf counts them. */
  get heldBytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value kept, without making it the most recently used. */
  peek(key: Key): Value | undefined {
    return this.entries.get(key)?.value;
  }

  /** The value kept, now the most recently used. */
  get(key: Key): Value | undefined {
    return this.getIf(key, () => true);
  }

  /** The value kept if `accept` takes it, then the most recently used; undefined (and left as it was) if not. */
  getIf(key: Key, accept: (value: Value) => boolean): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry || !accept(entry.value)) return undefined;
    if (entry !== this.newest) {
      this.unlink(entry);
      this.linkNewest(entry);
    }
    return entry.value;
  }

  /** Keeps `value` (not at all when it alone is over the budget), letting the oldest go to stay within it. */
  set(key: Key, value: Value): void {
    const cost = this.costOf(key, value);
    if (cost > this.maxBytes) {
      this.delete(key);
      return;
    }
    const kept = this.entries.get(key);
    if (kept) {
      // Replaced in place: the Map keeps its entry.
      this.unlink(kept);
      this.held -= kept.cost;
    }
    while (this.oldest && this.held + cost > this.maxBytes) this.delete(this.oldest.key);
    const entry = kept ?? { key, value, cost, newer: undefined, older: undefined };
    entry.value = value;
    entry.cost = cost;
    if (!kept) this.entries.set(key, entry);
    this.linkNewest(entry);
    this.held += cost;
  }

  delete(key: Key): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.unlink(entry);
    this.held -= entry.cost;
  }

  /** The keys from the least recently used to the most (for tests and diagnostics). */
  *keysOldestFirst(): IterableIterator<Key> {
    for (let entry = this.oldest; entry; entry = entry.newer) yield entry.key;
  }

  private unlink(entry: Entry<Key, Value>): void {
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    entry.newer = undefined;
    entry.older = undefined;
  }

  private linkNewest(entry: Entry<Key, Value>): void {
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }
}
