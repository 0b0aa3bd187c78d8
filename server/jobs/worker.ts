import type PgBoss from 'pg-boss';

export interface WorkerOptions {
  /** How many jobs of the queue this server runs at the same time. */
  concurrency: number;
  /** How long an idle worker waits before it asks again for work queued by another server. */
  pollingIntervalMs: number;
  run(data: unknown, jobId: string): Promise<void>;
  /** Told of each failure before the job is handed back to pg-boss to retry. */
  onFailure(error: unknown, jobId: string): void;
  /** Told when asking for work fails (the database is away, say); the worker asks again at the next poll. */
  onFetchError(error: unknown): void;
}

export interface Worker {
  /** Looks for work now instead of at the next poll: work was just queued on this server. */
  wake(): void;
  /** Takes no more jobs and waits, at most `timeoutMs`, for those running to finish. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Runs up to `concurrency` jobs of one queue at a time. pg-boss 10's own worker runs one batch at a time and,
 * after each, waits out the rest of its polling interval even when more work is queued: one mail a second.
 * This loop fetches as many jobs as it has free slots, then sleeps until a slot frees or work is queued on this
 * server (`wake`), either of which makes it ask again at once, or until the polling interval passes.
 * Each job is completed or failed on its own, so one failing mail never retries the others.
 */
export function startWorker(boss: PgBoss, name: string, options: WorkerOptions): Worker {
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  const runOne = async (job: PgBoss.Job<unknown>) => {
    try {
      await options.run(job.data, job.id);
    } catch (error) {
      options.onFailure(error, job.id);
      // Should this fail too, pg-boss's supervisor fails the job when it expires, and it is retried then.
      await boss.fail(name, job.id, error as object).catch(() => undefined);
      return;
    }
    await boss.complete(name, job.id).catch(() => undefined); // likewise: at worst done again after expiry
  };

  const loop = async () => {
    while (!stopping) {
      woken = false;
      const free = options.concurrency - running.size;
      if (free > 0) {
        const jobs = await boss.fetch<unknown>(name, { batchSize: free }).catch((error: unknown) => {
          options.onFetchError(error);
          return [];
        });
        for (const job of jobs) {
          const done: Promise<void> = runOne(job).finally(() => {
            running.delete(done);
            wake();
          });
          running.add(done);
        }
      }
      if (stopping || woken) continue; // a slot freed, or work was queued here, while it fetched
      await new Promise<void>((resume) => {
        const timer = setTimeout(resume, options.pollingIntervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resume();
        };
      });
      wakeUp = undefined;
    }
  };
  const looping = loop();

  return {
    wake,
    async stop(timeoutMs) {
      stopping = true;
      wake();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resume) => {
        timer = setTimeout(resume, timeoutMs);
      });
      // The loop may be waiting on a fetch from a database that just died: that wait counts against the
      // timeout too, so that a stop never outlasts it (the server's whole stop has SHUTDOWN_TIMEOUT_MS).
      await Promise.race([looping.then(() => Promise.allSettled([...running])), timeout]);
      clearTimeout(timer);
    },
  };
}
