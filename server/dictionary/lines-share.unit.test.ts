import { describe, expect, it } from 'vitest';
import type { BatchRows, LinesBatch } from './import-lines.ts';
import { type OneWork, together, WORKER_BATCHES_AHEAD } from './lines-off-thread.ts';

/** A line work whose batches are answered when the test says so, in the order it was given them. */
function heldWork(): OneWork & { given: number; answerNext(): void } {
  const held: (() => void)[] = [];
  return {
    given: 0,
    batch(): Promise<BatchRows> {
      this.given++;
      return new Promise((resolve) => held.push(() => resolve({} as BatchRows)));
    },
    answerNext() {
      held.shift()?.();
    },
    finish: async () => null,
    close: () => undefined,
  };
}

const aBatch = {} as LinesBatch;
/** Gives the line work its next batch, as the import's reading does; answers whose work took it. */
function giveNext(work: ReturnType<typeof together>): number {
  const chosen = work.next();
  void work.batch(chosen, aBatch);
  return chosen;
}
/** Lets the answers already given settle. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the batches shared between the import’s thread and its line workers', () => {
  it('go to a worker while it has fewer than two to do, and to the import’s own thread otherwise', async () => {
    expect(WORKER_BATCHES_AHEAD).toBe(2);
    const own = heldWork();
    const worker = heldWork();
    const work = together([own, worker]);
    expect([giveNext(work), giveNext(work), giveNext(work), giveNext(work)]).toEqual([1, 1, 0, 0]);
    worker.answerNext();
    await settled();
    expect([giveNext(work), giveNext(work)]).toEqual([1, 0]);
    worker.answerNext();
    worker.answerNext();
    await settled();
    expect([giveNext(work), giveNext(work), giveNext(work)]).toEqual([1, 1, 0]);
    expect([own.given, worker.given]).toEqual([4, 5]);
  });

  it('go to the worker with the fewest to do when there are several', async () => {
    const works = [heldWork(), heldWork(), heldWork()];
    const work = together(works);
    expect([1, 2, 3, 4, 5].map(() => giveNext(work))).toEqual([1, 2, 1, 2, 0]);
    works[2]?.answerNext();
    await settled();
    expect(giveNext(work)).toBe(2);
  });

  it('all go to the import’s own thread when it has no worker', () => {
    const work = together([heldWork()]);
    expect([giveNext(work), giveNext(work), giveNext(work)]).toEqual([0, 0, 0]);
  });
});
