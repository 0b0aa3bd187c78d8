import type pg from 'pg';

/**
 * One named statement that answers many requests at once (issue 25, decision 092). A hot read (the daily
 * goal, the activity, the saved words) is asked by many learners at the same moment; each round trip to
 * PostgreSQL costs the app and the database far more than the row it reads (bench/api: about 40 µs of the
 * app's CPU each, a tenth of that per request when 50 share one). The requests of one turn of the event loop
 * go in one statement whose parameters are arrays, one element per request, the statement numbering them
 * (`unnest(…) WITH ORDINALITY`), and each request gets its own rows back. Alone, a request waits only for the
 * end of the turn (setImmediate). Nothing is merged between requests: the same question asked twice is asked
 * twice, and a failed statement fails each request of its batch as it would have failed alone.
 */
export interface BatchedStatement<Item, Row extends { i: number | string }, Answer> {
  /** The statement's name: planned once per connection. */
  name: string;
  /** Its text: parameters are arrays (or values common to the batch), rows carry `i`, the item's 1-based place. */
  text: string;
  /** The parameters for these items, in order. */
  values: (items: readonly Item[]) => unknown[];
  /** An item's answer from its rows (none when the statement found nothing for it). */
  answer: (rows: Row[], item: Item) => Answer;
  /** The most items in one statement; more wait for the next. 100 unless set. */
  maxItems?: number;
  /**
   * One statement in flight at a time: those asked meanwhile wait for it to end and then go together (a group
   * commit). For a write whose statement costs far more than each item in it (free-reports.ts: a transaction of
   * four round trips), so a busy moment makes fewer, larger statements instead of many small ones side by side
   * waiting for each other's row locks. Alone, an item still goes at the end of its turn.
   */
  oneInFlight?: boolean;
  /**
   * How the statement is run, when not by itself on the pool: a write that must first take something of its
   * own in the same transaction (free-reports.ts: the reports' Idempotency-Keys) runs it inside one.
   */
  run?: (pool: pg.Pool, query: pg.QueryConfig, items: readonly Item[]) => Promise<{ rows: Row[] }>;
}

interface Waiting<Item, Answer> {
  item: Item;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export class StatementBatcher<Item, Row extends { i: number | string }, Answer> {
  private waiting: Waiting<Item, Answer>[] = [];
  private scheduled = false;
  private inFlight = false;
  private readonly maxItems: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly statement: BatchedStatement<Item, Row, Answer>,
  ) {
    this.maxItems = statement.maxItems ?? 100;
  }

  /** The item's answer, from the statement that runs at the end of this turn (or once the one in flight ends). */
  ask(item: Item): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxItems) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    if (this.waiting.length === 0 || (this.statement.oneInFlight && this.inFlight)) return;
    const batch = this.waiting.splice(0, this.maxItems);
    this.inFlight = true;
    this.run(batch).then(
      (rows) => {
        // The next statement goes as soon as this one's rows are here, before its answers are handed out: the
        // database works on it while this process sends the replies (decision 109).
        this.ended();
        this.answer(batch, rows);
      },
      (error: unknown) => {
        this.ended();
        for (const waiting of batch) waiting.reject(error);
      },
    );
  }

  /** The statement in flight has ended: those that waited for it go now, together. */
  private ended(): void {
    this.inFlight = false;
    if (this.statement.oneInFlight && this.waiting.length > 0) this.flush();
  }

  private async run(batch: Waiting<Item, Answer>[]): Promise<Row[]> {
    const items = batch.map((waiting) => waiting.item);
    const query = {
      name: this.statement.name,
      text: this.statement.text,
      values: this.statement.values(items),
    };
    const { rows } = this.statement.run
      ? await this.statement.run(this.pool, query, items)
      : await this.pool.query<Row>(query);
    return rows;
  }

  private answer(batch: Waiting<Item, Answer>[], rows: Row[]): void {
    const byItem: Row[][] = batch.map(() => []);
    for (const row of rows) byItem[Number(row.i) - 1]?.push(row);
    batch.forEach((waiting, index) => {
      try {
        waiting.resolve(this.statement.answer(byItem[index] ?? [], waiting.item));
      } catch (error) {
        waiting.reject(error);
      }
    });
  }
}

/**
 * `statement` asked through one batcher per pool (made on first use): what a service calls with its pool and
 * one request's item.
 */
export function batchedStatement<Item, Row extends { i: number | string }, Answer>(
  statement: BatchedStatement<Item, Row, Answer>,
): (pool: pg.Pool, item: Item) => Promise<Answer> {
  const batchers = new WeakMap<pg.Pool, StatementBatcher<Item, Row, Answer>>();
  return (pool, item) => {
    let batcher = batchers.get(pool);
    if (!batcher) {
      batcher = new StatementBatcher(pool, statement);
      batchers.set(pool, batcher);
    }
    return batcher.ask(item);
  };
}
