// Housekeeping that every app server runs on a timer (the stalled-import sweep, the pruning of old report
// ids): each run is safe on several servers at once, so no job queue is needed to pick one.

/**
 * Runs `sweep` every `intervalMs` (the first time after one interval) until stopped, one run at a time; a
 * failure is reported and the next run tries again.
 */
export function everyInterval(
  sweep: () => Promise<unknown>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running; // a sweep in flight finishes before the pool it uses is closed
    },
  };
}
