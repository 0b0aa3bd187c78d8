import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { type BatchedStatement, StatementBatcher } from './batched.ts';

type Row = { i: number; doubled: number };

/** A pool stand-in that answers each item's number doubled (twice for an even one), counting statements. */
function fakePool(fail?: Error) {
  const statements: unknown[][] = [];
  const pool = {
    query: async ({ values }: { values: unknown[] }) => {
      statements.push(values);
      if (fail) throw fail;
      const numbers = values[0] as number[];
      const rows: Row[] = numbers.flatMap((n, index) =>
        n % 2 === 0
          ? [
              { i: index + 1, doubled: 2 * n },
              { i: index + 1, doubled: 2 * n },
            ]
          : [{ i: index + 1, doubled: 2 * n }],
      );
      return { rows: rows.reverse() }; // in any order: each row names its item
    },
  };
  return { pool: pool as unknown as pg.Pool, statements };
}

const DOUBLED: BatchedStatement<number, Row, number[]> = {
  name: 'doubled',
  text: 'SELECT …',
  values: (items) => [items],
  answer: (rows, item) => {
    if (item < 0) throw new Error(`no answer for ${item}`);
    return rows.map((row) => row.doubled);
  },
};

/** A pool whose statements each wait until the test lets them answer (`held[n]()`), in the order they were sent. */
function heldPool() {
  const statements: number[][] = [];
  const held: (() => void)[] = [];
  const pool = {
    query: ({ values }: { values: unknown[] }) => {
      const numbers = values[0] as number[];
      statements.push(numbers);
      return new Promise<{ rows: Row[] }>((resolve) =>
        held.push(() => resolve({ rows: numbers.map((n, index) => ({ i: index + 1, doubled: 2 * n })) })),
      );
    },
  } as unknown as pg.Pool;
  return { statements, held, pool };
}

describe('StatementBatcher', () => {
  it('asks the questions of one turn in one statement, each answered from its own rows', async () => {
    const { pool, statements } = fakePool();
    const batcher = new StatementBatcher(pool, DOUBLED);

    const answers = await Promise.all([1, 2, 3, 3].map((n) => batcher.ask(n)));

    expect(answers).toEqual([[2], [4, 4], [6], [6]]);
    expect(statements).toEqual([[[1, 2, 3, 3]]]);
  });

  it('fails only the item whose answer fails, and every item of a statement that fails', async () => {
    const { pool } = fakePool();
    const batcher = new StatementBatcher(pool, DOUBLED);
    const [bad, good] = await Promise.allSettled([batcher.ask(-1), batcher.ask(5)]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('no answer for -1') });
    expect(good).toEqual({ status: 'fulfilled', value: [10] });

    const failing = new StatementBatcher(fakePool(new Error('the database is not answering')).pool, DOUBLED);
    const settled = await Promise.allSettled([failing.ask(1), failing.ask(2)]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('sends a statement once it holds the most items, and the rest at the end of the turn', async () => {
    const { pool, statements } = fakePool();
    const batcher = new StatementBatcher(pool, { ...DOUBLED, maxItems: 2 });

    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.ask(n)));

    expect(statements).toEqual([[[1, 2]], [[3, 4]], [[5]]]);
  });

  it('asks a question of a later turn in a statement of its own', async () => {
    const { pool, statements } = fakePool();
    const batcher = new StatementBatcher(pool, DOUBLED);

    await batcher.ask(1);
    await batcher.ask(3);

    expect(statements).toEqual([[[1]], [[3]]]);
  });

  it('with one statement in flight, gathers what is asked meanwhile into the next, at most maxItems each', async () => {
    const { statements, held, pool } = heldPool();
    const batcher = new StatementBatcher(pool, { ...DOUBLED, maxItems: 3, oneInFlight: true });

    const first = batcher.ask(1);
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    // Asked while the first is in flight, over several turns: none is sent yet.
    const later = [batcher.ask(2), batcher.ask(3)];
    await new Promise((turn) => setImmediate(turn));
    later.push(batcher.ask(4), batcher.ask(5));
    await new Promise((turn) => setImmediate(turn));
    expect(statements).toEqual([[1]]);

    held[0]?.();
    expect(await first).toEqual([2]);
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    held[1]?.();
    await vi.waitFor(() => expect(statements).toHaveLength(3));
    held[2]?.();
    expect(await Promise.all(later)).toEqual([[4], [6], [8], [10]]);
    expect(statements).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('with one statement in flight, sends the next as soon as its rows arrive, before handing out its answers', async () => {
    const { statements, held, pool } = heldPool();
    const batcher = new StatementBatcher(pool, { ...DOUBLED, oneInFlight: true });

    const first = batcher.ask(1);
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    const second = batcher.ask(2);
    await new Promise((turn) => setImmediate(turn));
    // What the first's asker sees when its answer comes: the database already has the next statement.
    const sentWhenAnswered = first.then(() => statements.length);
    held[0]?.();
    expect(await sentWhenAnswered).toBe(2);
    held[1]?.();
    expect(await second).toEqual([4]);
  });
});
