import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: time for a render on an idle machine, not on one busy
// with other work (decision 055). They return as soon as what they wait for is there, so a longer limit
// costs nothing when the test passes.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
