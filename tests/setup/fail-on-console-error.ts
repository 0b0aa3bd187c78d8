import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not assert on: fail the test that caused it.
const errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

export { spy as consoleErrorSpy };
