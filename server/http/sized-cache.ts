/**
 * Answers (or their parts) kept by key within a budget of bytes, the least recently used let go first: the
 * story list's finished answers (decision 091) and the reader's chapter parts (decision 088). Kept per server.
 */
export class SizedCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; cost: number }>();
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
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` (not at all when it alone is over the budget), letting the oldest go to stay within it. */
  set(key: Key, value: Value): void {
    const cost = this.costOf(key, value);
    this.delete(key);
    if (cost > this.maxBytes) return;
    for (const oldest of this.entries.keys()) {
      if (this.held + cost <= this.maxBytes) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, cost });
    this.held += cost;
  }

  delete(key: Key): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.cost;
  }
}
