import { vi } from 'vitest';

/**
 * How long a test waits for a condition before it fails (decision 055). The waits return as soon as the
 * condition holds, so a generous limit costs nothing when a test passes; the defaults (1 s for vi.waitFor and
 * Testing Library's findBy… and waitFor) are a render on an idle machine, and a busy one takes longer.
 */
export const WAIT_TIMEOUT = 10_000;

const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { ...options, timeout: options?.timeout ?? WAIT_TIMEOUT },
  )) as typeof vi.waitFor;
