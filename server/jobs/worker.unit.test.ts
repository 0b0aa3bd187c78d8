import type PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { startWorker } from './worker.ts';

describe('the job worker loop', () => {
  it('tells of a failed request for work and asks again, rather than going quiet', async () => {
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    let asked = 0;
    const boss = {
      fetch: async () => {
        asked += 1;
        if (asked <= 2) throw refused;
        return [];
      },
    } as unknown as PgBoss;
    const onFetchError = vi.fn();
    const worker = startWorker(boss, 'send-mail', {
      concurrency: 2,
      pollingIntervalMs: 5,
      run: async () => undefined,
      onFailure: () => undefined,
      onFetchError,
    });

    await vi.waitFor(() => expect(asked).toBeGreaterThanOrEqual(3));
    await worker.stop(1000);

    expect(onFetchError).toHaveBeenCalledTimes(2);
    expect(onFetchError).toHaveBeenCalledWith(refused);
  });

  it('stops within its time though a request for work never answers (a database killed mid-fetch)', async () => {
    let asked = false;
    const boss = {
      fetch: () => {
        asked = true;
        return new Promise<never>(() => {});
      },
    } as unknown as PgBoss;
    const worker = startWorker(boss, 'send-mail', {
      concurrency: 1,
      pollingIntervalMs: 5,
      run: async () => undefined,
      onFailure: () => undefined,
      onFetchError: () => undefined,
    });
    await vi.waitFor(() => expect(asked).toBe(true));
    const stopped = vi.fn();
    const stopping = worker.stop(50).then(stopped);
    await vi.waitFor(() => expect(stopped).toHaveBeenCalled(), { timeout: 2000 });
    await stopping;
  });
});
