import { vi } from 'vitest';
import { WAIT_TIMEOUT } from './wait-timeout.ts';

// vi.waitFor has no setting for its default limit (expect.poll's is in vitest.config.ts), so it is wrapped.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { ...options, timeout: options?.timeout ?? WAIT_TIMEOUT },
  )) as typeof vi.waitFor;
