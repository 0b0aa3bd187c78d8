/**
 * How long a test waits for a condition before it fails (decision 061): vi.waitFor, expect.poll, and Testing
 * Library's findBy… and waitFor. The waits return as soon as the condition holds, so a generous limit costs
 * nothing when a test passes; their defaults (1 s) are a render on an idle machine, and a busy one takes
 * longer. Read by vitest.config.ts and the setup files alike, so it imports nothing.
 */
export const WAIT_TIMEOUT = 10_000;
